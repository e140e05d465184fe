import { readFileSync } from "node:fs";
import { PermissionFlagsBits } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";
import es from "../../../src/i18n/locales/es";
import { botPermissionTextKey } from "../../../src/i18n/keys";
import { docSections } from "../../../src/public-site/docs/content";
import { docSectionsEs } from "../../../src/public-site/docs/content.es";
import type { DocBlock, DocSection } from "../../../src/public-site/docs/schema";
import { faqGroups } from "../../../src/public-site/faq/data";
import {
  botInviteUrl,
  botPermissionBits,
  botPermissionKeys,
  botPermissions,
  missingPermissions,
  permissionsFor,
} from "../../../src/schemas/bot-permissions";

// Least privilege: the invite, the docs (English and Spanish), the FAQ and the README name exactly the permissions
// the bot declares (src/schemas/bot-permissions.ts), with why, and nothing tells an owner to grant Administrator.

const section = (sections: DocSection[], id: string) => {
  const all = sections.flatMap((s) => [s, ...(s.children ?? [])]);
  return all.find((s) => s.id === id)!;
};
const blocksOf = (s: DocSection): DocBlock[] => s.blocks.flatMap((b) => (b.type === "dropdown" ? [b, ...b.blocks] : [b]));
const textOf = (b: DocBlock) =>
  ("text" in b ? b.text : "") + ("title" in b && b.title ? b.title : "") + (b.type === "list" ? b.items.join(" ") : "");

describe("the declaration", () => {
  it("uses Discord's bits under Discord's names (discord-api-types), never Administrator", () => {
    for (const key of botPermissionKeys) expect(BigInt(botPermissions[key].bit), key).toBe(PermissionFlagsBits[key]);
    expect(BigInt(botPermissionBits) & PermissionFlagsBits.Administrator).toBe(0n);
    expect(permissionsFor("server")).toEqual(botPermissionKeys);
  });

  it("the invite asks for exactly those bits and, for one server, picks it", () => {
    const url = new URL(botInviteUrl("42", "812345678901234567"));
    expect(url.searchParams.get("permissions")).toBe(botPermissionBits);
    expect(url.searchParams.get("guild_id")).toBe("812345678901234567");
    expect(url.searchParams.get("disable_guild_select")).toBe("true");
    expect(missingPermissions(botPermissionBits)).toEqual([]);
    expect(missingPermissions("8")).toEqual([]);
    expect(missingPermissions((BigInt(botPermissionBits) & ~PermissionFlagsBits.ManageRoles).toString())).toEqual(["ManageRoles"]);
  });
});

describe("Inviting the bot lists each permission with why", () => {
  it("in English: one item per declared permission, its name and its reason", () => {
    const list = blocksOf(section(docSections, "inviting-the-bot")).find(
      (b) => b.type === "list" && !b.ordered && b.items.length === botPermissionKeys.length,
    );
    expect(list?.type === "list" && list.items).toEqual(
      botPermissionKeys.map((key) => `**${botPermissions[key].discordName}**: ${botPermissions[key].why}`),
    );
  });

  it("in Spanish: the same list in the Spanish of Discord's client", () => {
    const list = blocksOf(section(docSectionsEs, "inviting-the-bot")).find(
      (b) => b.type === "list" && !b.ordered && b.items.length === botPermissionKeys.length,
    );
    expect(list?.type === "list" && list.items).toEqual(
      botPermissionKeys.map((key) => `**${es[botPermissionTextKey(key, "name")]}**: ${es[botPermissionTextKey(key, "why")]}`),
    );
    expect(es["spec.botPermission.manageRoles.name"]).toBe("Gestionar roles");
  });

  it("warns to keep them ticked, keeps the inviter's Manage Server warning, and never asks for Administrator", () => {
    for (const [sections, keepTicked, manageServer, administrator] of [
      [
        docSections,
        "The bot needs these permissions; keep them ticked",
        "Manage Server permission required",
        /Administrator (permission|is required)|needs Administrator|Administrator\*\* permission ticked/,
      ],
      [
        docSectionsEs,
        "El bot necesita estos permisos; déjalos marcados",
        "Se necesita el permiso Gestionar servidor",
        /necesita (permisos de )?Administrador|permiso \*\*Administrador\*\*/,
      ],
    ] as const) {
      const notes = [section(sections, "quick-setup"), section(sections, "inviting-the-bot")]
        .flatMap(blocksOf)
        .filter((b) => b.type === "note");
      expect(notes.filter((n) => n.type === "note" && n.title === keepTicked)).toHaveLength(2);
      expect(notes.some((n) => n.type === "note" && n.title === manageServer)).toBe(true);
      const all = sections
        .flatMap((s) => [s, ...(s.children ?? [])])
        .flatMap(blocksOf)
        .map(textOf)
        .join("\n");
      expect(all).not.toMatch(administrator);
    }
    const quick = blocksOf(section(docSections, "quick-setup")).find((b) => b.type === "note" && b.variant === "warning");
    expect(quick && textOf(quick)).toContain(
      "View Channels, Manage Channels, Manage Roles, Send Messages, Embed Links, Attach Files, Read Message History, Create Private Threads, Send Messages in Threads, and Manage Threads",
    );
  });

  it("the FAQ names the same permissions", () => {
    const entry = faqGroups.flatMap((g) => g.entries).find((e) => e.question === "Which permissions does the bot need?");
    for (const key of botPermissionKeys) expect(entry?.answer).toContain(botPermissions[key].discordName);
  });
});

describe("README: Running the bot on Discord", () => {
  const readme = readFileSync("README.md", "utf8");
  const part = readme.slice(readme.indexOf("### Running the bot on Discord"), readme.indexOf("### Running on PostgreSQL"));

  it("names the Message Content intent, where to turn it on, and Discord's approval past 100 servers", () => {
    expect(part).toContain("**Bot** → *Privileged Gateway\n   Intents* → **Message Content Intent**");
    expect(part).toMatch(/past 100 servers the intent needs\s+Discord's approval/);
  });

  it("lists every declared permission with its reason, and no Administrator", () => {
    for (const key of botPermissionKeys) expect(part).toContain(`| ${botPermissions[key].discordName} | ${botPermissions[key].why} |`);
    expect(part).toContain("never Administrator");
  });
});
