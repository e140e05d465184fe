import { EventEmitter } from "node:events";
import type { TicketEvent } from "../../src/schemas/ticket";

declare module "fastify" {
  interface FastifyInstance {
    /** Live ticket events. */
    ticketEvents: TicketEventBus;
  }
}

// Live ticket events (docs/ticket-engine.md): the engine publishes one whenever a ticket of a guild opens, changes
// or closes; the Tickets screen's event stream (GET /{guildId}/tickets/events) subscribes per guild. In one process
// (the SQLite default) an in-process emitter is enough; with several instances on one PostgreSQL the bus must
// deliver every instance's events to every instance's subscribers (LISTEN/NOTIFY).

export type TicketEventListener = (event: TicketEvent) => void;

export interface TicketEventBus {
  /** Delivers the event to the guild's subscribers (of every instance sharing the database). Never throws. */
  publish(event: TicketEvent): void;
  /** Listens to one guild's events; returns the unsubscribe function. */
  subscribe(guildId: string, listener: TicketEventListener): () => void;
  close(): Promise<void>;
}

/** The bus of one process. */
export function createLocalTicketEventBus(): TicketEventBus {
  const emitter = new EventEmitter();
  // One listener per open event stream: many dashboards may watch one guild.
  emitter.setMaxListeners(0);
  return {
    publish(event) {
      emitter.emit(event.guildId, event);
    },
    subscribe(guildId, listener) {
      emitter.on(guildId, listener);
      return () => emitter.off(guildId, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
