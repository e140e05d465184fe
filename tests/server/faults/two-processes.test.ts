import { generateKeyPairSync, sign } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { panelText } from "../../../server/panels/text";
import { DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID } from "../helpers";
import { authJson, faultDatabase, httpSignIn, type ServerProcess, startServerProcess, testDatabaseUrl } from "./process";

// Two API processes on one PostgreSQL (what a load-balanced deployment runs): a session made on one works on the
// other (and a logout on one ends it on both, also when both hold it in memory); a list both keep in memory shows a
// write made on either; concurrent edits of the same settings or the same panel, each naming
// the revision it read, never silently overwrite each other: exactly one save wins, the other gets 409 and says so.
// Only with PostgreSQL (TEST_DATABASE_URL): SQLite is one process's embedded file.

const g = DEMO_COMMUNITY_ID;
const SETTINGS_CONFLICT = "These settings were changed by someone else. Reload to see the latest values.";
const ROUNDS = 8;

describe.skipIf(!testDatabaseUrl)("two API processes on one PostgreSQL (runs only with TEST_DATABASE_URL)", () => {
  let db: Awaited<ReturnType<typeof faultDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    db = await faultDatabase();
    // Started together, as an orchestrator does: migrations and the first-start demo data must not trip each other.
    [a, b] = await Promise.all([startServerProcess(db.env, 60_000), startServerProcess(db.env, 60_000)]);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop();
  });

  it("shares sessions: made on one, valid on the other; logged out on one, gone on both", async () => {
    const token = await httpSignIn(a.baseUrl, DEMO_ADMIN_ID);
    const onB = await fetch(`${b.baseUrl}/api/guilds`, { headers: authJson(token) });
    expect(onB.status).toBe(200);
    expect(((await onB.json()) as { guilds: { id: string }[] }).guilds.map((x) => x.id)).toContain(g);

    const logout = await fetch(`${b.baseUrl}/api/api/auth/logout`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
    expect(logout.status).toBe(200);
    expect((await fetch(`${a.baseUrl}/api/guilds`, { headers: authJson(token) })).status).toBe(401);
  });

  it("session cache: a session in memory on both, logged out on one: refused there at once, on the other within the notification delay", async () => {
    const token = await httpSignIn(a.baseUrl, DEMO_ADMIN_ID);
    const guilds = (server: ServerProcess) => fetch(`${server.baseUrl}/api/guilds`, { headers: authJson(token) }).then((r) => r.status);
    // Both now hold the session in memory (server/auth/session-cache.ts).
    expect([await guilds(a), await guilds(b), await guilds(a), await guilds(b)]).toEqual([200, 200, 200, 200]);

    expect(
      (await fetch(`${a.baseUrl}/api/api/auth/logout`, { method: "POST", headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
    expect(await guilds(a)).toBe(401);
    const start = Date.now();
    while ((await guilds(b)) !== 401) {
      // The cache's TTL is 10 s: refused well before it, by the notification.
      expect(Date.now() - start, "B still accepts the revoked session").toBeLessThan(1000);
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(await guilds(a)).toBe(401);
  });

  it("response cache: a list kept on both, written on one: the writer reads it at once, the other within the notification delay", async () => {
    const token = await httpSignIn(a.baseUrl, DEMO_ADMIN_ID);
    const tagNames = async (server: ServerProcess) =>
      (
        (await (await fetch(`${server.baseUrl}/api/${g}/tags`, { headers: authJson(token) })).json()) as { tags: { TagName: string }[] }
      ).tags.map((x) => x.TagName);
    // Both now keep the list (server/http/support/response-cache.ts).
    for (const server of [a, b, a, b]) expect(await tagNames(server)).not.toContain("two-instances");
    const created = await fetch(`${a.baseUrl}/api/${g}/tags`, {
      method: "POST",
      headers: authJson(token),
      body: JSON.stringify({ TagName: "two-instances", Content: "x" }),
    });
    expect(created.status).toBe(201);
    expect(await tagNames(a)).toContain("two-instances");
    const start = Date.now();
    while (!(await tagNames(b)).includes("two-instances")) {
      // The cache's TTL is 10 s: seen well before it, by the notification.
      expect(Date.now() - start, "B still answers the list kept before the write").toBeLessThan(1000);
      await new Promise((r) => setTimeout(r, 10));
    }
  });

  it(
    `settings: of two saves naming the same Revision, one from each process, exactly one wins (${ROUNDS} rounds)`,
    { timeout: 60_000 },
    async () => {
      const token = await httpSignIn(a.baseUrl, DEMO_ADMIN_ID);
      for (let round = 0; round < ROUNDS; round++) {
        const current = (await (await fetch(`${a.baseUrl}/api/${g}/settings`, { headers: authJson(token) })).json()) as {
          Revision: number;
        };
        const put = (server: ServerProcess, limit: number) =>
          fetch(`${server.baseUrl}/api/${g}/settings`, {
            method: "PUT",
            headers: authJson(token),
            body: JSON.stringify({ UserTicketLimit: limit, Revision: current.Revision }),
          });
        const limits = [100 + round * 2, 101 + round * 2];
        const [ra, rb] = await Promise.all([put(a, limits[0]!), put(b, limits[1]!)]);
        const statuses = [ra.status, rb.status].sort();
        expect(statuses, `round ${round}`).toEqual([200, 409]);
        const loser = ra.status === 409 ? ra : rb;
        expect(await loser.json()).toEqual({ error: SETTINGS_CONFLICT });
        const winnerLimit = ra.status === 200 ? limits[0] : limits[1];
        const after = (await (await fetch(`${b.baseUrl}/api/${g}/settings`, { headers: authJson(token) })).json()) as {
          Revision: number;
          UserTicketLimit: number;
        };
        expect(after.UserTicketLimit).toBe(winnerLimit);
        expect(after.Revision).toBe(current.Revision + 1);
      }
      // One "Settings Updated" entry per winning save, none for the refused ones.
      const activity = (await (
        await fetch(`${a.baseUrl}/api/${g}/activity?page=1&per_page=100&action=${encodeURIComponent("Settings Updated")}`, {
          headers: authJson(token),
        })
      ).json()) as { total: number };
      expect(activity.total).toBe(ROUNDS);
    },
  );

  it(
    `panels: of two saves naming the same Revision, one from each process, exactly one wins (${ROUNDS} rounds)`,
    { timeout: 60_000 },
    async () => {
      const token = await httpSignIn(a.baseUrl, DEMO_ADMIN_ID);
      const list = (await (await fetch(`${a.baseUrl}/api/${g}/panels`, { headers: authJson(token) })).json()) as {
        panels: { SinglePanels: { PanelId: number; PanelName: string }[] };
      };
      const panelId = list.panels.SinglePanels[0]!.PanelId;
      for (let round = 0; round < ROUNDS; round++) {
        const { panel } = (await (await fetch(`${b.baseUrl}/api/${g}/panels/${panelId}`, { headers: authJson(token) })).json()) as {
          panel: { Revision: number; PanelMessage: { PanelTitle: string } } & Record<string, unknown>;
        };
        const put = (server: ServerProcess, title: string) =>
          fetch(`${server.baseUrl}/api/${g}/panels/${panelId}`, {
            method: "PUT",
            headers: authJson(token),
            body: JSON.stringify({ SinglePanel: { ...panel, PanelMessage: { ...panel.PanelMessage, PanelTitle: title } } }),
          });
        const titles = [`From A ${round}`, `From B ${round}`];
        const [ra, rb] = await Promise.all([put(a, titles[0]!), put(b, titles[1]!)]);
        expect([ra.status, rb.status].sort(), `round ${round}: ${await (ra.status === 200 ? rb : ra).clone().text()}`).toEqual([200, 409]);
        const loser = ra.status === 409 ? ra : rb;
        expect(await loser.json()).toEqual({ error: panelText.stale });
        const after = (await (await fetch(`${a.baseUrl}/api/${g}/panels/${panelId}`, { headers: authJson(token) })).json()) as {
          panel: { Revision: number; PanelMessage: { PanelTitle: string } };
        };
        expect(after.panel.PanelMessage.PanelTitle).toBe(ra.status === 200 ? titles[0] : titles[1]);
        expect(after.panel.Revision).toBe(panel.Revision + 1);
      }
    },
  );

  it(
    "the ticket engine: two clicks on two instances open one ticket; its event reaches a live stream on the other instance",
    { timeout: 60_000 },
    async () => {
      const staff = await httpSignIn(a.baseUrl, DEMO_STAFF_ID);
      const admin = await httpSignIn(b.baseUrl, DEMO_ADMIN_ID);
      const list = (await (await fetch(`${a.baseUrl}/api/${g}/panels`, { headers: authJson(admin) })).json()) as {
        panels: { SinglePanels: { PanelId: number; PanelName: string; MessageId: string | null }[] };
      };
      const panel = list.panels.SinglePanels.find((p) => p.PanelName === "General Support")!;
      const settings = (await (await fetch(`${a.baseUrl}/api/${g}/settings`, { headers: authJson(admin) })).json()) as { Revision: number };
      const limit = await fetch(`${a.baseUrl}/api/${g}/settings`, {
        method: "PUT",
        headers: authJson(admin),
        body: JSON.stringify({ UserTicketLimit: 1, Revision: settings.Revision }),
      });
      expect(limit.status).toBe(200);

      // A live stream on instance B, open before the clicks.
      const abort = new AbortController();
      const stream = await fetch(`${b.baseUrl}/api/${g}/tickets/events`, { headers: authJson(admin), signal: abort.signal });
      expect(stream.status).toBe(200);
      const reader = stream.body!.getReader();
      const decoder = new TextDecoder();
      let text = "";
      while (!text.includes("retry:")) text += decoder.decode((await reader.read()).value, { stream: true });

      const click = (server: ServerProcess) =>
        fetch(`${server.baseUrl}/api/${g}/demo/interactions`, {
          method: "POST",
          headers: authJson(staff),
          body: JSON.stringify({
            kind: "button",
            channelId: "812345678901234714",
            messageId: panel.MessageId,
            customId: `panel:${panel.PanelId}`,
          }),
        }).then((r) => r.json() as Promise<{ ephemeral: { content: string }[] }>);
      const replies = await Promise.all([click(a), click(b)]);
      const texts = replies.map((r) => r.ephemeral[0]?.content ?? "");
      expect(texts.filter((x) => x.startsWith("Your ticket is open"))).toHaveLength(1);
      expect(texts.filter((x) => x.startsWith("You already have 1 open ticket"))).toHaveLength(1);
      const open = (await (await fetch(`${a.baseUrl}/api/${g}/tickets`, { headers: authJson(admin) })).json()) as {
        tickets: { OpenerId: string; TicketId: number }[];
      };
      const mine = open.tickets.filter((x) => x.OpenerId === DEMO_STAFF_ID);
      expect(mine).toHaveLength(1);

      while (!text.includes(`"TicketId":${mine[0]!.TicketId}`)) text += decoder.decode((await reader.read()).value, { stream: true });
      expect(text).toContain('"type":"opened"');
      abort.abort();
    },
  );
});

describe.skipIf(!testDatabaseUrl)("two API processes share their rate limits on PostgreSQL (runs only with TEST_DATABASE_URL)", () => {
  let db: Awaited<ReturnType<typeof faultDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;
  const LIMIT = 6;

  beforeAll(async () => {
    db = await faultDatabase();
    [a, b] = await Promise.all([
      startServerProcess({ ...db.env, AUTH_RATE_LIMIT: String(LIMIT) }, 60_000),
      startServerProcess({ ...db.env, AUTH_RATE_LIMIT: String(LIMIT) }, 60_000),
    ]);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop();
  });

  it("the sign-in limit counts the requests of both instances: the one past the limit is refused wherever it lands", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await fetch(`${(i % 2 ? b : a).baseUrl}/api/api/auth/login`)).status);
    expect(statuses).toEqual(new Array(LIMIT).fill(200));
    const refused = await fetch(`${b.baseUrl}/api/api/auth/login`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await fetch(`${a.baseUrl}/api/api/auth/login`)).status).toBe(429);
  });
});

describe.skipIf(!testDatabaseUrl)("each Discord interaction acts once across instances (runs only with TEST_DATABASE_URL)", () => {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const publicKeyHex = publicKey.export({ format: "der", type: "spki" }).subarray(-32).toString("hex");
  let db: Awaited<ReturnType<typeof faultDatabase>>;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    db = await faultDatabase();
    [a, b] = await Promise.all([
      startServerProcess({ ...db.env, DISCORD_PUBLIC_KEY: publicKeyHex }, 60_000),
      startServerProcess({ ...db.env, DISCORD_PUBLIC_KEY: publicKeyHex }, 60_000),
    ]);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.drop();
  });

  it(
    "the same signed click reaching both instances at once opens one ticket, with no open-ticket limit to stop the second",
    { timeout: 60_000 },
    async () => {
      const admin = await httpSignIn(a.baseUrl, DEMO_ADMIN_ID);
      const settings = (await (await fetch(`${a.baseUrl}/api/${g}/settings`, { headers: authJson(admin) })).json()) as { Revision: number };
      const unlimited = await fetch(`${a.baseUrl}/api/${g}/settings`, {
        method: "PUT",
        headers: authJson(admin),
        body: JSON.stringify({ UserTicketLimit: 0, Revision: settings.Revision }),
      });
      expect(unlimited.status).toBe(200);
      const list = (await (await fetch(`${a.baseUrl}/api/${g}/panels`, { headers: authJson(admin) })).json()) as {
        panels: { SinglePanels: { PanelId: number; PanelName: string }[] };
      };
      const panel = list.panels.SinglePanels.find((p) => p.PanelName === "General Support")!;
      const body = JSON.stringify({
        type: 3,
        id: "990000000000000001",
        application_id: "1",
        token: "replayed",
        version: 1,
        guild_id: g,
        channel: { id: "812345678901234714", type: 0 },
        channel_id: "812345678901234714",
        member: {
          user: { id: DEMO_STAFF_ID, username: "Demo Staff", global_name: null, avatar: null, discriminator: "0" },
          roles: [],
          permissions: "0",
          nick: null,
        },
        data: { custom_id: `panel:${panel.PanelId}`, component_type: 2 },
      });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const headers = {
        "content-type": "application/json",
        "x-signature-timestamp": timestamp,
        "x-signature-ed25519": sign(null, Buffer.from(timestamp + body), privateKey).toString("hex"),
      };
      const answers = await Promise.all(
        [a, b, a, b].map((server) =>
          fetch(`${server.baseUrl}/api/interactions`, { method: "POST", headers, body }).then(
            (r) => r.json() as Promise<{ type: number; data: { content: string } }>,
          ),
        ),
      );
      expect(answers.filter((x) => x.data.content.startsWith("Your ticket is open"))).not.toHaveLength(0);
      const open = (await (await fetch(`${a.baseUrl}/api/${g}/tickets`, { headers: authJson(admin) })).json()) as {
        tickets: { OpenerId: string }[];
      };
      expect(open.tickets.filter((x) => x.OpenerId === DEMO_STAFF_ID)).toHaveLength(1);
    },
  );
});
