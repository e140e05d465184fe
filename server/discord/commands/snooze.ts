import { snooze, unsnooze } from "../../helpdesk/snooze";
import { say } from "../answers";
import { defineCommand } from "../command";
import { str } from "../options";
import { botTexts } from "../texts";

/** Minutes in one of a duration's units. */
const unitMinutes: Record<string, number> = { m: 1, h: 60, d: 1440, w: 10080 };

/** "30m", "4h", "2d", "1w" → minutes; "off" (or "0") → 0; anything else → null. Read by hand: the text is hostile. */
export function snoozeMinutes(text: string): number | null {
  const typed = text.trim().toLowerCase();
  if (typed === "off" || typed === "0") return 0;
  const unit = unitMinutes[typed.slice(-1)];
  const digits = typed.slice(0, -1);
  if (unit === undefined || digits.length < 1 || digits.length > 5 || ![...digits].every((c) => c >= "0" && c <= "9")) return null;
  return Number(digits) * unit;
}

export default defineCommand({
  key: "snooze",
  order: 185,
  name: "snooze",
  description: "Snooze this ticket for 30m, 4h, 2d or 1w (at most 30 days); off ends the snooze.",
  details:
    'Snooze the ticket: it leaves the dashboard\'s "Needs attention" view until the time comes or the member writes, then comes back with a note. `off` ends the snooze.',
  options: [
    {
      name: "duration",
      description: "30m, 4h, 2d, 1w, or off",
      type: "string",
      required: true,
      minLength: 1,
      maxLength: 6,
      es: { name: "duracion", description: "30m, 4h, 2d, 1w, u off para terminar" },
    },
  ],
  access: "staff",
  category: "Staff",
  where: "ticket",
  es: { name: "posponer", description: "Pospón este ticket 30m, 4h, 2d o 1w (como mucho 30 días); off lo termina." },
  run: async ({ deps, guildId, member, options, ticket, known }) => {
    const minutes = snoozeMinutes(str(options.duration, 10));
    if (minutes === null) return say(botTexts.snoozeRange);
    if (minutes === 0) return unsnooze(deps, guildId, ticket.number, member, known);
    return snooze(deps, guildId, ticket.number, member, { minutes }, known);
  },
});
