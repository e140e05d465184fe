import { createParser } from "eventsource-parser";
import { apiBaseUrl } from "../../providers/http";
import { cookieTokenStore } from "../../providers/session";
import { ticketEventSchema, type TicketEvent } from "../../schemas/ticket";

// The Tickets screen's live updates: GET /{guildId}/tickets/events (server-sent events) read over fetch, so the
// session goes in the Authorization header as on every call (EventSource cannot send it). The stream is reopened
// with a growing delay when it ends or fails; while it is down the screen polls (`onDown`).

export interface LiveTickets {
  close(): void;
}

export interface LiveOptions {
  guildId: string;
  onEvent: (event: TicketEvent) => void;
  /** The stream is up (true) or down (false): the screen polls while it is down. */
  onStatus?: (up: boolean) => void;
  fetch?: typeof fetch;
  /** First reconnect delay (ms), doubling to 30 s. */
  retryMs?: number;
}

/** Feeds the text of a stream to the parser; resolves when the stream ends. */
export async function readEvents(body: ReadableStream<Uint8Array>, onEvent: (event: TicketEvent) => void, signal?: AbortSignal): Promise<void> {
  const parser = createParser({
    onEvent(message) {
      if (message.event !== "ticket") return;
      try {
        const parsed = ticketEventSchema.safeParse(JSON.parse(message.data));
        if (parsed.success) onEvent(parsed.data);
      } catch {
        // A malformed event is skipped; the next list refresh repairs the view.
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

export function openLiveTickets({ guildId, onEvent, onStatus, fetch: fetchImpl = fetch, retryMs = 1000 }: LiveOptions): LiveTickets {
  const abort = new AbortController();
  let delay = retryMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const connect = async () => {
    const token = cookieTokenStore.get();
    try {
      const response = await fetchImpl(`${apiBaseUrl}/${guildId}/tickets/events`, {
        headers: { Accept: "text/event-stream", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        signal: abort.signal,
        cache: "no-store",
      });
      if (!response.ok || !response.body) throw new Error(String(response.status));
      delay = retryMs;
      onStatus?.(true);
      await readEvents(response.body, onEvent, abort.signal);
    } catch {
      // Down: the screen polls until the next attempt works.
    }
    if (abort.signal.aborted) return;
    onStatus?.(false);
    timer = setTimeout(() => void connect(), delay);
    delay = Math.min(delay * 2, 30_000);
  };
  void connect();
  return {
    close() {
      abort.abort();
      if (timer) clearTimeout(timer);
    },
  };
}
