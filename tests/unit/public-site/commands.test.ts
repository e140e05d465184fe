import { describe, expect, it } from "vitest";
import { formMessages } from "../../../src/schemas/messages";
import { botCommands, commandAccess, searchCommands } from "../../../src/public-site/commands/data";

const names = (query: string) => searchCommands(botCommands, query).map((c) => c.name);

describe("command reference", () => {
  it("lists /form {formId} with the dashboard's copy-command text", () => {
    const form = botCommands.find((c) => c.name === "/form")!;
    expect(form.usage).toBe(formMessages.command("{formId}"));
  });

  it("gives every command a description, a usage starting with its name and who may use it", () => {
    for (const command of botCommands) {
      expect(command.description.length).toBeGreaterThan(10);
      expect(command.usage.startsWith(command.name)).toBe(true);
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
    expect(names("{formid}")).toEqual(["/form"]);
    expect(names("transcript")).toContain("/transcript");
    expect(names("server managers")).toEqual(expect.arrayContaining(["/panel resend", "/settings"]));
  });

  it("requires every word of the query", () => {
    expect(names("close reason")).toEqual(["/close"]);
    expect(names("close nothing-like-this")).toEqual([]);
  });
});
