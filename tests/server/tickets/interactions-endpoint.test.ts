import { generateKeyPairSync, sign } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationCommands as commandsOf } from "../../../server/discord/application-commands";
import { botTexts } from "../../../server/discord/texts";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, bearer, createTestApp } from "../helpers";

/** The command files as Discord's application commands. */
const applicationCommands = () => commandsOf(t.app.discord.router.commands.definitions());

/** The tickets this suite opened (the demo seed's history is older: server/tickets/demo-history.ts). */
const suiteStart = Date.now();

// Discord's Interactions Endpoint URL (POST /api/interactions), signed with a test key pair the way Discord signs:
// Ed25519 over timestamp + raw body, the public key configured as DISCORD_PUBLIC_KEY. The engine behind it runs on
// the demo platform here, so a signed click opens a real (demo) ticket.

const { publicKey, privateKey } = generateKeyPairSync("ed25519");
const publicKeyHex = publicKey.export({ format: "der", type: "spki" }).subarray(-32).toString("hex");
const other = generateKeyPairSync("ed25519").privateKey;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DISCORD_PUBLIC_KEY: publicKeyHex } });
});
afterAll(async () => {
  await t?.close();
});

const now = () => String(Math.floor(Date.now() / 1000));
function signed(body: string, { key = privateKey, timestamp = now() } = {}) {
  const signature = sign(null, Buffer.from(timestamp + body), key).toString("hex");
  return { "x-signature-ed25519": signature, "x-signature-timestamp": timestamp, "content-type": "application/json" };
}
const post = (body: string, headers: Record<string, string>) =>
  t.app.inject({ method: "POST", url: "/api/interactions", headers, payload: body });

const member = {
  user: { id: DEMO_STAFF_ID, username: "Demo Staff", global_name: null, avatar: null, discriminator: "0" },
  roles: ["812345678901234603"],
  permissions: "0",
  nick: null,
};

describe("POST /api/interactions", () => {
  it("answers PING with PONG when the signature is Discord's", async () => {
    const body = JSON.stringify({ type: 1, id: "1", application_id: "1", token: "x", version: 1 });
    const res = await post(body, signed(body));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ type: 1 });
  });

  it("refuses a missing, forged, replayed-late or tampered signature with 401 and does nothing", async () => {
    const panel = await t.db
      .selectFrom("panels")
      .selectAll()
      .where("guild_id", "=", DEMO_COMMUNITY_ID)
      .where("name", "=", "General Support")
      .executeTakeFirstOrThrow();
    const body = JSON.stringify({
      type: 3,
      id: "2",
      application_id: "1",
      token: "x",
      version: 1,
      guild_id: DEMO_COMMUNITY_ID,
      channel: { id: "812345678901234714", type: 0 },
      member,
      data: { custom_id: `panel:${panel.id}`, component_type: 2 },
    });
    const cases: Record<string, string>[] = [
      { "content-type": "application/json" },
      signed(body, { key: other }),
      signed(body, { timestamp: String(Math.floor(Date.now() / 1000) - 3600) }),
      { ...signed(body), "x-signature-ed25519": "zz" },
    ];
    for (const headers of cases) expect((await post(body, headers)).statusCode).toBe(401);
    const tampered = signed(body);
    expect((await post(body.replace("Demo Staff", "Demo Stuff"), tampered)).statusCode).toBe(401);
    expect(await t.db.selectFrom("tickets").select("id").where("opened_at", ">=", suiteStart).execute()).toEqual([]);
  });

  it("a signed panel click opens a ticket and answers ephemerally in the same response", async () => {
    const panel = await t.db
      .selectFrom("panels")
      .selectAll()
      .where("guild_id", "=", DEMO_COMMUNITY_ID)
      .where("name", "=", "General Support")
      .executeTakeFirstOrThrow();
    const body = JSON.stringify({
      type: 3,
      id: "3",
      application_id: "1",
      token: "x",
      version: 1,
      guild_id: DEMO_COMMUNITY_ID,
      channel: { id: "812345678901234714", type: 0 },
      member,
      data: { custom_id: `panel:${panel.id}`, component_type: 2 },
    });
    const res = await post(body, signed(body));
    expect(res.statusCode).toBe(200);
    const ticket = await t.db.selectFrom("tickets").selectAll().where("opened_at", ">=", suiteStart).executeTakeFirstOrThrow();
    expect(res.json()).toEqual({
      type: 4,
      data: { content: botTexts.opened(ticket.channel_id!), allowed_mentions: { parse: [] }, flags: 64 },
    });
  });

  it("an unknown command and malformed JSON are answered, never a 500", async () => {
    const body = JSON.stringify({
      type: 2,
      id: "4",
      application_id: "1",
      token: "x",
      version: 1,
      guild_id: DEMO_COMMUNITY_ID,
      member,
      data: { name: "nope", type: 1 },
    });
    const res = await post(body, signed(body));
    expect(res.json()).toMatchObject({ type: 4, data: { content: botTexts.unknownCommand, flags: 64 } });
    const junk = "{not json";
    expect((await post(junk, signed(junk))).statusCode).toBe(400);
  });
});

describe("each interaction acts once", () => {
  it("the same signed click sent twice (even at once) opens one ticket; the repeat gets the first answer", async () => {
    await t.db.deleteFrom("tickets").execute();
    // No open-ticket limit: only the receipt keeps the repeat from opening a second ticket.
    const admin = await t.signIn(DEMO_ADMIN_ID);
    const current = await t.app.inject({ method: "GET", url: `/api/${DEMO_COMMUNITY_ID}/settings`, headers: bearer(admin) });
    const saved = await t.app.inject({
      method: "PUT",
      url: `/api/${DEMO_COMMUNITY_ID}/settings`,
      headers: bearer(admin),
      payload: { UserTicketLimit: 0, Revision: current.json().Revision },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const panel = await t.db
      .selectFrom("panels")
      .selectAll()
      .where("guild_id", "=", DEMO_COMMUNITY_ID)
      .where("name", "=", "General Support")
      .executeTakeFirstOrThrow();
    const body = JSON.stringify({
      type: 3,
      id: "900000000000000001",
      application_id: "1",
      token: "x",
      version: 1,
      guild_id: DEMO_COMMUNITY_ID,
      channel: { id: "812345678901234714", type: 0 },
      member,
      data: { custom_id: `panel:${panel.id}`, component_type: 2 },
    });
    const headers = signed(body);
    const [a, b] = await Promise.all([post(body, headers), post(body, headers)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rows = await t.db.selectFrom("tickets").selectAll().where("opened_at", ">=", suiteStart).execute();
    expect(rows).toHaveLength(1);
    const opened = { type: 4, data: { content: botTexts.opened(rows[0].channel_id!), allowed_mentions: { parse: [] }, flags: 64 } };
    // One of the two acted; the other answered while it ran (or with its answer): never a second ticket.
    expect([a.json(), b.json()]).toContainEqual(opened);
    const later = await post(body, signed(body));
    expect(later.json()).toEqual(opened);
    expect(await t.db.selectFrom("tickets").select("id").where("opened_at", ">=", suiteStart).execute()).toHaveLength(1);
  });
});

describe("autocomplete", () => {
  const autocomplete = (id: string, who: typeof member, name: string, option: string, channelId = "812345678901234713") =>
    JSON.stringify({
      type: 4,
      id,
      application_id: "1",
      token: "x",
      version: 1,
      guild_id: DEMO_COMMUNITY_ID,
      channel: { id: channelId, type: 0 },
      member: who,
      data: { id: "1", name, type: 1, options: [{ type: 3, name: option, value: "", focused: true }] },
    });

  it("answers choices (type 8) to a member who may use the command", async () => {
    const body = autocomplete("900000000000000010", member, "tag", "name");
    const res = await post(body, signed(body));
    const answer = res.json() as { type: number; data: { choices: { name: string }[] } };
    expect(answer.type).toBe(8);
    expect(answer.data.choices.length).toBeGreaterThan(0);
  });

  it("offers nothing to a member who may not use /tag, and still answers type 8", async () => {
    const visitor = { ...member, user: { ...member.user, id: "100000000000000003" }, roles: [] };
    const body = autocomplete("900000000000000011", visitor, "tag", "name");
    expect((await post(body, signed(body))).json()).toEqual({ type: 8, data: { choices: [] } });
  });

  it("an unknown command, a failure or a repeat answer type 8 with no choices — never a message or a deferral", async () => {
    const unknown = autocomplete("900000000000000012", member, "nope", "x");
    expect((await post(unknown, signed(unknown))).json()).toEqual({ type: 8, data: { choices: [] } });
    const reason = autocomplete("900000000000000013", member, "close", "reason");
    // Not in a ticket channel: nobody may close here.
    expect((await post(reason, signed(reason))).json()).toEqual({ type: 8, data: { choices: [] } });
    const config = t.config as { interactionDeferMs: number };
    const threshold = config.interactionDeferMs;
    config.interactionDeferMs = 0; // a command would be deferred at once; autocomplete never is
    try {
      const tag = autocomplete("900000000000000014", member, "tag", "name");
      expect((await post(tag, signed(tag))).json()).toMatchObject({ type: 8 });
    } finally {
      config.interactionDeferMs = threshold;
    }
  });
});

describe("the slash commands Discord registers", () => {
  it("are the command files', with /panel resend as a subcommand and autocomplete on /close, /tag and /move", () => {
    const commands = applicationCommands();
    expect(commands.map((c) => c.name).sort()).toEqual([
      "Open ticket about this message",
      "add",
      "claim",
      "close",
      "closerequest",
      "form",
      "help",
      "move",
      "mydata",
      "new",
      "note",
      "panel",
      "priority",
      "remove",
      "rename",
      "settings",
      "snooze",
      "stats",
      "tag",
      "ticket",
      "transcript",
      "transfer",
      "unclaim",
    ]);
    const panel = commands.find((c) => c.name === "panel")!;
    expect(panel.options).toMatchObject([
      { type: 1, name: "resend", options: [{ type: 4, name: "panel_id", required: true, min_value: 1 }] },
    ]);
    expect(commands.find((c) => c.name === "close")!.options).toMatchObject([
      { name: "reason", type: 3, required: false, autocomplete: true },
      { name: "details", type: 3, required: false, max_length: 1024, name_localizations: { "es-ES": "detalles" } },
    ]);
    expect(commands.find((c) => c.name === "tag")!.options).toMatchObject([{ name: "name", type: 3, required: true, autocomplete: true }]);
    expect(commands.find((c) => c.name === "move")!.options).toMatchObject([
      { name: "panel", type: 3, required: true, autocomplete: true },
    ]);
    for (const c of commands) expect(String(c.description).length).toBeLessThanOrEqual(100);
  });

  it("give every command, subcommand and option its es-ES description (and a message command its es-ES name)", () => {
    type Registered = {
      name: string;
      type: number;
      description?: string;
      name_localizations?: Record<string, string>;
      description_localizations?: Record<string, string>;
      options?: Registered[];
    };
    const missing: string[] = [];
    const visit = (item: Registered, path: string) => {
      const es = item.description_localizations?.["es-ES"];
      if (!es || es.length > 100 || es === item.description) missing.push(path);
      for (const o of item.options ?? []) visit(o, `${path} ${o.name}`);
    };
    for (const c of applicationCommands() as Registered[]) {
      if (c.type === 3) {
        if (!c.name_localizations?.["es-ES"]) missing.push(c.name);
      } else visit(c, `/${c.name}`);
    }
    expect(missing).toEqual([]);
    // The two the help desk added, as Discord shows them to a Spanish client.
    const byName = new Map((applicationCommands() as Registered[]).map((c) => [c.name, c]));
    expect(byName.get("note")).toMatchObject({
      name_localizations: { "es-ES": "nota" },
      description_localizations: { "es-ES": "Añade una nota privada del staff a este ticket (el miembro nunca la ve)." },
      options: [{ name: "text", name_localizations: { "es-ES": "texto" }, description_localizations: { "es-ES": "La nota" } }],
    });
    expect(byName.get("priority")).toMatchObject({
      name_localizations: { "es-ES": "prioridad" },
      description_localizations: { "es-ES": "Fija la prioridad de este ticket: low, normal, high o urgent." },
      options: [
        {
          name: "level",
          name_localizations: { "es-ES": "nivel" },
          description_localizations: { "es-ES": "low (baja), normal, high (alta) o urgent (urgente)" },
        },
      ],
    });
  });
});
