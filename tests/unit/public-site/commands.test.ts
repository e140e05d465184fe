import { describe, expect, it } from "vitest";
import { botCommands as registry } from "../../../src/schemas/command-list";
import { commandLabel, commandUsage } from "../../../src/schemas/commands";
import { botCommands, commandAccess, searchCommands } from "../../../src/public-site/commands/data";

const names = (query: string) => searchCommands(botCommands, query).map((c) => c.name);

describe("command reference", () => {
  it("lists exactly the commands the bot registers, with their usage (one registry)", () => {
    expect(botCommands.map((c) => [c.name, c.usage, c.access])).toEqual(
      registry.map((c) => [commandLabel(c), c.type === "message" ? `Apps → ${c.name}` : commandUsage(c), c.access]),
    );
    expect(botCommands.find((c) => c.name === "/form")!.usage).toBe("/form {form_id}");
    expect(botCommands.find((c) => c.name === "/close")!.usage).toBe("/close [reason] [details]");
  });

  it("gives every command a description, a usage naming it and who may use it", () => {
    for (const command of botCommands) {
      expect(command.description.length).toBeGreaterThan(10);
      // A slash command is typed as its usage begins; a message command is picked by name at the end of its path.
      expect(command.kind === "message" ? command.usage.endsWith(`→ ${command.name}`) : command.usage.startsWith(command.name)).toBe(true);
      expect(Object.keys(commandAccess)).toContain(command.access);
    }
    expect(new Set(botCommands.map((c) => c.name)).size).toBe(botCommands.length);
  });

  it("returns everything for an empty query", () => {
    expect(searchCommands(botCommands, "  ")).toHaveLength(botCommands.length);
  });

  it("matches names, descriptions, usage and access, case-insensitively", () => {
    expect(names("claim")).toEqual(expect.arrayContaining(["/claim", "/unclaim", "/transfer"]));
    expect(names("FORM")).toContain("/form");
    expect(names("{form_id}")).toEqual(["/form"]);
    expect(names("transcript")).toContain("/transcript");
    expect(names("server managers")).toEqual(expect.arrayContaining(["/panel resend", "/settings"]));
  });

  it("requires every word of the query", () => {
    expect(names("close reason")).toEqual(["/close", "/closerequest"]);
    expect(names("close nothing-like-this")).toEqual([]);
  });
});
