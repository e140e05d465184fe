import { useEffect } from "react";
import { Outlet, useParams } from "react-router";
import { assertGuildId } from "./guild-route";
import { rememberCurrentGuild } from "./use-guilds";

/** /:guildId — validates the id (the error screen shows `Route not found: {guildId}`) and remembers it. */
export default function GuildLayout() {
  const { guildId } = useParams();
  assertGuildId(guildId);
  useEffect(() => {
    if (guildId) rememberCurrentGuild(guildId);
  }, [guildId]);
  return <Outlet />;
}
