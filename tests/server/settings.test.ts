import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages, settingsMessages } from "../../src/schemas/messages";
import { ticketSettingsShape } from "../../src/schemas/settings";
import { settingsText } from "../../server/settings/service";
import { defaultSettings } from "../../server/settings/store";
import {
  DEMO_ADMIN_ID,
  DEMO_COMMUNITY_ID,
  DEMO_STAFF_ID,
  DEMO_VISITOR_ID,
  GAMING_HUB_ID,
  type TestApp,
  bearer,
  createTestApp,
} from "./helpers";

const SUPPORT_CHANNEL = "812345678901234714";
const GAMING_CHANNEL = "823456789012345714";
const SUPPORT_CATEGORY = "812345678901234702";

describe("ticket settings API", () => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let visitor: string;

  const call = (method: "GET" | "PUT", url: string, token?: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, payload: payload as never });
  const get = async (guildId = DEMO_COMMUNITY_ID) => (await call("GET", `/${guildId}/settings`, admin)).json();
  const put = (payload: unknown, token = admin, guildId = DEMO_COMMUNITY_ID) => call("PUT", `/${guildId}/settings`, token, payload);
  const storedRow = (guildId = DEMO_COMMUNITY_ID) =>
    t.db.selectFrom("guild_settings").selectAll().where("guild_id", "=", guildId).executeTakeFirst();
  const supportTeam = async () =>
    t.db
      .selectFrom("teams")
      .select(["id"])
      .where("guild_id", "=", DEMO_COMMUNITY_ID)
      .where("name", "=", "Support Team")
      .executeTakeFirstOrThrow();
  const setSupportPermissions = async (permissions: Record<string, boolean>) => {
    const team = await supportTeam();
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/${DEMO_COMMUNITY_ID}/teams/${team.id}/permissions`,
      headers: bearer(admin),
      payload: { Permissions: permissions },
    });
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp();
    [admin, staff, visitor] = await Promise.all([t.signIn(DEMO_ADMIN_ID), t.signIn(DEMO_STAFF_ID), t.signIn(DEMO_VISITOR_ID)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe("GET /{guildId}/settings", () => {
    it("answers every field with defaults for a guild that never saved, the text channels and revision 0", async () => {
      const res = await call("GET", `/${DEMO_COMMUNITY_ID}/settings`, admin);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      for (const key of Object.keys(ticketSettingsShape)) expect(body, key).toHaveProperty(key);
      expect(body).toMatchObject({
        UserTicketLimit: 1,
        StoreTranscripts: true,
        AutoCloseEnabled: false,
        ArchiveChannelId: null,
        Revision: 0,
      });
      expect(body).toEqual({ ...defaultSettings(), Channels: expect.any(Object), Revision: 0 });
      expect(body.Channels).toEqual({
        welcome: "812345678901234711",
        rules: "812345678901234712",
        general: "812345678901234713",
        support: SUPPORT_CHANNEL,
        "ticket-logs": "812345678901234715",
        transcripts: "812345678901234716",
      });
      // Categories are not text channels.
      expect(Object.values(body.Channels)).not.toContain(SUPPORT_CATEGORY);
      expect(await storedRow()).toBeUndefined();
    });

    it("refuses anonymous (401), a visitor (403) and staff without ViewSettings (403)", async () => {
      expect((await call("GET", `/${DEMO_COMMUNITY_ID}/settings`)).statusCode).toBe(401);
      const v = await call("GET", `/${DEMO_COMMUNITY_ID}/settings`, visitor);
      expect(v.statusCode).toBe(403);
      expect(v.json()).toEqual({ error: authMessages.accessDenied });
      expect((await call("GET", `/${DEMO_COMMUNITY_ID}/settings`, staff)).statusCode).toBe(403);
      expect((await call("GET", `/${GAMING_HUB_ID}/settings`, staff)).statusCode).toBe(403);
    });
  });

  describe("PUT /{guildId}/settings", () => {
    it("saves the given fields, keeps the others, bumps the revision and records before/after", async () => {
      const res = await put({
        UserTicketLimit: 3,
        AutoCloseEnabled: true,
        ArchiveChannelId: SUPPORT_CHANNEL,
        StoreTranscripts: false,
        Revision: 0,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: settingsMessages.updatedByServer, Revision: 1 });
      const body = await get();
      expect(body).toMatchObject({
        UserTicketLimit: 3,
        AutoCloseEnabled: true,
        ArchiveChannelId: SUPPORT_CHANNEL,
        StoreTranscripts: false,
        Revision: 1,
      });
      expect(body.EnableUserFeedback).toBe(true);
      const row = await storedRow();
      expect(row?.revision).toBe(1);
      expect(JSON.parse(row!.data_json)).toMatchObject({ UserTicketLimit: 3, StoreTranscripts: false });

      const entry = await t.db.selectFrom("activity").selectAll().orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ action: "Settings Updated", guild_id: DEMO_COMMUNITY_ID, user_id: DEMO_ADMIN_ID });
      expect(JSON.parse(entry.before_json!)).toEqual({
        UserTicketLimit: 1,
        AutoCloseEnabled: false,
        ArchiveChannelId: null,
        StoreTranscripts: true,
      });
      expect(JSON.parse(entry.after_json!)).toEqual({
        UserTicketLimit: 3,
        AutoCloseEnabled: true,
        ArchiveChannelId: SUPPORT_CHANNEL,
        StoreTranscripts: false,
      });
      // Another guild is untouched.
      expect((await get(GAMING_HUB_ID)).UserTicketLimit).toBe(1);
    });

    it("ignores null values (only non-null values count) and clears the archive channel with ''", async () => {
      const res = await put({ UserTicketLimit: null, CloseOnUserLeaveHours: null, Revision: 1 });
      expect(res.statusCode).toBe(200);
      expect(res.json().Revision).toBe(1); // nothing changed, nothing written
      expect((await get()).UserTicketLimit).toBe(3);
      const cleared = await put({ ArchiveChannelId: "", Revision: 1 });
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json().Revision).toBe(2);
      expect((await get()).ArchiveChannelId).toBeNull();
    });

    it("refuses a stale revision with 409 and the conflict message, storing nothing", async () => {
      const res = await put({ UserTicketLimit: 9, Revision: 1 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: settingsText.conflict });
      expect(res.json().error).toBe("These settings were changed by someone else. Reload to see the latest values.");
      expect((await get()).UserTicketLimit).toBe(3);
      expect((await storedRow())?.revision).toBe(2);
      // A revision from the future is just as stale.
      expect((await put({ UserTicketLimit: 9, Revision: 7 })).statusCode).toBe(409);
    });

    it("lets exactly one of two saves made on the same revision win", async () => {
      const { Revision } = await get();
      const [a, b] = await Promise.all([put({ UserTicketLimit: 4, Revision }), put({ UserTicketLimit: 5, Revision })]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const winner = a.statusCode === 200 ? 4 : 5;
      expect((await get()).UserTicketLimit).toBe(winner);
      expect((await get()).Revision).toBe(Revision + 1);
    });

    it("refuses out-of-range numbers, wrong types and a foreign archive channel with 400, storing nothing", async () => {
      const before = await storedRow();
      const { Revision } = await get();
      for (const [payload, message] of [
        [{ CloseOnUserLeaveHours: 24 }, "Hours must be at most 23"],
        [{ CloseOnUserLeaveMinutes: 60 }, "Minutes must be at most 59"],
        [{ SinceLastMessageDays: 24 }, "Days must be at most 23"],
        [{ SinceLastMessageHours: 24 }, "Hours must be at most 23"],
        [{ SinceLastMessageMinutes: 60 }, "Minutes must be at most 59"],
        [{ UserTicketLimit: -1 }, "User ticket limit must be at least 0"],
        [{ UserTicketLimit: 1.5 }, "User ticket limit must be a whole number"],
        [{ UserTicketLimit: "3" }, "User ticket limit must be a number"],
        [{ AutoCloseEnabled: "yes" }, ""],
        [{ ArchiveChannelId: "general" }, "Archive channel must be a channel id"],
        [{ ArchiveChannelId: GAMING_CHANNEL }, settingsText.archiveChannelUnknown],
        [{ ArchiveChannelId: SUPPORT_CATEGORY }, settingsText.archiveChannelUnknown],
        [{ Revision: -1 }, ""],
      ] as const) {
        const res = await put({ ...payload, ...("Revision" in payload ? {} : { Revision }) });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().error).toContain(message);
      }
      const malformed = await t.app.inject({
        method: "PUT",
        url: `/api/${DEMO_COMMUNITY_ID}/settings`,
        headers: { ...bearer(admin), "content-type": "application/json" },
        payload: "{not json",
      });
      expect(malformed.statusCode).toBe(400);
      expect((await put([1, 2])).statusCode).toBe(400);
      expect(await storedRow()).toEqual(before);
    });

    it("saves without a revision (a bot's blind write) and accepts the edge values", async () => {
      const res = await put({
        CloseOnUserLeaveHours: 23,
        CloseOnUserLeaveMinutes: 59,
        SinceLastMessageDays: 23,
        SinceLastMessageHours: 0,
        UserTicketLimit: 0,
      });
      expect(res.statusCode).toBe(200);
      expect(await get()).toMatchObject({
        CloseOnUserLeaveHours: 23,
        CloseOnUserLeaveMinutes: 59,
        SinceLastMessageDays: 23,
        UserTicketLimit: 0,
      });
    });

    it("refuses anonymous, visitor and staff without EditSettings; staff with it may save", async () => {
      const before = await storedRow();
      expect((await put({ UserTicketLimit: 8 }, "")).statusCode).toBe(401);
      expect((await put({ UserTicketLimit: 8 }, visitor)).statusCode).toBe(403);
      expect((await put({ UserTicketLimit: 8 }, staff)).statusCode).toBe(403);
      await setSupportPermissions({ ViewSettings: true });
      try {
        expect((await call("GET", `/${DEMO_COMMUNITY_ID}/settings`, staff)).statusCode).toBe(200);
        expect((await put({ UserTicketLimit: 8 }, staff)).statusCode).toBe(403);
        expect(await storedRow()).toEqual(before);
        await setSupportPermissions({ EditSettings: true });
        const res = await put({ UserTicketLimit: 8, Revision: before!.revision }, staff);
        expect(res.statusCode).toBe(200);
        expect((await get()).UserTicketLimit).toBe(8);
      } finally {
        await setSupportPermissions({ ViewSettings: false, EditSettings: false });
      }
    });
  });
});
