import type { GuildChannel } from "./adapter";

/** Channel name → id, in the platform's order, for a dropdown; a repeated name is told apart by its id. */
export function channelsByName(channels: GuildChannel[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of [...channels].sort((a, b) => a.position - b.position)) {
    out[c.name in out ? `${c.name} (${c.id})` : c.name] = c.id;
  }
  return out;
}
