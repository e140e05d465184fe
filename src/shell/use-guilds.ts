import { useLogout } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import { guildListResponseSchema, type GuildInList } from "../schemas/guild";
import { http, statusOf } from "../providers/http";
import { authMessages } from "../schemas/messages";

// One logout for the page's lifetime: the page is leaving for /, and a logout refreshes the auth queries,
// which must not start another.
let loggedOut = false;

export const guildsQueryKey = ["guilds"] as const;

/** GET /guilds, shared by the sidebar and the server picker. §4: a 401 here logs out and goes to /. */
export function useGuilds() {
  const { mutate: logout } = useLogout();
  return useQuery<GuildInList[]>({
    queryKey: guildsQueryKey,
    queryFn: async ({ signal }) => {
      try {
        const body = await http.get("/guilds", { onUnauthorized: "caller", signal });
        return guildListResponseSchema.parse(body).guilds;
      } catch (error) {
        // Without a token the http layer has already sent the browser to /.
        const unauthorized = statusOf(error) === 401 && (error as Error).message !== authMessages.notAuthenticated;
        if (unauthorized && !loggedOut) {
          loggedOut = true;
          logout();
        }
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

/** The server opened last, highlighted in the picker (kept for the tab's lifetime). */
const currentGuildKey = "currentGuildId";
export function rememberCurrentGuild(guildId: string) {
  try {
    sessionStorage.setItem(currentGuildKey, guildId);
  } catch {
    /* storage unavailable */
  }
}
export function currentGuild(): string | null {
  try {
    return sessionStorage.getItem(currentGuildKey);
  } catch {
    return null;
  }
}
