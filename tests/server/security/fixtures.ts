import { randomBytes } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { sql } from "kysely";
import { expect } from "vitest";
import { z } from "zod";
import { closeReasonsSpec } from "../../../src/schemas/close-reason";
import type { ResourceSpec } from "../../../src/schemas/resource-spec";
import { type TeamPermission, teamPermissionKeys } from "../../../src/schemas/team";
import { serverResources } from "../../../server/resources/registry";
import type { RouteTableEntry } from "../../../server/http/support/route-table";
import {
  DEMO_ADMIN_ID,
  DEMO_COMMUNITY_ID,
  DEMO_STAFF_ID,
  DEMO_VISITOR_ID,
  GAMING_HUB_ID,
  type TestApp,
  bearer,
  testDatabaseUrl,
} from "../helpers";

// Shared by the security suites: the routes of the app's route table, sample requests keyed by route (so a
// success status can be asserted), placeholder parameters resolved from the seeded data, the Support Team's
// permissions, and a snapshot of every stored row.

export const G = DEMO_COMMUNITY_ID;
export const SUPPORT_CHANNEL = "812345678901234714";
export const VIP_ROLE = "812345678901234604";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD";

export const routeKey = (r: Pick<RouteTableEntry, "method" | "path">) => `${r.method} ${r.path}`;

/** The API routes to test: under /api, one entry per method (HEAD mirrors GET and is checked separately). */
export const apiRoutesOf = (table: RouteTableEntry[]) => table.filter((r) => r.path.startsWith("/api/") && r.method !== "HEAD");

/**
 * Public routes, reviewed one by one: anything else under /api must require a session. With the status an
 * anonymous request (no body, no cookie) gets.
 */
export const publicRoutes: Record<string, number> = {
  "GET /api/ping": 200,
  "GET /api/health": 200,
  "GET /api/stats": 200,
  "GET /api/api/auth/login": 200,
  "GET /api/api/auth/demo": 200,
  "POST /api/api/auth/demo": 400, // no state: refused
  "GET /api/api/auth/callback": 404, // demo mode: there is no OAuth callback
  "POST /api/api/auth/exchange": 400, // no code: refused (with a code, only the sign-in's own browser gets a session)
  "GET /api/openapi.json": 200, // the API's description, no data
  "GET /api/reference": 200,
  "POST /api/interactions": 401, // Discord's endpoint: without Discord's signature nothing happens
};

/** Guild routes authenticated with the guild's bot key (`Authorization: Bot <key>`), not with a session. */
export const botKeyRoutes = new Set(["POST /api/:guildId/transcripts"]);

/** Guild routes any member with access to the guild may call (guard() without a permission), reviewed. */
export const guildRoutesWithoutPermission = new Set([
  "GET /api/guilds/:guildId",
  "GET /api/:guildId/permissions",
  // Preset close reasons: staff closing tickets need them, and they are no secret (changing them needs EditSettings).
  "GET /api/:guildId/close-reasons",
  // Ticket labels: staff labelling tickets need them (changing them needs EditSettings).
  "GET /api/:guildId/labels",
  // The Try-it view (demo platform only): any member plays the Discord client; the engine checks every step.
  "GET /api/:guildId/demo/channels",
  "GET /api/:guildId/demo/channels/:channelId/messages",
  "POST /api/:guildId/demo/channels/:channelId/messages",
  "POST /api/:guildId/demo/interactions",
  // The server's demo clock (how far "Skip ahead" moved it): no secret; skipping it is for managers only.
  "GET /api/:guildId/demo/clock",
  // The member's events: only of the tickets whose channel they see (server/try-it/channels.ts, eventFor).
  "GET /api/:guildId/demo/events",
  // Saved views: the list a view is of names the permission, checked in the route (the list route's own).
  "GET /api/:guildId/views",
  "POST /api/:guildId/views",
  "PATCH /api/:guildId/views/:viewId",
  "DELETE /api/:guildId/views/:viewId",
]);

/**
 * The routes of "My tickets": any signed-in user, on their own ticket only — checked in the route (still a member, the
 * server allows it, they opened it), not by guard(): the member has no access to the server's dashboard. Each with a
 * ticket of Demo Visitor's (setup), the visitor's status on it; everyone else gets 404 there.
 */
export const ownTicketRoutes: Record<string, { setup: (ctx: Ctx) => Promise<Record<string, string>>; body?: Json; status: number }> = {
  "GET /api/my-tickets/:guildId/:ticketId/messages": {
    setup: async (ctx) => ({ ticketId: String(await createOpenTicketWithChannel(ctx)) }),
    status: 200,
  },
  "POST /api/my-tickets/:guildId/:ticketId/messages": {
    setup: async (ctx) => ({ ticketId: String(await createOpenTicketWithChannel(ctx)) }),
    body: { content: "Any news?" },
    status: 200,
  },
  "GET /api/my-tickets/:guildId/:ticketId/transcript": {
    setup: async (ctx) => ({ ticketId: String(await createClosedVisitorTicket(ctx)) }),
    status: 200,
  },
};

/** A closed ticket of Demo Visitor's with its transcript. */
async function createClosedVisitorTicket(ctx: Ctx): Promise<number> {
  const number = await createOpenTicket(ctx);
  await ctx.t.db
    .updateTable("tickets")
    .set({ status: "closed", closed_at: Date.now() })
    .where("guild_id", "=", G)
    .where("number", "=", number)
    .execute();
  await ctx.t.db
    .updateTable("guild_ticket_counters")
    .set({ last_number: number })
    .where("guild_id", "=", G)
    .where("last_number", "<", number)
    .execute();
  const body = { ...transcriptBody(), TicketId: number, AuthorId: "900000000000000003", AuthorUsername: "Demo Visitor" };
  await ctx.t.app.transcripts.ingest(G, body as never, { id: "0", username: "Bot key", avatar: null, ip: "127.0.0.1" });
  return number;
}

export const isWrite = (method: string) => method === "POST" || method === "PUT" || method === "PATCH" || method === "DELETE";

export interface Ctx {
  t: TestApp;
  /** Demo Admin (owner of Demo Community and Gaming Hub). */
  owner: string;
  supportTeamId: string;
  inject(
    method: string,
    url: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
  /** A name nobody used yet. */
  unique(prefix: string): string;
  /** Sets the Support Team's permissions through the API (as the owner): exactly `held` are true. */
  setSupportPermissions(held: readonly TeamPermission[]): Promise<void>;
  /** Placeholder path parameters resolved from the seeded data ("1" for a parameter nobody knows yet). */
  placeholders(): Promise<Record<string, string>>;
}

let counter = 0;

let ticketNumbers = 500_000;
/** An open ticket row (no panel, no channel): what the tickets API acts on. */
export async function createOpenTicket(ctx: Ctx, claimedBy: string | null = null): Promise<number> {
  const number = ++ticketNumbers;
  const now = Date.now();
  await ctx.t.db
    .insertInto("tickets")
    .values({
      guild_id: G,
      number,
      panel_id: null,
      panel_name: "Unknown",
      opener_id: "900000000000000003",
      opener_name: "Demo Visitor",
      subject: null,
      status: "open",
      channel_id: null,
      claimed_by: claimedBy,
      claimed_by_name: claimedBy ? "Demo Staff" : null,
      form_answers_json: null,
      opened_at: now,
      last_activity_at: now,
      first_response_at: null,
      closed_at: null,
      closed_by: null,
      closed_by_name: null,
      close_reason: null,
      rating: null,
      response_ms: null,
      resolution_ms: null,
    })
    .execute();
  return number;
}

/** An open ticket with a demo channel (the help desk's reply and rename act on the channel). */
export async function createOpenTicketWithChannel(ctx: Ctx): Promise<number> {
  const number = await createOpenTicket(ctx);
  const channelId = await ctx.t.app.platform.createTicketChannel(G, { name: `ticket-${number}`, parentId: null, overwrites: [] });
  await ctx.t.db.updateTable("tickets").set({ channel_id: channelId }).where("guild_id", "=", G).where("number", "=", number).execute();
  return number;
}

export async function createLabel(ctx: Ctx): Promise<string> {
  const body = await okJson(await ctx.inject("POST", `/api/${G}/labels`, { token: ctx.owner, body: { Name: ctx.unique("label") } }), 201);
  return String(body.label.LabelId);
}

const viewState = { filters: { Color: "#5865F2" }, sort: { field: "Name", order: "desc" }, hide: ["Color"] };

/** Who a sample request is made by (the access matrix's success cells). */
export type DemoCaller = "owner" | "staff" | "visitor";

/**
 * A saved view of the labels (a list any access to the server reads: the matrix's "any guild access" holds for it),
 * the caller's own (a view is only its owner's to change).
 */
export async function createView(ctx: Ctx, caller: DemoCaller = "owner"): Promise<string> {
  const userId = { owner: DEMO_ADMIN_ID, staff: DEMO_STAFF_ID, visitor: DEMO_VISITOR_ID }[caller];
  const now = Date.now();
  const row = await ctx.t.db
    .insertInto("saved_views")
    .values({
      guild_id: G,
      user_id: userId,
      list: "labels",
      name: ctx.unique("view"),
      state_json: JSON.stringify(viewState),
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return String(row.id);
}

export async function createContext(t: TestApp): Promise<Ctx> {
  const owner = await t.signIn(DEMO_ADMIN_ID);
  const team = await t.db
    .selectFrom("teams")
    .select("id")
    .where("guild_id", "=", G)
    .where("name", "=", "Support Team")
    .executeTakeFirstOrThrow();
  const ctx: Ctx = {
    t,
    owner,
    supportTeamId: String(team.id),
    inject(method, url, options = {}) {
      const headers: Record<string, string> = { ...(options.token ? bearer(options.token) : {}), ...options.headers };
      if (options.body === undefined) return t.app.inject({ method: method as Method, url, headers });
      return t.app.inject({
        method: method as Method,
        url,
        headers: { "content-type": "application/json", ...headers },
        payload: typeof options.body === "string" ? options.body : JSON.stringify(options.body),
      });
    },
    unique: (prefix) => `${prefix} ${Date.now().toString(36)}${(counter++).toString(36)}`,
    async setSupportPermissions(held) {
      const Permissions = Object.fromEntries(teamPermissionKeys.map((k) => [k, held.includes(k)]));
      const res = await ctx.inject("PUT", `/api/${G}/teams/${ctx.supportTeamId}/permissions`, { token: owner, body: { Permissions } });
      expect(res.statusCode, res.body).toBe(200);
    },
    async placeholders() {
      const db = t.db;
      const tag = await db.selectFrom("tags").select("id").where("guild_id", "=", G).orderBy("created_at").executeTakeFirst();
      const panel = await db
        .selectFrom("panels")
        .select("id")
        .where("guild_id", "=", G)
        .where("kind", "=", "single")
        .orderBy("id")
        .executeTakeFirst();
      const form = await db.selectFrom("forms").select("id").where("guild_id", "=", G).orderBy("id").executeTakeFirst();
      const field = form
        ? await db.selectFrom("form_fields").select("id").where("form_id", "=", form.id).orderBy("position").executeTakeFirst()
        : undefined;
      const entry = await db.selectFrom("blacklist").select("id").where("guild_id", "=", G).orderBy("id").executeTakeFirst();
      const transcript = await db.selectFrom("transcripts").select("ticket_id").where("guild_id", "=", G).orderBy("id").executeTakeFirst();
      return {
        guildId: G,
        tagId: tag?.id ?? "00000000-0000-4000-8000-000000000000",
        teamId: ctx.supportTeamId,
        panelId: String(panel?.id ?? 1),
        formId: String(form?.id ?? 1),
        fieldId: String(field?.id ?? 1),
        entryId: String(entry?.id ?? 1),
        // The transcript view is addressed by its ticket number.
        transcriptId: String(transcript?.ticket_id ?? 1),
      };
    },
  };
  return ctx;
}

/** The path with its parameters filled in (unknown ones become "1"). */
export const fillPath = (path: string, params: Record<string, string>) =>
  path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => encodeURIComponent(params[name] ?? "1"));

// ---- sample requests: a valid request per route, to assert the exact success status ----

export interface Sample {
  /**
   * Path parameters of a valid request (may create what the request acts on; called once per request). `caller`: who
   * makes it, for what only its owner may touch (a saved view); the owner when not said.
   */
  setup?: (ctx: Ctx, caller?: DemoCaller) => Promise<Record<string, string>>;
  /** A valid body. */
  body?: (ctx: Ctx) => Json;
  /** A valid body that needs requests to build (used instead of `body`). */
  bodyAsync?: (ctx: Ctx) => Promise<Json>;
  /** Extra headers (e.g. the bot key), computed when the request is made. */
  headers?: (ctx: Ctx) => Promise<Record<string, string>>;
  /** The status of the valid request. */
  status: number;
  /** The request ends the caller's session (logout): it is made with a fresh session of the same user. */
  endsSession?: boolean;
  /** Valid bodies using every field (the hostile-body suite mutates them); default: `body`. */
  fullBodies?: (ctx: Ctx) => Promise<Json[]>;
}

const okJson = async (res: LightMyRequestResponse, status: number) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as Record<string, any>;
};

const panelBody = (name: string) => ({
  PanelName: name,
  PanelMessage: { PanelChannel: SUPPORT_CHANNEL, PanelTitle: "Need help?", ButtonText: "Open", ButtonEmoji: "🎫" },
  WelcomeMessage: { WelcomeDescription: "Tell us what happened." },
});

export async function createTag(ctx: Ctx): Promise<string> {
  const body = await okJson(
    await ctx.inject("POST", `/api/${G}/tags`, { token: ctx.owner, body: { TagName: ctx.unique("tag"), Content: "x" } }),
    201,
  );
  return body.tag.TagId;
}

export async function createTeam(ctx: Ctx, roles: string[] = []): Promise<string> {
  const body = await okJson(
    await ctx.inject("POST", `/api/${G}/teams`, { token: ctx.owner, body: { team_name: ctx.unique("team"), roles } }),
    200,
  );
  return body.team.TeamId;
}

export async function createPanel(ctx: Ctx): Promise<string> {
  const body = await okJson(
    await ctx.inject("POST", `/api/${G}/panels`, { token: ctx.owner, body: { SinglePanel: panelBody(ctx.unique("panel")) } }),
    201,
  );
  return String(body.PanelId);
}

export async function createForm(ctx: Ctx): Promise<{ formId: string; fieldIds: string[] }> {
  const body = await okJson(
    await ctx.inject("POST", `/api/${G}/forms`, {
      token: ctx.owner,
      body: { FormName: ctx.unique("form"), fields: [{ Label: "First" }, { Label: "Second" }] },
    }),
    201,
  );
  return { formId: String(body.form.FormId), fieldIds: body.form.Fields.map((f: { FieldId: number }) => String(f.FieldId)) };
}

export const randomSnowflake = () =>
  `9${BigInt(`0x${randomBytes(7).toString("hex")}`)
    .toString()
    .padStart(17, "0")
    .slice(0, 17)}`;

export async function createBlacklistEntry(ctx: Ctx): Promise<string> {
  const body = await okJson(
    await ctx.inject("POST", `/api/${G}/blacklist`, {
      token: ctx.owner,
      body: { Kind: "User", TargetId: randomSnowflake(), Reason: "test" },
    }),
    201,
  );
  return String(body.entry.EntryId);
}

/**
 * A valid value of a JSON schema (of a spec's input): text unique per request within its limits, a snowflake where
 * the pattern asks for digits, the first choice of an enum, the smallest number, false.
 */
function sampleValue(ctx: Ctx, name: string, schema: Record<string, unknown>): Json {
  if (Array.isArray(schema.enum)) return schema.enum[0] as Json;
  if (schema.const !== undefined) return schema.const as Json;
  switch (schema.type) {
    case "string": {
      if (typeof schema.pattern === "string" && schema.pattern.includes("\\d")) return randomSnowflake();
      const max = typeof schema.maxLength === "number" ? schema.maxLength : 100;
      return ctx.unique(name.toLowerCase()).slice(-max);
    }
    case "integer":
    case "number":
      return typeof schema.minimum === "number" ? schema.minimum : 0;
    case "boolean":
      return false;
    default:
      return null;
  }
}

/** A valid body for a spec's input, every field filled in. */
function sampleBody(ctx: Ctx, spec: ResourceSpec): Json {
  const json = z.toJSONSchema(spec.input, { io: "input", unrepresentable: "any", metadata: z.registry() }) as {
    properties: Record<string, Record<string, unknown>>;
  };
  return Object.fromEntries(Object.entries(json.properties).map(([field, schema]) => [field, sampleValue(ctx, field, schema)]));
}

/** Creates a record of a spec'd collection; its id as the path carries it. */
export async function createRecordOf(ctx: Ctx, spec: ResourceSpec): Promise<string> {
  const body = await okJson(await ctx.inject("POST", `/api/${G}/${spec.name}`, { token: ctx.owner, body: sampleBody(ctx, spec) }), 201);
  return String(body[spec.api.oneKey][spec.key.field]);
}

export const createCloseReason = (ctx: Ctx) => createRecordOf(ctx, closeReasonsSpec as unknown as ResourceSpec);

/**
 * The sample requests of every spec'd collection of the shared registry whose server adds no hooks (a hooked one,
 * like the blacklist, checks its bodies against the platform: its samples are written below by hand).
 */
function specSamples(): Record<string, Sample> {
  const out: Record<string, Sample> = {};
  for (const resource of serverResources.filter((r) => !r.hooks.check)) {
    const spec = resource.spec;
    const id = `${spec.key.field[0].toLowerCase()}${spec.key.field.slice(1)}`;
    const base = `/api/:guildId/${spec.name}`;
    const setup = async (ctx: Ctx) => ({ [id]: await createRecordOf(ctx, spec) });
    out[`GET ${base}`] = { status: 200 };
    out[`POST ${base}`] = { status: 201, body: (ctx) => sampleBody(ctx, spec) };
    out[`PUT ${base}/:${id}`] = { status: 200, setup, body: (ctx) => sampleBody(ctx, spec) };
    out[`DELETE ${base}/:${id}`] = { status: 200, setup };
  }
  return out;
}

export async function exportOf(ctx: Ctx, guildId: string): Promise<Json> {
  return okJson(await ctx.inject("GET", `/api/${guildId}/config/export`, { token: ctx.owner }), 200);
}

export async function createBotKey(ctx: Ctx, guildId = G): Promise<string> {
  const body = await okJson(await ctx.inject("POST", `/api/${guildId}/bot-key`, { token: ctx.owner }), 201);
  return body.key;
}

let ticket = 100_000 + Math.floor(Math.random() * 100_000);
export const transcriptBody = (messages: Json[] = [{ author: "Someone", content: "Hello", timestamp: 1_700_000_000_000 }]) => ({
  TicketId: ticket++,
  AuthorId: "812345678901234999",
  AuthorUsername: "Someone",
  CloseReason: "Solved",
  PanelId: null,
  Rating: 5,
  ClosedAt: 1_700_000_100_000,
  messages,
});

const seededForm = async (ctx: Ctx) =>
  (await ctx.t.db.selectFrom("forms").select("id").where("guild_id", "=", G).orderBy("id").executeTakeFirstOrThrow()).id;

/** A single panel with every field set, naming the guild's form, team, role, category and emoji. */
export const fullPanelBody = async (ctx: Ctx): Promise<Json> => ({
  PanelName: ctx.unique("full panel"),
  NamingScheme: "ticket-%id%",
  MentionRoleId: VIP_ROLE,
  SupportTeams: [ctx.supportTeamId],
  TicketCategory: "812345678901234702",
  FormId: await seededForm(ctx),
  PanelMessage: {
    PanelChannel: SUPPORT_CHANNEL,
    PanelTitle: "Need help?",
    PanelTitleURL: "https://example.com/help",
    PanelDescription: "Open a ticket **now**",
    PanelContent: "Hello",
    PanelFooter: "Footer",
    PanelFooterIconURL: "https://example.com/f.png",
    PanelAuthor: "Author",
    PanelAuthorIconURL: "https://example.com/a.png",
    PanelAuthorURL: "https://example.com/a",
    PanelImageURL: "https://example.com/i.png",
    PanelThumbnailURL: "https://example.com/t.png",
    PanelColor: "#112233",
    PanelFields: [{ FieldName: "Hours", FieldValue: "9-5", Inline: true }],
    ButtonText: "Open",
    ButtonEmoji: "812345678901234801",
    ButtonColor: "Primary",
    DisablePanel: false,
  },
  WelcomeMessage: {
    WelcomeTitle: "Welcome",
    WelcomeTitleURL: "https://example.com/w",
    WelcomeDescription: "Tell us more",
    WelcomeContent: "Hi",
    WelcomeFooter: "Thanks",
    WelcomeFooterIconURL: "https://example.com/wf.png",
    WelcomeAuthor: "Support",
    WelcomeAuthorIconURL: "https://example.com/wa.png",
    WelcomeAuthorURL: "https://example.com/wa",
    WelcomeImageURL: "https://example.com/wi.png",
    WelcomeThumbnailURL: "https://example.com/wt.png",
    WelcomeColor: "#445566",
  },
});

export const fullMultiPanelBody = async (ctx: Ctx): Promise<Json> => ({
  PanelChannelId: SUPPORT_CHANNEL,
  Panels: [await createPanel(ctx), await createPanel(ctx)],
  DropdownMenu: true,
  DropdownMenuPlaceholder: "Pick one",
  PanelTitle: "Topics",
  PanelTitleURL: "https://example.com",
  PanelDescription: "Choose",
  PanelContent: "Hello",
  PanelAuthor: "Author",
  PanelAuthorIconURL: "https://example.com/a.png",
  PanelAuthorURL: "https://example.com/a",
  PanelImageURL: "https://example.com/i.png",
  PanelThumbnailURL: "https://example.com/t.png",
  PanelFooter: "Footer",
  PanelFooterIconURL: "https://example.com/f.png",
  PanelColor: "#778899",
  PanelFields: [{ FieldName: "A", FieldValue: "B", Inline: false }],
});

const fullField = (extra: Record<string, Json> = {}): Json => ({
  Label: "Question",
  Placeholder: "Answer here",
  Style: "Paragraph",
  Required: true,
  MinLength: 2,
  MaxLength: 300,
  Position: 0,
  ...extra,
});

const fullSettings = (): Json => ({
  UserTicketLimit: 3,
  AllowUserTicketClose: false,
  EnableUserFeedback: true,
  TicketCloseConfirmation: false,
  TranscriptsPanelPermission: true,
  SupportRepsViewTickets: true,
  SupportRepsTypeInTickets: false,
  AutoCloseEnabled: true,
  CloseOnUserLeave: true,
  ArchiveChannelId: "812345678901234716",
  CloseOnUserLeaveHours: 2,
  CloseOnUserLeaveMinutes: 30,
  SinceLastMessageDays: 1,
  SinceLastMessageHours: 2,
  SinceLastMessageMinutes: 3,
  StoreTranscripts: true,
});

export const samples: Record<string, Sample> = {
  "GET /api/api/auth/user": { status: 200 },
  "POST /api/api/auth/logout": { status: 200, endsSession: true },
  "GET /api/guilds": { status: 200 },
  "GET /api/guilds/:guildId": { status: 200 },
  "GET /api/:guildId/permissions": { status: 200 },

  // Tags, close reasons and every other spec'd collection without server hooks: generated from their specs below.
  ...specSamples(),

  "GET /api/:guildId/activity": { status: 200 },
  "GET /api/:guildId/activity/actions": { status: 200 },
  "GET /api/:guildId/activity.csv": { status: 200 },

  "GET /api/:guildId/settings": { status: 200 },
  "GET /api/:guildId/bot-setup": { status: 200 },
  "PUT /api/:guildId/settings": {
    status: 200,
    body: () => ({ UserTicketLimit: 1 + (counter++ % 5) }),
    fullBodies: async () => [fullSettings(), { ...(fullSettings() as Record<string, Json>), ArchiveChannelId: "" }],
  },

  "GET /api/:guildId/teams": { status: 200 },
  "POST /api/:guildId/teams": {
    status: 200,
    body: (ctx) => ({ team_name: ctx.unique("team"), roles: [] }),
    fullBodies: async (ctx) => [{ team_name: ctx.unique("team"), roles: [VIP_ROLE, "812345678901234602"] }],
  },
  "DELETE /api/:guildId/teams/:teamId": { status: 200, setup: async (ctx) => ({ teamId: await createTeam(ctx) }) },
  "POST /api/:guildId/teams/:teamId/roles": {
    status: 200,
    setup: async (ctx) => ({ teamId: await createTeam(ctx) }),
    body: () => ({ RoleId: VIP_ROLE }),
  },
  "DELETE /api/:guildId/teams/:teamId/roles": {
    status: 200,
    setup: async (ctx) => ({ teamId: await createTeam(ctx, [VIP_ROLE]) }),
    body: () => ({ RoleId: VIP_ROLE }),
  },
  "PUT /api/:guildId/teams/:teamId/permissions": {
    status: 200,
    setup: async (ctx) => ({ teamId: await createTeam(ctx) }),
    body: () => ({ Permissions: { ViewTag: false } }),
    fullBodies: async () => [{ Permissions: Object.fromEntries(teamPermissionKeys.map((k, i) => [k, i % 2 === 0])) }],
  },

  "GET /api/:guildId/panel-properties": { status: 200 },
  "GET /api/:guildId/panels": { status: 200 },
  "GET /api/:guildId/panels/:panelId": { status: 200, setup: async (ctx) => ({ panelId: await createPanel(ctx) }) },
  "POST /api/:guildId/panels": {
    status: 201,
    body: (ctx) => ({ SinglePanel: panelBody(ctx.unique("panel")) }),
    fullBodies: async (ctx): Promise<Json[]> => [{ SinglePanel: await fullPanelBody(ctx) }, { MultiPanel: await fullMultiPanelBody(ctx) }],
  },
  "PUT /api/:guildId/panels/:panelId": {
    status: 200,
    setup: async (ctx) => ({ panelId: await createPanel(ctx) }),
    body: (ctx) => ({ SinglePanel: panelBody(ctx.unique("panel")) }),
    fullBodies: async (ctx) => [{ SinglePanel: { ...((await fullPanelBody(ctx)) as Record<string, Json>), Revision: 1 } }],
  },
  "DELETE /api/:guildId/panels/:panelId": { status: 200, setup: async (ctx) => ({ panelId: await createPanel(ctx) }) },
  "POST /api/:guildId/panels/:panelId/resend": { status: 200, setup: async (ctx) => ({ panelId: await createPanel(ctx) }) },

  "GET /api/:guildId/forms": { status: 200 },
  "GET /api/:guildId/forms/:formId": { status: 200, setup: async (ctx) => ({ formId: (await createForm(ctx)).formId }) },
  "POST /api/:guildId/forms": {
    status: 201,
    body: (ctx) => ({ FormName: ctx.unique("form"), fields: [{ Label: "Question" }] }),
    fullBodies: async (ctx) => [
      { FormName: ctx.unique("form"), fields: [fullField(), fullField({ Label: "Second", Style: "Short", Position: 1 })] },
    ],
  },
  "PUT /api/:guildId/forms/:formId": {
    status: 200,
    setup: async (ctx) => ({ formId: (await createForm(ctx)).formId }),
    body: (ctx) => ({
      FormName: ctx.unique("form"),
      fields: [{ Label: "Only question", Style: "Paragraph", Required: true, MinLength: 1, MaxLength: 200 }],
    }),
    fullBodies: async (ctx) => [
      { FormName: ctx.unique("form"), fields: [fullField({ FieldId: -1 }), fullField({ FieldId: 1, Label: "Kept?" })] },
    ],
  },
  "PATCH /api/:guildId/forms/:formId": {
    status: 200,
    setup: async (ctx) => ({ formId: (await createForm(ctx)).formId }),
    body: (ctx) => ({ FormName: ctx.unique("form") }),
  },
  "DELETE /api/:guildId/forms/:formId": { status: 200, setup: async (ctx) => ({ formId: (await createForm(ctx)).formId }) },
  "POST /api/:guildId/forms/:formId/fields": {
    status: 201,
    setup: async (ctx) => ({ formId: (await createForm(ctx)).formId }),
    body: () => ({ Label: "Another question", Placeholder: "", Style: "Short", Required: false, MinLength: 0, MaxLength: 100 }),
    fullBodies: async () => [fullField({ FieldId: 5 })],
  },
  "PATCH /api/:guildId/forms/:formId/fields/:fieldId": {
    status: 200,
    setup: async (ctx) => {
      const { formId, fieldIds } = await createForm(ctx);
      return { formId, fieldId: fieldIds[0] };
    },
    body: () => ({ Label: "Renamed question", Required: true }),
    fullBodies: async () => [{ Label: "Renamed", Placeholder: "p", Style: "Dropdown", Required: false, MinLength: 1, MaxLength: 10 }],
  },
  "PATCH /api/:guildId/forms/:formId/fields/:fieldId/position": {
    status: 200,
    setup: async (ctx) => {
      const { formId, fieldIds } = await createForm(ctx);
      return { formId, fieldId: fieldIds[0] };
    },
    body: () => ({ NewPosition: 1 }),
  },
  "DELETE /api/:guildId/forms/:formId/fields/:fieldId": {
    status: 200,
    setup: async (ctx) => {
      const { formId, fieldIds } = await createForm(ctx);
      return { formId, fieldId: fieldIds[0] };
    },
  },

  "GET /api/:guildId/blacklist": { status: 200 },
  "POST /api/:guildId/blacklist": { status: 201, body: () => ({ Kind: "User", TargetId: randomSnowflake(), Reason: "Spam" }) },
  "PUT /api/:guildId/blacklist/:entryId": {
    status: 200,
    setup: async (ctx) => ({ entryId: await createBlacklistEntry(ctx) }),
    body: () => ({ Kind: "User", TargetId: randomSnowflake(), Reason: "Changed" }),
  },
  "DELETE /api/:guildId/blacklist/:entryId": { status: 200, setup: async (ctx) => ({ entryId: await createBlacklistEntry(ctx) }) },

  // Tickets: an open ticket of no panel (its staff: any team) without a channel, made for each request.
  "POST /api/:guildId/tickets/:ticketId/claim": { status: 200, setup: async (ctx) => ({ ticketId: String(await createOpenTicket(ctx)) }) },
  "POST /api/:guildId/tickets/:ticketId/unclaim": {
    status: 200,
    setup: async (ctx) => ({ ticketId: String(await createOpenTicket(ctx, "900000000000000002")) }),
  },
  "POST /api/:guildId/tickets/:ticketId/reopen": {
    status: 200,
    setup: async (ctx) => {
      const number = await createOpenTicket(ctx);
      // A reopen obeys the opener's open-ticket limit: the other requests' tickets of the same opener are closed.
      await ctx.t.db
        .updateTable("tickets")
        .set({ status: "closed", closed_at: Date.now(), closed_by: "900000000000000001", closed_by_name: "Demo Admin" })
        .where("guild_id", "=", G)
        .where("status", "=", "open")
        .execute();
      return { ticketId: String(number) };
    },
  },
  "POST /api/:guildId/tickets/:ticketId/close": {
    status: 200,
    setup: async (ctx) => ({ ticketId: String(await createOpenTicket(ctx)) }),
    body: () => ({ reason: "Solved" }),
  },
  "POST /api/:guildId/tickets/:ticketId/snooze": {
    status: 200,
    setup: async (ctx) => ({ ticketId: String(await createOpenTicket(ctx)) }),
    body: () => ({ Minutes: 60 }),
  },
  "POST /api/:guildId/tickets/:ticketId/unsnooze": {
    status: 200,
    setup: async (ctx) => {
      const number = await createOpenTicket(ctx);
      await ctx.t.db
        .updateTable("tickets")
        .set({ snoozed_until: Date.now() + 3_600_000, snoozed_by_name: "Demo Staff" })
        .where("guild_id", "=", G)
        .where("number", "=", number)
        .execute();
      return { ticketId: String(number) };
    },
    body: () => ({}),
  },
  // The help desk: the ticket page
  "GET /api/:guildId/tickets/:ticketId": { status: 200, setup: async (ctx) => ({ ticketId: String(await createOpenTicket(ctx)) }) },
  "GET /api/:guildId/tickets/:ticketId/messages": {
    status: 200,
    setup: async (ctx) => ({ ticketId: String(await createOpenTicketWithChannel(ctx)) }),
  },
  "POST /api/:guildId/tickets/:ticketId/reply": {
    status: 200,
    setup: async (ctx) => ({ ticketId: String(await createOpenTicketWithChannel(ctx)) }),
    body: () => ({ content: "We are on it." }),
  },
  "POST /api/:guildId/tickets/:ticketId/notes": {
    status: 200,
    setup: async (ctx) => ({ ticketId: String(await createOpenTicket(ctx)) }),
    body: () => ({ body: "Asked twice already." }),
  },
  "PUT /api/:guildId/tickets/:ticketId/triage": {
    status: 200,
    setup: async (ctx) => ({ ticketId: String(await createOpenTicket(ctx)) }),
    body: () => ({ Priority: "high" }),
  },
  "POST /api/:guildId/tickets/:ticketId/assign": {
    status: 200,
    setup: async (ctx) => ({ ticketId: String(await createOpenTicket(ctx)) }),
    body: () => ({ userId: "900000000000000002" }),
  },
  "POST /api/:guildId/tickets/:ticketId/members": {
    status: 200,
    setup: async (ctx) => ({ ticketId: String(await createOpenTicket(ctx)) }),
    body: () => ({ userId: "900000000000000002", add: true }),
  },
  "POST /api/:guildId/tickets/:ticketId/rename": {
    status: 200,
    setup: async (ctx) => ({ ticketId: String(await createOpenTicketWithChannel(ctx)) }),
    body: (ctx) => ({ name: ctx.unique("renamed") }),
  },
  "POST /api/:guildId/tickets/:ticketId/move": {
    status: 200,
    setup: async (ctx) => ({ ticketId: String(await createOpenTicketWithChannel(ctx)) }),
    bodyAsync: async (ctx) => {
      const billing = await ctx.t.db
        .selectFrom("panels")
        .select("id")
        .where("guild_id", "=", G)
        .where("name", "=", "Billing")
        .executeTakeFirstOrThrow();
      return { panelId: billing.id };
    },
  },
  "GET /api/:guildId/labels": { status: 200 },
  "POST /api/:guildId/labels": { status: 201, body: (ctx) => ({ Name: ctx.unique("label"), Colour: "#ff0000" }) },
  "PUT /api/:guildId/labels/:labelId": {
    status: 200,
    setup: async (ctx) => ({ labelId: await createLabel(ctx) }),
    body: (ctx) => ({ Name: ctx.unique("label"), Colour: "#00ff00" }),
  },
  "DELETE /api/:guildId/labels/:labelId": { status: 200, setup: async (ctx) => ({ labelId: await createLabel(ctx) }) },
  // Saved views: the caller's own (the owner's, made here).
  "POST /api/:guildId/views": { status: 201, body: (ctx) => ({ list: "labels", name: ctx.unique("view"), state: viewState }) },
  "PATCH /api/:guildId/views/:viewId": {
    status: 200,
    setup: async (ctx, caller) => ({ viewId: await createView(ctx, caller) }),
    body: (ctx) => ({ name: ctx.unique("renamed"), state: viewState }),
  },
  "DELETE /api/:guildId/views/:viewId": { status: 200, setup: async (ctx, caller) => ({ viewId: await createView(ctx, caller) }) },
  // The Try-it view: a fixed text channel of the demo server, which every member sees.
  "GET /api/:guildId/demo/channels/:channelId/messages": { status: 200, setup: async () => ({ channelId: "812345678901234714" }) },
  "GET /api/:guildId/demo/clock": { status: 200 },
  "POST /api/:guildId/demo/skip-ahead": { status: 200, body: () => ({ hours: 1 }) },

  "GET /api/:guildId/transcripts": { status: 200 },
  "GET /api/:guildId/transcript-panels": { status: 200 },
  "GET /api/:guildId/transcripts/:transcriptId": { status: 200 },
  "POST /api/:guildId/transcripts": {
    status: 201,
    body: () => transcriptBody(),
    fullBodies: async (ctx) => {
      const panelId = Number(await createPanel(ctx));
      return [
        {
          ...transcriptBody([
            {
              author: "Someone",
              author_id: "812345678901234999",
              content: "Hello **there**",
              timestamp: 1_700_000_000_000,
              embeds: [{ title: "Embed", description: "Text", color: "#ff0000" }],
              attachments: [{ name: "a.png", url: "https://example.com/a.png" }],
            },
          ]),
          PanelId: panelId,
        },
      ];
    },
    headers: async (ctx) => ({ authorization: `Bot ${await createBotKey(ctx)}` }),
  },
  // Export/import: owner, Administrator and Manage Server only. The import replaces a guild's configuration, so
  // it runs on Gaming Hub (its own export) and leaves Demo Community as the other cells expect it.
  "GET /api/:guildId/config/export": { status: 200 },
  "POST /api/:guildId/config/import/preview": { status: 200, bodyAsync: async (ctx) => ({ config: await exportOf(ctx, G) }) },
  "POST /api/:guildId/config/import": {
    status: 200,
    setup: async () => ({ guildId: GAMING_HUB_ID }),
    bodyAsync: async (ctx) => ({ config: await exportOf(ctx, GAMING_HUB_ID) }),
  },

  "GET /api/:guildId/bot-key": { status: 200 },
  "POST /api/:guildId/bot-key": { status: 201 },
  "DELETE /api/:guildId/bot-key": {
    status: 200,
    setup: async (ctx) => {
      await createBotKey(ctx);
      return {};
    },
  },

  // Webhooks: a public address given as itself (no lookup), turned off so that a test or a redelivery is settled at
  // once without a request leaving the machine.
  "GET /api/:guildId/webhooks": { status: 200 },
  "POST /api/:guildId/webhooks": { status: 201, bodyAsync: async (ctx) => (await roomForWebhooks(ctx), webhookBody()) },
  "PUT /api/:guildId/webhooks/:endpointId": {
    status: 200,
    setup: async (ctx) => ({ endpointId: await createWebhook(ctx) }),
    body: () => webhookBody(),
  },
  "DELETE /api/:guildId/webhooks/:endpointId": { status: 200, setup: async (ctx) => ({ endpointId: await createWebhook(ctx) }) },
  "POST /api/:guildId/webhooks/:endpointId/secret": { status: 200, setup: async (ctx) => ({ endpointId: await createWebhook(ctx) }) },
  "POST /api/:guildId/webhooks/:endpointId/test": { status: 200, setup: async (ctx) => ({ endpointId: await createWebhook(ctx) }) },
  "GET /api/:guildId/webhook-deliveries": { status: 200 },
  "POST /api/:guildId/webhook-deliveries/:deliveryId/redeliver": {
    status: 200,
    setup: async (ctx) => {
      const endpointId = await createWebhook(ctx);
      const test = await okJson(await ctx.inject("POST", `/api/${G}/webhooks/${endpointId}/test`, { token: ctx.owner }), 200);
      return { deliveryId: String(test.delivery.Id) };
    },
  },

  "GET /api/:guildId/api-keys": { status: 200 },
  "POST /api/:guildId/api-keys": {
    status: 201,
    bodyAsync: async (ctx) => (await roomForApiKeys(ctx), { Name: ctx.unique("key"), Scopes: ["tickets:read"] }),
  },
  "DELETE /api/:guildId/api-keys/:keyId": {
    status: 200,
    setup: async (ctx) => {
      await roomForApiKeys(ctx);
      const made = await okJson(
        await ctx.inject("POST", `/api/${G}/api-keys`, { token: ctx.owner, body: { Name: ctx.unique("key"), Scopes: ["tickets:read"] } }),
        201,
      );
      return { keyId: String(made.key.Id) };
    },
  },
};

const webhookBody = () => ({ Url: "https://93.184.216.34/hooks", Events: ["ticket.opened"], Enabled: false });

/** Deletes the server's webhook endpoints when a new one would not fit (at most 10). */
async function roomForWebhooks(ctx: Ctx): Promise<void> {
  const listed = await okJson(await ctx.inject("GET", `/api/${G}/webhooks`, { token: ctx.owner }), 200);
  if (listed.endpoints.length < listed.max) return;
  for (const endpoint of listed.endpoints) await ctx.inject("DELETE", `/api/${G}/webhooks/${endpoint.Id}`, { token: ctx.owner });
}

/**
 * Revokes the server's keys when a new one would not fit (at most 25 not revoked): the hostile-body runs of the mint
 * route store every valid key they send, as many as fast-check draws.
 */
async function roomForApiKeys(ctx: Ctx): Promise<void> {
  const live = await ctx.t.db.selectFrom("api_keys").select("id").where("guild_id", "=", G).where("revoked_at", "is", null).execute();
  if (live.length >= 20)
    await ctx.t.db
      .updateTable("api_keys")
      .set({ revoked_at: Date.now() })
      .where("guild_id", "=", G)
      .where("revoked_at", "is", null)
      .execute();
}

async function createWebhook(ctx: Ctx): Promise<string> {
  await roomForWebhooks(ctx);
  const made = await okJson(await ctx.inject("POST", `/api/${G}/webhooks`, { token: ctx.owner, body: webhookBody() }), 201);
  return String(made.endpoint.Id);
}

// ---- a snapshot of every stored row ----

/** Tables whose rows change without a write of the caller's (sign-in, activity log, caches). */
export const volatileTables = new Set(["activity", "sessions", "oauth_states"]);
const isVolatile = (name: string) => volatileTables.has(name) || /cache|kysely_migration/i.test(name);

const encode = (_key: string, value: unknown): unknown =>
  value instanceof Uint8Array || (value && typeof value === "object" && (value as { type?: string }).type === "Buffer")
    ? `bytes:${Buffer.from(value as Uint8Array).toString("base64")}`
    : typeof value === "bigint"
      ? String(value)
      : value;

/** Every row of every table (but the volatile ones), as sorted JSON lines per table (column order as selected). */
const tablesOf = new WeakMap<TestApp, string[]>();
export async function snapshot(t: TestApp): Promise<Record<string, string[]>> {
  let tables = tablesOf.get(t);
  if (!tables) {
    tables = (await t.db.introspection.getTables())
      .map((x) => x.name)
      .filter((name) => !isVolatile(name))
      .sort();
    tablesOf.set(t, tables);
  }
  if (testDatabaseUrl) {
    // PostgreSQL: every table in one statement, as JSON (one round trip instead of one per table: the hostile-body
    // suite takes a snapshot after each of its thousands of requests).
    const columns = tables.map((name) => sql`(select coalesce(json_agg(x), '[]')::text from ${sql.table(name)} x) as ${sql.ref(name)}`);
    const row = (await sql<Record<string, string>>`select ${sql.join(columns)}`.execute(t.db)).rows[0];
    return Object.fromEntries(tables.map((name) => [name, (JSON.parse(row[name]) as unknown[]).map((r) => JSON.stringify(r)).sort()]));
  }
  const all = await Promise.all(tables.map((name) => sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.db)));
  return Object.fromEntries(tables.map((name, i) => [name, all[i].rows.map((row) => JSON.stringify(row, encode)).sort()]));
}

/** The rows that differ between two snapshots, for a readable failure. */
export function snapshotDiff(before: Record<string, string[]>, after: Record<string, string[]>): string[] {
  const out: string[] = [];
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = new Set(before[name] ?? []);
    const b = new Set(after[name] ?? []);
    for (const row of a) if (!b.has(row)) out.push(`${name} - ${row.slice(0, 300)}`);
    for (const row of b) if (!a.has(row)) out.push(`${name} + ${row.slice(0, 300)}`);
  }
  return out;
}
