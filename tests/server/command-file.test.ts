import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationCommands } from "../../server/discord/application-commands";
import { CommandRegistry, loadCommands } from "../../server/discord/command-registry";
import { textsIn } from "../../server/discord/texts";
import { DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, type TestApp, bearer, createTestApp } from "./helpers";

// docs/ticket-engine.md ("Adding a command"), followed literally: one command file, /keepopen, in a folder of its own
// (tests/fixtures/commands/keep-open.ts) — its definition, its Spanish and its handler. Nothing else is written: the
// registry reads the file, the bot registers it with Discord (Bot setup expects it), and it runs through the same
// router as every command, in the server's language.

const G = DEMO_COMMUNITY_ID;
const SUPPORT_CHANNEL = "812345678901234714";
const en = textsIn("en");
const es = textsIn("es");
let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp({ commandFolders: [path.resolve(import.meta.dirname, "../fixtures/commands")] });
  owner = await t.signIn(DEMO_ADMIN_ID);
});
afterAll(async () => {
  await t?.close();
});

type Json = Record<string, any>;
const call = async (method: "GET" | "POST" | "PUT", url: string, payload?: unknown) => {
  const res = await t.app.inject({ method, url, headers: bearer(owner), ...(payload === undefined ? {} : { payload: payload as Json }) });
  return { status: res.statusCode, body: res.json() as Json };
};
const keepOpenIn = (channelId: string) =>
  call("POST", `/api/${G}/demo/interactions`, { kind: "command", channelId, name: "keepopen", options: {} });
const said = (res: { body: Json }) => (res.body.ephemeral as Json[]).map((m) => m.content);

describe("a command added by one file", () => {
  it("is registered with Discord, with its Spanish, and Bot setup expects it", async () => {
    const commands = t.app.discord.router.commands;
    expect(commands.labels()).toContain("/keepopen");
    expect(applicationCommands(commands.definitions()).find((c) => c.name === "keepopen")).toEqual({
      name: "keepopen",
      description: "Keep this ticket open: its silence starts again.",
      name_localizations: { "es-ES": "mantenerabierto" },
      description_localizations: { "es-ES": "Mantén abierto este ticket: su silencio empieza de nuevo." },
      type: 1,
      contexts: [0],
      options: [],
    });
    // The demo platform has what the bot registered: Bot setup finds every command there.
    expect((await t.app.platform.botSetupFacts(G)).commandNames).toContain("/keepopen");
    const setup = await call("GET", `/api/${G}/bot-setup`);
    expect(setup.status).toBe(200);
    expect((setup.body.problems as Json[]).filter((p) => p.kind === "commandsNotRegistered")).toEqual([]);
  });

  it("runs in a ticket's channel through the router, in the server's language, and only there", async () => {
    const panel = await t.db
      .selectFrom("panels")
      .selectAll()
      .where("guild_id", "=", G)
      .where("name", "=", "General Support")
      .executeTakeFirstOrThrow();
    const click = { kind: "button", channelId: SUPPORT_CHANNEL, messageId: panel.message_id, customId: `panel:${panel.id}` };
    const opened = await call("POST", `/api/${G}/demo/interactions`, click);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const ticket = await t.db
      .selectFrom("tickets")
      .selectAll()
      .where("guild_id", "=", G)
      .where("status", "=", "open")
      .orderBy("number", "desc")
      .executeTakeFirstOrThrow();

    const kept = await keepOpenIn(ticket.channel_id!);
    expect(kept.status).toBe(200);
    expect(said(kept)).toEqual([en.keptOpen]);
    const entry = await t.db.selectFrom("activity").selectAll().where("guild_id", "=", G).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: "Ticket Kept Open", user_id: DEMO_ADMIN_ID });
    const notice = await t.db
      .selectFrom("demo_messages")
      .select("content")
      .where("channel_id", "=", ticket.channel_id!)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(notice.content).toBe(en.keptOpenNotice(DEMO_ADMIN_ID));

    expect(said(await keepOpenIn(SUPPORT_CHANNEL))).toEqual([en.notATicket]);

    const settings = await call("GET", `/api/${G}/settings`);
    expect((await call("PUT", `/api/${G}/settings`, { BotLanguage: "es", Revision: settings.body.Revision })).status).toBe(200);
    try {
      expect(said(await keepOpenIn(ticket.channel_id!))).toEqual([es.keptOpen]);
    } finally {
      const now = await call("GET", `/api/${G}/settings`);
      await call("PUT", `/api/${G}/settings`, { BotLanguage: "auto", Revision: now.body.Revision });
    }
  });
});

describe("the registry", () => {
  it("refuses two files declaring one command, and a file that exports none", async () => {
    const all = (await loadCommands()).commands;
    const close = all.find((c) => c.name === "close")!;
    expect(() => new CommandRegistry([...all, { ...close, key: "closeAgain" }])).toThrow("Two command files declare the command /close");
    expect(() => new CommandRegistry([...all, { ...close, name: "shut" }])).toThrow("Two command files declare the key close");
    await expect(loadCommands([path.resolve(import.meta.dirname, "../fixtures")])).rejects.toThrow("does not export a command");
  });
});
