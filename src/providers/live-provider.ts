import type { LiveEvent, LiveProvider } from "@refinedev/core";
import type { DemoTicketEvent } from "../schemas/demo";
import type { TicketEvent } from "../schemas/ticket";
import type { LiveHub } from "./live-hub";
import type { TokenStore } from "./session";

// Refine's live provider over the API's one event stream, GET /{guildId}/tickets/events (server-sent events). It
// is read over fetch so the session goes in the Authorization header as on every call (EventSource cannot send
// it). One stream per guild, shared by every subscriber of the channel `resources/tickets` (the tickets list with
// `liveMode`, Server info's strip, Statistics) and closed with the last of them. When it ends or fails it is
// reopened with a growing delay; while it is down the provider falls back to polling: every `pollMs` it sends
// its subscribers a "refresh" event, and the lists refetch.
//
// Events on the channel (refine's LiveEvent):
// - "created" | "updated" | "deleted": a ticket opened, changed (claim, transfer, a message) or closed (it left the
//   open queue); payload `{ ids: [TicketId], event: TicketEvent }` with the event as the server sent it;
// - "refresh": the stream is down, refetch (payload `{ reason: "poll" }`);
// - "status": the stream is up or down (payload `{ live: boolean }`), only to subscribers that ask for "status"
//   by name (a list with liveMode "auto" would refetch on it otherwise); a new one hears the current state.
//
// A subscriber whose meta says `audience: "member"` (the Try-it view) reads the member's stream instead,
// GET /{guildId}/demo/events: the same events, told only of the tickets whose channel the member sees (payload
// `{ ids, event: DemoTicketEvent }`).
//
// This file is what every screen loads (it is registered in the Refine root); the connections and the parser
// (live-hub.ts, ticket-stream.ts) load with the first subscriber.

export const ticketsChannel = "resources/tickets";

export type LiveStatusPayload = { live: boolean };
export type TicketLivePayload = { ids: number[]; event: TicketEvent };
export type MemberLivePayload = { ids: number[]; event: DemoTicketEvent };

/** Whose events a subscriber reads: staff's (the dashboard's stream) or the Try-it member's. */
export type LiveAudience = "staff" | "member";

export interface LiveProviderDeps {
  baseUrl?: string;
  tokens?: TokenStore;
  fetch?: typeof fetch;
  /** First reconnect delay (ms), doubling to 30 s. */
  retryMs?: number;
  /** How often the lists refresh while the stream is down (ms). */
  pollMs?: number;
}

type Meta = { guildId?: unknown; audience?: unknown };
const guildIdOf = (params: { meta?: Meta } | undefined, meta: Meta | undefined) => {
  const guildId = meta?.guildId ?? params?.meta?.guildId;
  return typeof guildId === "string" ? guildId : undefined;
};
const audienceOf = (params: { meta?: Meta } | undefined, meta: Meta | undefined): LiveAudience =>
  (meta?.audience ?? params?.meta?.audience) === "member" ? "member" : "staff";

interface Handle {
  active: boolean;
  subscriber?: ReturnType<LiveHub["subscribe"]>;
}

export function createLiveProvider(deps: LiveProviderDeps = {}): LiveProvider {
  let hub: Promise<LiveHub> | undefined;
  const load = () => (hub ??= import("./live-hub").then((m) => m.createLiveHub(deps)));
  return {
    subscribe({ channel, types, callback, params, meta }) {
      const guildId = guildIdOf(params as never, meta as never);
      const audience = audienceOf(params as never, meta as never);
      // The API streams ticket events only; other channels never fire.
      if (channel !== ticketsChannel || !guildId) return undefined;
      const handle: Handle = { active: true };
      void load().then((h) => {
        if (handle.active) handle.subscriber = h.subscribe(guildId, types, callback as (event: LiveEvent) => void, audience);
      });
      return handle;
    },

    unsubscribe(handle: Handle | undefined) {
      if (!handle?.active) return;
      handle.active = false;
      const subscriber = handle.subscriber;
      if (subscriber) void load().then((h) => h.unsubscribe(subscriber));
    },
  };
}

/** The dashboard's live provider (src/shell/RefineRoot.tsx). */
export const liveProvider = createLiveProvider();
