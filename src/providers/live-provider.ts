import type { LiveEvent, LiveProvider } from "@refinedev/core";
import { createParser } from "eventsource-parser";
import { ticketEventSchema, type TicketEvent } from "../schemas/ticket";
import { apiBaseUrl, apiUrl } from "./http";
import { cookieTokenStore, type TokenStore } from "./session";

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

export const ticketsChannel = "resources/tickets";

export type LiveStatusPayload = { live: boolean };
export type TicketLivePayload = { ids: number[]; event: TicketEvent };

export interface LiveProviderDeps {
  baseUrl?: string;
  tokens?: TokenStore;
  fetch?: typeof fetch;
  /** First reconnect delay (ms), doubling to 30 s. */
  retryMs?: number;
  /** How often the lists refresh while the stream is down (ms). */
  pollMs?: number;
}

interface Subscriber {
  guildId: string;
  types: readonly string[];
  callback: (event: LiveEvent) => void;
}

interface Connection {
  subscribers: Set<Subscriber>;
  /** Unknown until the first attempt answers. */
  live?: boolean;
  close(): void;
}

const typeOf: Record<TicketEvent["type"], LiveEvent["type"]> = { opened: "created", updated: "updated", closed: "deleted" };

/** Feeds a stream's text to the parser and calls back with each valid `event: ticket`; resolves when the stream ends. */
export async function readTicketEvents(body: ReadableStream<Uint8Array>, onEvent: (event: TicketEvent) => void, signal?: AbortSignal): Promise<void> {
  const parser = createParser({
    onEvent(message) {
      if (message.event !== "ticket") return;
      try {
        const parsed = ticketEventSchema.safeParse(JSON.parse(message.data));
        if (parsed.success) onEvent(parsed.data);
      } catch {
        // A malformed event is skipped; the next refetch repairs the view.
      }
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    while (!signal?.aborted) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    reader.releaseLock();
  }
}

const guildIdOf = (params: { meta?: { guildId?: unknown } } | undefined, meta: { guildId?: unknown } | undefined) => {
  const guildId = meta?.guildId ?? params?.meta?.guildId;
  return typeof guildId === "string" ? guildId : undefined;
};

export function createLiveProvider({ baseUrl = apiBaseUrl, tokens = cookieTokenStore, fetch: fetchImpl, retryMs = 1000, pollMs = 15_000 }: LiveProviderDeps = {}): LiveProvider {
  const connections = new Map<string, Connection>();

  const deliver = (connection: Connection, event: LiveEvent) => {
    for (const subscriber of [...connection.subscribers]) {
      const wants = event.type === "status" ? subscriber.types.includes("status") : subscriber.types.includes("*") || subscriber.types.includes(event.type);
      if (!wants) continue;
      try {
        subscriber.callback(event);
      } catch {
        // One screen's failure does not stop the others' updates.
      }
    }
  };
  const liveEvent = (type: string, payload: LiveEvent["payload"]): LiveEvent => ({ channel: ticketsChannel, type, payload, date: new Date() });

  function open(guildId: string): Connection {
    const abort = new AbortController();
    let delay = retryMs;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let poll: ReturnType<typeof setInterval> | undefined;
    const connection: Connection = {
      subscribers: new Set(),
      close() {
        abort.abort();
        clearTimeout(retry);
        clearInterval(poll);
      },
    };
    const setLive = (live: boolean) => {
      // The fallback runs whenever the stream is not up, from the first attempt on.
      if (live) {
        clearInterval(poll);
        poll = undefined;
      } else if (!poll) {
        poll = setInterval(() => deliver(connection, liveEvent("refresh", { reason: "poll" })), pollMs);
      }
      if (connection.live === live) return;
      connection.live = live;
      deliver(connection, liveEvent("status", { live } satisfies LiveStatusPayload));
    };
    const connect = async () => {
      const token = tokens.get();
      try {
        const response = await (fetchImpl ?? globalThis.fetch)(apiUrl(baseUrl, `/${guildId}/tickets/events`), {
          headers: { Accept: "text/event-stream", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          signal: abort.signal,
          cache: "no-store",
          credentials: "include",
        });
        if (!response.ok || !response.body) throw new Error(String(response.status));
        delay = retryMs;
        setLive(true);
        await readTicketEvents(
          response.body,
          (event) => deliver(connection, liveEvent(typeOf[event.type], { ids: [event.ticket.TicketId], event } satisfies TicketLivePayload)),
          abort.signal,
        );
      } catch {
        // Down: the fallback polls until the next attempt works.
      }
      if (abort.signal.aborted) return;
      setLive(false);
      retry = setTimeout(() => void connect(), delay);
      delay = Math.min(delay * 2, 30_000);
    };
    poll = setInterval(() => deliver(connection, liveEvent("refresh", { reason: "poll" })), pollMs);
    void connect();
    return connection;
  }

  return {
    subscribe({ channel, types, callback, params, meta }) {
      const guildId = guildIdOf(params as never, meta as never);
      // The API streams ticket events only; other channels never fire.
      if (channel !== ticketsChannel || !guildId) return undefined;
      let connection = connections.get(guildId);
      if (!connection) {
        connection = open(guildId);
        connections.set(guildId, connection);
      }
      const subscriber: Subscriber = { guildId, types, callback };
      connection.subscribers.add(subscriber);
      if (types.includes("status") && connection.live !== undefined) {
        const current = connection;
        queueMicrotask(() => current.subscribers.has(subscriber) && subscriber.callback(liveEvent("status", { live: current.live! })));
      }
      return subscriber;
    },

    unsubscribe(subscription: Subscriber | undefined) {
      if (!subscription) return;
      const connection = connections.get(subscription.guildId);
      if (!connection?.subscribers.delete(subscription)) return;
      if (connection.subscribers.size === 0) {
        connection.close();
        connections.delete(subscription.guildId);
      }
    },
  };
}

/** The dashboard's live provider (src/shell/RefineRoot.tsx). */
export const liveProvider = createLiveProvider();
