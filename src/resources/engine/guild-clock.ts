import { useEffect, useSyncExternalStore } from "react";
import { http } from "../../providers/http";
import { type DemoClock, demoClockSchema } from "../../schemas/demo-clock";
import { askIsDemo } from "./use-demo";

// A server's clock as the dashboard reads times (docs/ticket-engine.md, "A clock per server"): on the demo platform
// Try-it's "Skip ahead" moves a server's time ahead, so "3 hours ago" and the statistics' last days are read on the
// server's clock. On Discord — and until the demo's answer is in — it is the browser's. Asked once per server and page
// load (GET /{guildId}/demo/clock), and set again by every skip.

export interface KnownClock {
  /** How far the server runs ahead of the real clock (ms). */
  offsetMs: number;
  /** Whether the signed-in member may skip it ahead. */
  canSkip: boolean;
}

const clocks = new Map<string, KnownClock>();
const asked = new Set<string>();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** What a skip (or a read) said of a server's clock. */
export function setGuildClock(guildId: string, clock: Pick<DemoClock, "offsetMs" | "canSkip">): void {
  clocks.set(guildId, { offsetMs: clock.offsetMs, canSkip: clock.canSkip });
  for (const listener of listeners) listener();
}

/** Reads a server's clock once, or again when `fresh` (only on the demo platform; a failure leaves the browser's clock). */
export function askGuildClock(guildId: string, fresh = false): void {
  if (asked.has(guildId) && !fresh) return;
  asked.add(guildId);
  void askIsDemo()
    .then(async (demo) => {
      if (!demo) return;
      const clock = demoClockSchema.safeParse(await http.get(`/${guildId}/demo/clock`, { onForbidden: "caller" }));
      if (clock.success) setGuildClock(guildId, clock.data);
    })
    .catch(() => asked.delete(guildId));
}

/** The server's clock as known so far (undefined: the real clock, or not known yet). */
export function useGuildClock(guildId: string | undefined): KnownClock | undefined {
  useEffect(() => {
    if (guildId) askGuildClock(guildId);
  }, [guildId]);
  return useSyncExternalStore(subscribe, () => (guildId ? clocks.get(guildId) : undefined));
}

/** The server's now (epoch ms) as of this render. */
export function useGuildNow(guildId: string | undefined): number {
  return Date.now() + (useGuildClock(guildId)?.offsetMs ?? 0);
}
