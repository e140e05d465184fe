// The bot under load (the Discord path): signed panel clicks to POST /api/interactions of the real server, with
// Discord's REST API stubbed at a fixed 50 ms latency per call; then the time to close a ticket of 1,000 messages
// (ten pages read, the transcript stored, the channel deleted, the answer sent). Prints numbers; the issue's
// budget is p99 < 500 ms for the clicks.
//   npx tsx bench/interactions.ts
//   BENCH_DATABASE_URL=postgres://… npx tsx bench/interactions.ts
//   BENCH_INTERACTIONS=fairness npx tsx bench/interactions.ts   # only one member spamming while other servers click
//   BENCH_INTERACTIONS=long-close npx tsx bench/interactions.ts # only the close of 5,000 messages beside /api/health
import { generateKeyPairSync, sign } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { singlePanelSchema } from "../src/schemas/panel";
import { loadConfig } from "../server/config";
import { createDatabase, migrateToLatest } from "../server/db/client";
import { singlePanelData } from "../server/panels/store";
import { type StubRequest, type StubResponse, startDiscordStub } from "../tests/server/discord-stub";
import { benchDatabase, ms, percentile, signIn, startServer } from "./lib";

const APP = "700000000000000888";
const G = "760000000000000901";
const CATEGORY = "760000000000000910";
const PANEL_CHANNEL = "760000000000000911";
const SUPPORT_ROLE = "760000000000000920";
const STAFF = "760000000000000930";
const LATENCY_MS = 50;

/** Discord as far as the engine uses it, in memory: guild, channels, messages, DMs, interaction webhooks. */
function discordInMemory() {
  let next = 900_000_000_000_000_000n;
  const snowflake = () => String(next++);
  const channels = new Map<string, { guildId: string | null; messages: { id: string; body: Record<string, unknown>; author: object }[] }>();
  channels.set(PANEL_CHANNEL, { guildId: G, messages: [] });
  const webhookEdits: { token: string; at: number; body: Record<string, unknown> }[] = [];
  const unknown = new Set<string>();
  const bot = { id: APP, username: "Ticketeer", global_name: null, bot: true };

  function routes(req: StubRequest): StubResponse | undefined {
    const body = req.body ? (JSON.parse(req.body) as Record<string, unknown>) : {};
    const { method, path } = req;
    if (method === "PUT" && path === `/applications/${APP}/commands`) return { json: [] };
    if (method === "GET" && path === `/guilds/${G}`) {
      return {
        json: {
          id: G,
          name: "Bench Guild",
          icon: null,
          owner_id: STAFF,
          roles: [
            { id: G, name: "@everyone", position: 0 },
            { id: SUPPORT_ROLE, name: "Support", position: 1 },
          ],
          emojis: [],
        },
      };
    }
    if (method === "GET" && path === `/guilds/${G}/channels`) {
      return {
        json: [
          { id: CATEGORY, name: "Tickets", type: 4, position: 0 },
          { id: PANEL_CHANNEL, name: "support", type: 0, position: 1, parent_id: null },
        ],
      };
    }
    let m = /^\/users\/(\d+)$/.exec(path);
    if (method === "GET" && m) return { json: { id: m[1], username: `user${m[1].slice(-4)}`, global_name: null, avatar: null } };
    m = /^\/guilds\/\d+\/members\/(\d+)$/.exec(path);
    if (method === "GET" && m) {
      return {
        json: {
          user: { id: m[1], username: `user${m[1].slice(-4)}`, global_name: null, avatar: null },
          roles: m[1] === STAFF ? [SUPPORT_ROLE] : [],
          nick: null,
        },
      };
    }
    if (method === "POST" && path === `/guilds/${G}/channels`) {
      const id = snowflake();
      channels.set(id, { guildId: G, messages: [] });
      return { status: 201, json: { id, type: 0, guild_id: G, name: body.name } };
    }
    if (method === "POST" && path === "/users/@me/channels") {
      const id = snowflake();
      channels.set(id, { guildId: null, messages: [] });
      return { json: { id, type: 1 } };
    }
    m = /^\/channels\/(\d+)\/messages$/.exec(path);
    if (m) {
      const channel = channels.get(m[1]);
      if (!channel) return { status: 404, json: { message: "Unknown Channel", code: 10003 } };
      if (method === "POST") {
        const message = { id: snowflake(), body, author: bot };
        channel.messages.push(message);
        return {
          json: {
            id: message.id,
            channel_id: m[1],
            author: bot,
            content: body.content ?? "",
            embeds: body.embeds ?? [],
            attachments: [],
            timestamp: new Date().toISOString(),
          },
        };
      }
      // Newest first, 100 at most, before a message id: Discord's paging.
      const before = req.query.get("before");
      const limit = Math.min(100, Number(req.query.get("limit") ?? 50));
      const list = [...channel.messages]
        .reverse()
        .filter((x) => !before || BigInt(x.id) < BigInt(before))
        .slice(0, limit);
      return {
        json: list.map((x) => ({
          id: x.id,
          channel_id: m![1],
          author: x.author,
          content: String(x.body.content ?? ""),
          embeds: [],
          attachments: [],
          timestamp: new Date().toISOString(),
        })),
      };
    }
    m = /^\/channels\/(\d+)$/.exec(path);
    if (m && (method === "PATCH" || method === "DELETE")) {
      if (!channels.has(m[1])) return { status: 404, json: { message: "Unknown Channel", code: 10003 } };
      if (method === "DELETE") channels.delete(m[1]);
      return { json: { id: m[1] } };
    }
    m = /^\/webhooks\/\d+\/([^/]+)\/messages\/@original$/.exec(path);
    if (m && method === "PATCH") {
      webhookEdits.push({ token: m[1], at: performance.now(), body });
      return { json: { id: snowflake() } };
    }
    unknown.add(`${method} ${path}`);
    return undefined;
  }

  /** A member's messages in a ticket channel, as if written in Discord. */
  function write(channelId: string, count: number) {
    const channel = channels.get(channelId)!;
    for (let i = 0; i < count; i++) {
      channel.messages.push({
        id: snowflake(),
        body: { content: `Message ${i} of the bench: what I tried, what happened, what I expected.` },
        author: { id: STAFF, username: "staffer", global_name: null },
      });
    }
  }
  return { routes, snowflake, channels, webhookEdits, unknown, write };
}

export async function measureInteractions(options: { databaseUrl?: string; clicks?: number; concurrency?: number; port?: number } = {}) {
  const clicks = options.clicks ?? 200;
  const concurrency = options.concurrency ?? 10;
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const publicKeyHex = publicKey.export({ format: "der", type: "spki" }).subarray(-32).toString("hex");
  const discord = discordInMemory();
  const stub = await startDiscordStub(discord.routes, { latencyMs: LATENCY_MS });
  const bench = await benchDatabase(options.databaseUrl);
  const dataDir = mkdtempSync(join(tmpdir(), "ticketeer-interactions-"));
  const env = {
    DISCORD_CLIENT_ID: APP,
    DISCORD_CLIENT_SECRET: "secret",
    DISCORD_BOT_TOKEN: "bot-token",
    DISCORD_PUBLIC_KEY: publicKeyHex,
    DISCORD_API_BASE: stub.base,
    ...bench.env,
  };

  // The guild's configuration: a support team with a role, and a panel without a form.
  const handle = createDatabase(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env }));
  await migrateToLatest(handle);
  const team = await handle.db
    .insertInto("teams")
    .values({ guild_id: G, name: "Support", permissions_json: JSON.stringify({ ViewTranscripts: true }), created_at: Date.now() })
    .returning("id")
    .executeTakeFirstOrThrow();
  await handle.db.insertInto("team_roles").values({ team_id: team.id, role_id: SUPPORT_ROLE, role_name: "Support" }).execute();
  const panel = singlePanelSchema.parse({
    PanelName: "Orders",
    TicketCategory: CATEGORY,
    SupportTeams: [String(team.id)],
    PanelMessage: { PanelChannel: PANEL_CHANNEL, PanelTitle: "Orders", PanelDescription: "Open a ticket about an order" },
    WelcomeMessage: { WelcomeTitle: "Welcome", WelcomeDescription: "We are on it" },
  });
  const panelId = (
    await handle.db
      .insertInto("panels")
      .values({
        guild_id: G,
        kind: "single",
        name: "Orders",
        form_id: null,
        team_id: team.id,
        data_json: JSON.stringify(singlePanelData(panel)),
        message_id: null,
        revision: 1,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  await handle.destroy();

  const server = await startServer(options.port ?? 3331, env, { dataDir });
  const label = options.databaseUrl ? "PostgreSQL" : "SQLite";
  try {
    const post = async (payload: Record<string, unknown>) => {
      const body = JSON.stringify({ id: discord.snowflake(), application_id: APP, version: 1, ...payload });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = sign(null, Buffer.from(timestamp + body), privateKey).toString("hex");
      const t0 = performance.now();
      const res = await fetch(`${server.baseUrl}/api/interactions`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-signature-ed25519": signature, "x-signature-timestamp": timestamp },
        body,
      });
      const answer = (await res.json()) as { type: number; data?: { content?: string } };
      if (res.status !== 200) throw new Error(`interaction answered ${res.status}: ${JSON.stringify(answer)}`);
      return { ms: performance.now() - t0, answer, t0 };
    };
    const click = (user: string, roles: string[], channelId: string, customId: string, token: string) =>
      post({
        type: 3,
        token,
        guild_id: G,
        channel: { id: channelId, type: 0 },
        channel_id: channelId,
        member: {
          user: { id: user, username: `user${user.slice(-4)}`, global_name: null, avatar: null, discriminator: "0" },
          roles,
          permissions: "0",
          nick: null,
        },
        message: { id: "1" },
        data: { custom_id: customId, component_type: 2 },
      });

    // Warm-up: one open (connections, caches, the guild look-up).
    await click("761000000000000000", [], PANEL_CHANNEL, `panel:${panelId}`, "warm");

    // Panel clicks, each by another member (no one reaches the open-ticket limit), `concurrency` at a time.
    const times: number[] = [];
    const sentAt = new Map<string, number>(); // deferred clicks: when they were sent
    const directMs: number[] = [];
    let deferred = 0;
    let issued = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (issued < clicks) {
          const n = issued++;
          const r = await click(String(761000000000000001n + BigInt(n)), [], PANEL_CHANNEL, `panel:${panelId}`, `open-${n}`);
          times.push(r.ms);
          if (r.answer.type === 5 || r.answer.type === 6) {
            deferred++;
            sentAt.set(`open-${n}`, r.t0);
          } else directMs.push(r.ms);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    // The deferred ones finish through the webhook; then count the ticket channels Discord holds (less the warm-up's).
    await waitFor(() => (discord.webhookEdits.filter((e) => e.token.startsWith("open-")).length >= deferred ? true : undefined));
    const opened = [...discord.channels.values()].filter((c) => c.guildId === G).length - 2;
    // When the member sees the result: the direct answer, or the webhook edit of a deferred one.
    const finals = [...directMs];
    for (const edit of discord.webhookEdits) {
      const t0 = sentAt.get(edit.token);
      if (t0 !== undefined) finals.push(edit.at - t0);
    }
    console.log(
      `\nInteractions (${label}, Discord stubbed at ${LATENCY_MS} ms a call): ${clicks} signed panel clicks, ${concurrency} at a time: ` +
        `p50 ${ms(percentile(times, 50))} ms, p99 ${ms(percentile(times, 99))} ms, max ${ms(Math.max(...times))} ms, ${(clicks / seconds).toFixed(1)} opens/s; ` +
        `${opened} tickets opened, ${deferred} answers deferred (budget p99 < 500 ms); ` +
        `the result on screen (direct answer or the deferred answer's edit): p50 ${ms(percentile(finals, 50))} ms, p99 ${ms(percentile(finals, 99))} ms`,
    );

    // Close a ticket of 1,000 messages: from the confirm click to the final answer (direct, or the deferred edit).
    const ticketChannel = [...discord.channels.entries()].find(([id, c]) => c.guildId === G && id !== PANEL_CHANNEL)![0];
    discord.write(ticketChannel, 1000);
    const number = ticketNumberOf(ticketChannel, discord);
    const close = await click(STAFF, [SUPPORT_ROLE], ticketChannel, `ticket:${number}:close-confirm`, "close-1000");
    let closeMs = close.ms;
    if (close.answer.type === 5 || close.answer.type === 6) {
      const edit = await waitFor(() => discord.webhookEdits.find((e) => e.token === "close-1000"));
      closeMs = edit.at - close.t0;
    }
    const pages = stub.calls.filter((c) => c.method === "GET" && c.path === `/channels/${ticketChannel}/messages`).length;
    const gone = !discord.channels.has(ticketChannel);
    console.log(
      `Close of a ticket of 1,000 messages (${label}): ${ms(closeMs)} ms to the answer (${pages} pages read at ${LATENCY_MS} ms each, channel ${gone ? "deleted" : "NOT deleted"}${close.answer.type === 4 ? ", answered directly" : ", answered deferred"})`,
    );
    if (discord.unknown.size) console.log(`  (the stub did not know: ${[...discord.unknown].join(", ")})`);
    return { p50: percentile(times, 50), p99: percentile(times, 99), closeMs };
  } finally {
    await server.stop();
    await stub.close();
    await bench.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * One member spamming while other servers click: the server runs with the limits a deployment
 * has by default (WRITE_RATE_LIMIT 300, the interaction limits), every request comes from one address as Discord's
 * do. One member of the bench guild sends /help as fast as `spamConcurrency` requests allow; meanwhile each of
 * `otherGuilds` other servers sends one /help every `clickEveryMs`, each by one of 50 members in turn. Reported: the other servers' success
 * rate (their command answered, not refused or failed) and what the spammer got.
 */
export async function measureInteractionFairness(
  options: {
    databaseUrl?: string;
    port?: number;
    seconds?: number;
    otherGuilds?: number;
    clickEveryMs?: number;
    spamConcurrency?: number;
  } = {},
) {
  const seconds = options.seconds ?? 10;
  const otherGuilds = options.otherGuilds ?? 5;
  const clickEveryMs = options.clickEveryMs ?? 250;
  const spamConcurrency = options.spamConcurrency ?? 8;
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const publicKeyHex = publicKey.export({ format: "der", type: "spki" }).subarray(-32).toString("hex");
  const discord = discordInMemory();
  const stub = await startDiscordStub(discord.routes, { latencyMs: LATENCY_MS });
  const bench = await benchDatabase(options.databaseUrl);
  const env = {
    DISCORD_CLIENT_ID: APP,
    DISCORD_CLIENT_SECRET: "secret",
    DISCORD_BOT_TOKEN: "bot-token",
    DISCORD_PUBLIC_KEY: publicKeyHex,
    DISCORD_API_BASE: stub.base,
    ...bench.env,
    // A deployment's defaults, not the benchmarks' "no limits".
    WRITE_RATE_LIMIT: "300",
    INTERACTION_RATE_LIMIT: "30",
    INTERACTION_GUILD_RATE_LIMIT: "600",
  };
  const server = await startServer(options.port ?? 3333, env);
  const label = options.databaseUrl ? "PostgreSQL" : "SQLite";
  const helpAnswer = (answer: { type?: number; data?: { content?: string } }) =>
    answer.type === 4 && (answer.data?.content ?? "").startsWith("Open a ticket with");
  try {
    const command = async (guildId: string, userId: string) => {
      const body = JSON.stringify({
        id: discord.snowflake(),
        application_id: APP,
        version: 1,
        type: 2,
        token: `t${discord.snowflake()}`,
        guild_id: guildId,
        channel: { id: PANEL_CHANNEL, type: 0 },
        channel_id: PANEL_CHANNEL,
        member: {
          user: { id: userId, username: `user${userId.slice(-4)}`, global_name: null, avatar: null, discriminator: "0" },
          roles: [],
          permissions: "0",
          nick: null,
        },
        data: { id: "1", name: "help", type: 1 },
      });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = sign(null, Buffer.from(timestamp + body), privateKey).toString("hex");
      const res = await fetch(`${server.baseUrl}/api/interactions`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-signature-ed25519": signature, "x-signature-timestamp": timestamp },
        body,
      });
      const answer = (await res.json().catch(() => ({}))) as { type?: number; data?: { content?: string } };
      return { status: res.status, answer };
    };
    const until = performance.now() + seconds * 1000;
    const spam = { sent: 0, answered: 0, slowDown: 0, refused: 0 };
    const others = { sent: 0, answered: 0, refused: 0 };
    const spammer = "762000000000000001";
    await Promise.all([
      ...Array.from({ length: spamConcurrency }, async () => {
        while (performance.now() < until) {
          const r = await command(G, spammer);
          spam.sent++;
          if (r.status !== 200) spam.refused++;
          else if (helpAnswer(r.answer)) spam.answered++;
          else spam.slowDown++;
        }
      }),
      ...Array.from({ length: otherGuilds }, async (_, i) => {
        const guildId = String(770000000000000001n + BigInt(i));
        let click = 0;
        while (performance.now() < until) {
          // Each click by another member of that server, as in a server where many members use the bot.
          const member = String(771000000000000001n + BigInt(i) * 1_000_000n + BigInt(click++ % 50));
          const r = await command(guildId, member);
          others.sent++;
          if (r.status === 200 && helpAnswer(r.answer)) others.answered++;
          else others.refused++;
          await new Promise((resolve) => setTimeout(resolve, clickEveryMs));
        }
      }),
    ]);
    const rate = (others.answered / Math.max(1, others.sent)) * 100;
    console.log(
      `\nOne member spamming while other servers click (${label}; default limits: WRITE_RATE_LIMIT 300, INTERACTION_RATE_LIMIT 30, INTERACTION_GUILD_RATE_LIMIT 600; ` +
        `${seconds} s, every request from one address as Discord's are): the other ${otherGuilds} servers' clicks answered ${others.answered} of ${others.sent} ` +
        `(success rate ${rate.toFixed(1)} %); the spammer sent ${spam.sent} (${(spam.sent / seconds).toFixed(0)}/s): ${spam.answered} answered, ` +
        `${spam.slowDown} told to slow down (ephemeral), ${spam.refused} refused with an HTTP error`,
    );
    return { othersSuccessRate: rate, others, spam };
  } finally {
    await server.stop();
    await stub.close();
    await bench.drop();
  }
}

/**
 * Closing a ticket of 5,000 messages while another client hits /api/health: on the demo platform,
 * the messages written through the Try-it API, then the close through the dashboard's API; reported: how long the
 * close took, and the health checks' latency while it ran (p50, p99, max) beside the same client's without it.
 */
export async function measureLongClose(options: { databaseUrl?: string; port?: number; messages?: number } = {}) {
  const count = options.messages ?? 5000;
  const bench = await benchDatabase(options.databaseUrl);
  const server = await startServer(options.port ?? 3334, { ...bench.env, TRANSCRIPT_QUOTA_MB: "4096" });
  const label = options.databaseUrl ? "PostgreSQL" : "SQLite";
  const g = "812345678901234567";
  try {
    const token = await signIn(server.baseUrl, "900000000000000001");
    const api = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${server.baseUrl}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json().catch(() => ({}))) as Record<string, any>;
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
      return json;
    };
    const settings = await api("GET", `/${g}/settings`);
    await api("PUT", `/${g}/settings`, {
      UserTicketLimit: 0,
      TicketCloseConfirmation: false,
      EnableUserFeedback: false,
      Revision: settings.Revision,
    });
    const panels = await api("GET", `/${g}/panels`);
    const panel = panels.panels.SinglePanels.find((p: { PanelName: string }) => p.PanelName === "General Support");
    const support = (await api("GET", `/${g}/demo/channels`)).channels.find((c: { name: string }) => c.name === "support");
    const panelMessage = (await api("GET", `/${g}/demo/channels/${support.id}/messages`)).messages.find((m: { components: unknown[] }) =>
      JSON.stringify(m.components).includes(`panel:${panel.PanelId}`),
    );
    // Messages of a real ticket: words that vary (the word index), a few hundred characters each.
    const words = [
      "order",
      "refund",
      "invoice",
      "shipping",
      "tracking",
      "account",
      "password",
      "billing",
      "update",
      "thanks",
      "error",
      "screenshot",
      "payment",
      "delivery",
    ];
    const longTicket = async () => {
      await api("POST", `/${g}/demo/interactions`, {
        kind: "button",
        channelId: support.id,
        messageId: panelMessage.id,
        customId: `panel:${panel.PanelId}`,
      });
      const ticket = (await api("GET", `/${g}/tickets`)).tickets[0] as { TicketId: number; ChannelId: string };
      let written = 0;
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (written < count) {
            const i = written++;
            const text = Array.from({ length: 40 }, (_, k) => `${words[(i * 7 + k * 3) % words.length]}${(i * 31 + k) % 997}`).join(" ");
            await api("POST", `/${g}/demo/channels/${ticket.ChannelId}/messages`, { content: `Message ${i}: ${text}` });
          }
        }),
      );
      return ticket;
    };
    // First a close with nothing else going on: what the close itself takes.
    const alone = await longTicket();
    const a0 = performance.now();
    await api("POST", `/${g}/tickets/${alone.TicketId}/close`, { reason: "Bench" });
    const aloneMs = performance.now() - a0;
    const ticket = await longTicket();

    // Health checks, one at a time, as a load balancer's probe (or any other client) would send them.
    const probe = async (stop: () => boolean) => {
      const times: number[] = [];
      while (!stop()) {
        const t0 = performance.now();
        await fetch(`${server.baseUrl}/api/health`).then((r) => r.arrayBuffer());
        times.push(performance.now() - t0);
      }
      return times;
    };
    let baselineDone = false;
    const baselineRun = probe(() => baselineDone);
    await new Promise((r) => setTimeout(r, 2000));
    baselineDone = true;
    const baseline = await baselineRun;

    let closing = true;
    const during = probe(() => !closing);
    const t0 = performance.now();
    const closed = await api("POST", `/${g}/tickets/${ticket.TicketId}/close`, { reason: "Bench" });
    const closeMs = performance.now() - t0;
    closing = false;
    const times = await during;
    const stored = await api("GET", `/${g}/transcripts?ticket_id=${ticket.TicketId}`);
    console.log(
      `\nClose of a ticket of ${count.toLocaleString("en")} messages on the demo platform (${label}): ${ms(aloneMs)} ms alone; while another client hits /api/health: ` +
        `close ${ms(closeMs)} ms (${closed.message}; transcript ${stored.total === 1 ? "stored" : "NOT stored"}); ` +
        `/api/health during it: ${times.length} requests, p50 ${ms(percentile(times, 50))} ms, p99 ${ms(percentile(times, 99))} ms, max ${ms(Math.max(...times))} ms ` +
        `(without a close: p99 ${ms(percentile(baseline, 99))} ms, max ${ms(Math.max(...baseline))} ms; target p99 < 50 ms)`,
    );
    return { aloneMs, closeMs, p99: percentile(times, 99), max: Math.max(...times) };
  } finally {
    await server.stop();
    await bench.drop();
  }
}

/** The ticket number of a channel: the welcome message's Close button names it (ticket:{n}:close). */
function ticketNumberOf(channelId: string, discord: ReturnType<typeof discordInMemory>): number {
  const welcome = discord.channels.get(channelId)!.messages[0];
  const match = /ticket:(\d+):close/.exec(JSON.stringify(welcome.body.components ?? []));
  if (!match) throw new Error("no Close button in the welcome message");
  return Number(match[1]);
}

async function waitFor<T>(find: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() > until) throw new Error("timed out waiting for the deferred answer");
    await new Promise((r) => setTimeout(r, 5));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // BENCH_INTERACTIONS=fairness: only the spamming member's section.
  const only = process.env.BENCH_INTERACTIONS;
  if (!only) await measureInteractions({ databaseUrl: process.env.BENCH_DATABASE_URL });
  if (!only || only === "fairness") await measureInteractionFairness({ databaseUrl: process.env.BENCH_DATABASE_URL });
  if (!only || only === "long-close") await measureLongClose({ databaseUrl: process.env.BENCH_DATABASE_URL });
}
