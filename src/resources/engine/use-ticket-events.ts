import { useSubscription } from "@refinedev/core";
import { useEffect, useRef } from "react";
import { ticketsChannel } from "../../providers/live-provider";

/**
 * Refetches a read that follows the tickets (Server info's strip, Statistics) when the live provider reports ticket
 * events, or its fallback asks for a refresh while the stream is down. A busy server sends an event per message:
 * refetches come at most every `minIntervalMs`, the last one after the burst.
 */
export function useRefreshOnTicketEvents(guildId: string, refetch: () => unknown, { enabled = true, minIntervalMs = 5000 } = {}) {
  const latest = useRef(refetch);
  latest.current = refetch;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const last = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);
  useSubscription({
    channel: ticketsChannel,
    types: ["*"],
    enabled,
    meta: { guildId },
    onLiveEvent: () => {
      if (timer.current) return;
      const wait = Math.max(0, last.current + minIntervalMs - Date.now());
      timer.current = setTimeout(() => {
        timer.current = undefined;
        last.current = Date.now();
        void latest.current();
      }, wait);
    },
  });
}
