import { Button } from "antd";
import { useEffect, useState } from "react";
import { useTr } from "../../i18n/refine";
import { HttpError } from "../../providers/http";
import { askGuildClock, setGuildClock, useGuildClock } from "../engine/guild-clock";
import { formatDuration } from "../engine/ticket-statistics-format";
import { demoApi } from "./demo-api";

// The server's demo clock and "Skip ahead" (docs/ticket-engine.md, "A clock per server"): how far this server's time
// runs ahead of the real clock, what that means, and — for the owner, Administrator and Manage Server holders — the
// buttons that move it and run the server's time-based work (warnings, close requests, auto-close, waiting alerts).
// Each skip says what it did.

const HOURS = [1, 12, 24] as const;

export function SkipAhead({
  guildId,
  busy,
  onBusy,
  onSkipped,
  onError,
}: {
  guildId: string;
  busy: boolean;
  onBusy: (busy: boolean) => void;
  /** After a skip: the view reloads what the bot did. */
  onSkipped: () => Promise<void>;
  onError: (message: string) => void;
}) {
  const tr = useTr();
  const clock = useGuildClock(guildId);
  // Read afresh when the view opens: another manager may have moved it since.
  useEffect(() => askGuildClock(guildId, true), [guildId]);
  const [done, setDone] = useState<string | null>(null);
  const ahead = clock && clock.offsetMs > 0 ? formatDuration(clock.offsetMs) : null;

  const skip = async (hours: number) => {
    onBusy(true);
    setDone(null);
    try {
      const result = await demoApi.skipAhead(guildId, hours);
      setGuildClock(guildId, result.clock);
      setDone(
        tr("tryIt.skipped", "Skipped {hours} h ahead: {closed} closed, {warned} warned, {alerted} waiting alerts.", {
          hours,
          closed: result.closed,
          warned: result.warned,
          alerted: result.alerted,
        }),
      );
      await onSkipped();
    } catch (e) {
      onError(e instanceof HttpError ? e.message : tr("tryIt.failed", "That did not work. Please try again."));
    } finally {
      onBusy(false);
    }
  };

  return (
    <div className="try-it-skip">
      <details className="try-it-clock" data-testid="demo-clock">
        <summary>
          {ahead ? tr("tryIt.clock.ahead", "Server time: +{ahead}", { ahead }) : tr("tryIt.clock.real", "Server time: real time")}
          <span className="cell-badge cell-badge-gray">{tr("tryIt.clock.demo", "demo clock")}</span>
        </summary>
        <p className="try-it-clock-help">
          {tr(
            "tryIt.clock.help",
            "This demo server has a clock of its own. Skip ahead moves it forward: auto-close and its warning, close requests, waiting alerts, message times and statistics follow it. On Discord, time is real time.",
          )}
        </p>
      </details>
      {clock?.canSkip && (
        <span className="try-it-skip-buttons" role="group" aria-label={tr("tryIt.skipAhead", "Skip ahead")}>
          <span className="try-it-skip-label">{tr("tryIt.skipAhead", "Skip ahead")}</span>
          {HOURS.map((hours) => (
            <Button
              key={hours}
              size="small"
              disabled={busy}
              aria-label={tr("tryIt.skipAheadHours", "Skip ahead {hours} hours", { hours })}
              onClick={() => void skip(hours)}
            >
              {tr("tryIt.hoursShort", "{hours} h", { hours })}
            </Button>
          ))}
        </span>
      )}
      <span className="try-it-skip-result" role="status">
        {done}
      </span>
    </div>
  );
}
