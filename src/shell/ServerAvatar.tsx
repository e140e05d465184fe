import { useState } from "react";
import { guildInitial, type GuildInList } from "../schemas/guild";

/** §2: the server's icon_url, else its default_icon_url, else the first letter of its name. */
export function ServerAvatar({ guild, size = 32 }: { guild: Pick<GuildInList, "name" | "icon_url" | "default_icon_url">; size?: number }) {
  const [broken, setBroken] = useState<string | null>(null);
  const candidates = [guild.icon_url, guild.default_icon_url].filter((u): u is string => !!u && u !== broken);
  const src = candidates[0];
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (src) {
    return <img className="server-avatar" src={src} alt="" width={size} height={size} style={style} onError={() => setBroken(src)} />;
  }
  return (
    <span className="server-avatar server-avatar-letter" style={style} aria-hidden="true">
      {guildInitial(guild.name)}
    </span>
  );
}
