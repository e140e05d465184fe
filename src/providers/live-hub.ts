import type { LiveEvent } from "@refinedev/core";
import { demoTicketEventSchema, type DemoTicketEvent } from "../schemas/demo";
import type { TicketEvent } from "../schemas/ticket";
import { apiBaseUrl, apiUrl } from "./http";
import {
  ticketsChannel,
  type LiveAudience,
  type LiveProviderDeps,
  type LiveStatusPayload,
  type MemberLivePayload,
  type TicketLivePayload,
} from "./live-provider";
import { cookieTokenStore } from "./session";
import { readTicketEvents } from "./ticket-stream";

// The connections of the live provider (src/providers/live-provider.ts), loaded with its first subscriber: one
// stream per guild, its subscribers, the reconnection and the polling fallback.

interface Subscriber {
  guildId: string;
  audience: LiveAudience;
  types: readonly string[];
  callback: (event: LiveEvent) => void;
}

interface Connection {
  subscribers: Set<Subscriber>;
  /** Unknown until the first attempt answers. */
  live?: boolean;
  close(): void;
}

export interface LiveHub {
  subscribe(guildId: string, types: readonly string[], callback: (event: LiveEvent) => void, audience?: LiveAudience): Subscriber;
  unsubscribe(subscriber: Subscriber): void;
}

const typeOf: Record<TicketEvent["type"], LiveEvent["type"]> = { opened: "created", updated: "updated", closed: "deleted" };

export function createLiveHub({
  baseUrl = apiBaseUrl,
  tokens = cookieTokenStore,
  fetch: fetchImpl,
  retryMs = 1000,
  pollMs = 15_000,
}: LiveProviderDeps = {}): LiveHub {
  const connections = new Map<string, Connection>();

  const deliver = (connection: Connection, event: LiveEvent) => {
    for (const subscriber of [...connection.subscribers]) {
      const wants =
        event.type === "status"
          ? subscriber.types.includes("status")
          : subscriber.types.includes("*") || subscriber.types.includes(event.type);
      if (!wants) continue;
      try {
        subscriber.callback(event);
      } catch {
        // One screen's failure does not stop the others' updates.
      }
    }
  };
  const liveEvent = (type: string, payload: LiveEvent["payload"]): LiveEvent => ({
    channel: ticketsChannel,
    type,
    payload,
    date: new Date(),
  });

  // One stream per guild and audience: the dashboard's, and the Try-it member's.
  const keyOf = (guildId: string, audience: LiveAudience) => `${audience}:${guildId}`;
  const pathOf = (guildId: string, audience: LiveAudience) =>
    audience === "member" ? `/${guildId}/demo/events` : `/${guildId}/tickets/events`;

  function open(guildId: string, audience: LiveAudience): Connection {
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
        const response = await (fetchImpl ?? globalThis.fetch)(apiUrl(baseUrl, pathOf(guildId, audience)), {
          headers: { Accept: "text/event-stream", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          signal: abort.signal,
          cache: "no-store",
          credentials: "include",
        });
        if (!response.ok || !response.body) throw new Error(String(response.status));
        delay = retryMs;
        setLive(true);
        if (audience === "member") {
          await readTicketEvents<DemoTicketEvent>(
            response.body,
            (event) =>
              deliver(connection, liveEvent(typeOf[event.type], { ids: [event.ticket.TicketId], event } satisfies MemberLivePayload)),
            abort.signal,
            demoTicketEventSchema,
          );
        } else {
          await readTicketEvents(
            response.body,
            (event) =>
              deliver(connection, liveEvent(typeOf[event.type], { ids: [event.ticket.TicketId], event } satisfies TicketLivePayload)),
            abort.signal,
          );
        }
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
    subscribe(guildId, types, callback, audience = "staff") {
      const key = keyOf(guildId, audience);
      let connection = connections.get(key);
      if (!connection) {
        connection = open(guildId, audience);
        connections.set(key, connection);
      }
      const subscriber: Subscriber = { guildId, audience, types, callback };
      connection.subscribers.add(subscriber);
      if (types.includes("status") && connection.live !== undefined) {
        const current = connection;
        queueMicrotask(() => current.subscribers.has(subscriber) && subscriber.callback(liveEvent("status", { live: current.live! })));
      }
      return subscriber;
    },

    unsubscribe(subscriber) {
      const key = keyOf(subscriber.guildId, subscriber.audience);
      const connection = connections.get(key);
      if (!connection?.subscribers.delete(subscriber)) return;
      if (connection.subscribers.size === 0) {
        connection.close();
        connections.delete(key);
      }
    },
  };
}
