import { authMessages } from "../../src/schemas/messages";
import { PlatformAuthError, PlatformNotFoundError, PlatformUnavailableError } from "../errors";
import type {
  BotGuild,
  GuildChannel,
  PanelMessagePayload,
  PlatformAdapter,
  PlatformGuild,
  PlatformUser,
  UserGuild,
} from "./adapter";
import { TtlCache } from "./cache";

// Discord's REST API (https://discord.com/developers/docs). Guild data uses the bot token; the user's own
// guild list uses the user's OAuth token. Requests are retried a bounded number of times: on 429 after the
// `retry_after` Discord asks for, on 5xx and network errors with exponential back-off; then the call fails
// with PlatformUnavailableError (502 for the caller).

const CDN = "https://cdn.discordapp.com";

/** Discord answered with an unexpected 4xx (for OAuth: 400 invalid_grant). Still a 502 for our caller. */
export class PlatformRejectedError extends PlatformUnavailableError {
  constructor(readonly upstreamStatus: number) {
    super(`The chat platform refused the request (${upstreamStatus}).`);
  }
}

export interface OAuthTokens {
  accessToken: string;
  refreshToken: string | null;
  /** Epoch ms. */
  expiresAt: number;
}

export interface DiscordUserProfile {
  id: string;
  username: string;
  avatar: string | null;
}

export interface DiscordOptions {
  apiBase: string;
  clientId: string;
  clientSecret: string;
  botToken: string;
  /** Persists refreshed OAuth tokens of a user. */
  onTokens?: (userId: string, tokens: OAuthTokens) => Promise<void>;
  /** Attempts per request, including the first (default 3). */
  maxTries?: number;
  /** First back-off delay after a 5xx or network error (default 500 ms, doubling). */
  retryBaseMs?: number;
  /** Longest `retry_after` we are willing to wait inside a request (default 10 s); longer fails at once. */
  maxRetryAfterMs?: number;
  /** Per-attempt timeout (default 10 s). */
  timeoutMs?: number;
  userGuildsTtlMs?: number;
  guildTtlMs?: number;
  botGuildsTtlMs?: number;
  fetch?: typeof fetch;
}

type Auth = { bot: true } | { bearer: string } | { basic: true } | { none: true };

interface RequestOptions {
  auth: Auth;
  method?: string;
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  form?: Record<string, string>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class DiscordPlatform implements PlatformAdapter {
  readonly kind = "discord" as const;
  private readonly maxTries: number;
  private readonly retryBaseMs: number;
  private readonly maxRetryAfterMs: number;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly userGuilds: TtlCache<UserGuild[]>;
  private readonly memberRoles: TtlCache<string[]>;
  private readonly guilds: TtlCache<PlatformGuild>;
  private readonly botGuilds: TtlCache<BotGuild[]>;

  constructor(private readonly options: DiscordOptions) {
    this.maxTries = options.maxTries ?? 3;
    this.retryBaseMs = options.retryBaseMs ?? 500;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 10_000;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.fetchImpl = options.fetch ?? fetch;
    this.userGuilds = new TtlCache(options.userGuildsTtlMs ?? 60_000);
    this.memberRoles = new TtlCache(options.userGuildsTtlMs ?? 60_000);
    this.guilds = new TtlCache(options.guildTtlMs ?? 30_000, 2000);
    this.botGuilds = new TtlCache(options.botGuildsTtlMs ?? 5 * 60_000, 1);
  }

  // ---- OAuth2 -------------------------------------------------------------------------------------------

  authorizeUrl(state: string, redirectUri: string): string {
    const params = new URLSearchParams({
      client_id: this.options.clientId,
      response_type: "code",
      redirect_uri: redirectUri,
      scope: "identify guilds",
      state,
      prompt: "none",
    });
    // Discord's authorize page lives on the API's origin (https://discord.com), so a stub can stand in for it.
    return `${new URL(this.options.apiBase).origin}/oauth2/authorize?${params}`;
  }

  async exchangeCode(code: string, redirectUri: string): Promise<OAuthTokens> {
    const body = await this.request<{ access_token: string; refresh_token?: string; expires_in?: number }>("/oauth2/token", {
      auth: { basic: true },
      method: "POST",
      form: { grant_type: "authorization_code", code, redirect_uri: redirectUri },
    });
    return toTokens(body);
  }

  async refreshTokens(refreshToken: string): Promise<OAuthTokens> {
    const body = await this.request<{ access_token: string; refresh_token?: string; expires_in?: number }>("/oauth2/token", {
      auth: { basic: true },
      method: "POST",
      form: { grant_type: "refresh_token", refresh_token: refreshToken },
    });
    return toTokens(body);
  }

  async getCurrentUser(accessToken: string): Promise<DiscordUserProfile> {
    const me = await this.request<{ id: string; username: string; global_name?: string | null; avatar: string | null }>(
      "/users/@me",
      { auth: { bearer: accessToken } },
    );
    return { id: me.id, username: me.global_name || me.username, avatar: me.avatar };
  }

  // ---- PlatformAdapter ----------------------------------------------------------------------------------

  listUserGuilds(user: PlatformUser): Promise<UserGuild[]> {
    return this.userGuilds.get(user.id, async () => {
      const token = await this.validAccessToken(user);
      const out: UserGuild[] = [];
      let after: string | undefined;
      for (let page = 0; page < 5; page++) {
        const batch = await this.request<{ id: string; name: string; icon: string | null; owner?: boolean; permissions?: string }[]>(
          "/users/@me/guilds",
          { auth: { bearer: token }, query: { limit: 200, after } },
        );
        for (const g of batch) {
          out.push({
            id: g.id,
            name: g.name,
            icon_url: g.icon ? `${CDN}/icons/${g.id}/${g.icon}.png` : null,
            owner: g.owner === true,
            permissions: g.permissions ?? "0",
          });
        }
        if (batch.length < 200) break;
        after = batch[batch.length - 1].id;
      }
      return out;
    });
  }

  getMemberRoles(guildId: string, userId: string): Promise<string[]> {
    return this.memberRoles.get(`${guildId}:${userId}`, async () => {
      try {
        const member = await this.request<{ roles?: string[] }>(`/guilds/${guildId}/members/${userId}`, { auth: { bot: true } });
        return member.roles ?? [];
      } catch (error) {
        if (error instanceof PlatformNotFoundError) return [];
        throw error;
      }
    });
  }

  listBotGuilds(): Promise<BotGuild[]> {
    return this.botGuilds.get("bot", async () => {
      const out: BotGuild[] = [];
      let after: string | undefined;
      for (let page = 0; page < 50; page++) {
        const batch = await this.request<{ id: string; approximate_member_count?: number }[]>("/users/@me/guilds", {
          auth: { bot: true },
          query: { limit: 200, after, with_counts: "true" },
        });
        for (const g of batch) out.push({ id: g.id, member_count: g.approximate_member_count ?? 0 });
        if (batch.length < 200) break;
        after = batch[batch.length - 1].id;
      }
      return out;
    });
  }

  getGuild(guildId: string): Promise<PlatformGuild> {
    return this.guilds.get(guildId, () => this.fetchGuild(guildId));
  }

  async applyTeamRole(guildId: string, _teamId: number | string, roleId: string, _op: "add" | "remove"): Promise<void> {
    // Staff teams live in our database; the bot reads them. Here we only make sure the role is real.
    let guild = await this.getGuild(guildId);
    if (!guild.roles.some((r) => r.id === roleId)) {
      this.guilds.delete(guildId);
      guild = await this.getGuild(guildId);
      if (!guild.roles.some((r) => r.id === roleId)) throw new PlatformNotFoundError("Role not found");
    }
  }

  async sendPanelMessage(guildId: string, channelId: string, payload: PanelMessagePayload): Promise<string> {
    // Only to a text channel of this guild: the bot may be in other guilds the caller has no access to.
    let guild = await this.getGuild(guildId);
    if (!guild.text_channels.some((c) => c.id === channelId)) {
      this.guilds.delete(guildId);
      guild = await this.getGuild(guildId);
      if (!guild.text_channels.some((c) => c.id === channelId)) throw new PlatformNotFoundError("Channel not found");
    }
    const message = await this.request<{ id: string }>(`/channels/${channelId}/messages`, {
      auth: { bot: true },
      method: "POST",
      json: payload,
    });
    return message.id;
  }

  forgetUser(userId: string): void {
    this.userGuilds.delete(userId);
    this.memberRoles.deleteWhere((key) => key.endsWith(`:${userId}`));
  }

  // ---- internals ----------------------------------------------------------------------------------------

  private async fetchGuild(guildId: string): Promise<PlatformGuild> {
    type RawGuild = {
      id: string;
      name: string;
      icon: string | null;
      owner_id: string;
      roles: { id: string; name: string; position: number; managed?: boolean }[];
      emojis?: { id: string | null; name: string | null; animated?: boolean }[];
      approximate_member_count?: number;
      member_count?: number;
      premium_subscription_count?: number;
    };
    type RawChannel = { id: string; name: string; type: number; position: number; parent_id?: string | null };
    const [guild, channels] = await Promise.all([
      this.request<RawGuild>(`/guilds/${guildId}`, { auth: { bot: true }, query: { with_counts: "true" } }),
      this.request<RawChannel[]>(`/guilds/${guildId}/channels`, { auth: { bot: true } }),
    ]);
    let owner = { id: guild.owner_id, username: "Unknown", avatar_url: null as string | null };
    try {
      const u = await this.request<{ id: string; username: string; global_name?: string | null; avatar: string | null }>(
        `/users/${guild.owner_id}`,
        { auth: { bot: true } },
      );
      owner = { id: u.id, username: u.global_name || u.username, avatar_url: u.avatar ? `${CDN}/avatars/${u.id}/${u.avatar}.png` : null };
    } catch (error) {
      if (!(error instanceof PlatformNotFoundError)) throw error;
    }
    const byPosition = (a: GuildChannel, b: GuildChannel) => a.position - b.position;
    return {
      id: guild.id,
      name: guild.name,
      icon_url: guild.icon ? `${CDN}/icons/${guild.id}/${guild.icon}.png` : null,
      roles: guild.roles
        .filter((r) => r.id !== guild.id)
        .map((r) => ({ id: r.id, name: r.name, position: r.position }))
        .sort((a, b) => b.position - a.position),
      text_channels: channels
        .filter((c) => c.type === 0 || c.type === 5)
        .map((c) => ({ id: c.id, name: c.name, position: c.position, parent_id: c.parent_id ?? null }))
        .sort(byPosition),
      categories: channels
        .filter((c) => c.type === 4)
        .map((c) => ({ id: c.id, name: c.name, position: c.position }))
        .sort(byPosition),
      emojis: (guild.emojis ?? [])
        .filter((e): e is { id: string; name: string; animated?: boolean } => Boolean(e.id && e.name))
        .map((e) => ({ id: e.id, name: e.name, url: `${CDN}/emojis/${e.id}.${e.animated ? "gif" : "png"}` })),
      member_count: guild.approximate_member_count ?? guild.member_count ?? 0,
      boosts: guild.premium_subscription_count ?? 0,
      owner,
    };
  }

  private async validAccessToken(user: PlatformUser): Promise<string> {
    if (!user.accessToken) throw new PlatformAuthError(authMessages.authenticationFailed);
    const expiresSoon = user.tokenExpiresAt != null && user.tokenExpiresAt < Date.now() + 60_000;
    if (!expiresSoon) return user.accessToken;
    if (!user.refreshToken) throw new PlatformAuthError(authMessages.authenticationFailed);
    let tokens: OAuthTokens;
    try {
      tokens = await this.refreshTokens(user.refreshToken);
    } catch (error) {
      // Discord answers 400 invalid_grant for a revoked refresh token: the user must sign in again.
      if (error instanceof PlatformRejectedError && error.upstreamStatus === 400) {
        throw new PlatformAuthError(authMessages.authenticationFailed);
      }
      throw error;
    }
    await this.options.onTokens?.(user.id, tokens);
    return tokens.accessToken;
  }

  /** One REST call with bounded retries. Exposed for the OAuth flow and tests. */
  async request<T>(path: string, options: RequestOptions): Promise<T> {
    const url = new URL(this.options.apiBase + path);
    for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { "User-Agent": "DiscordBot (https://github.com/ticketeer, 0.1.0)", Accept: "application/json" };
    let body: string | undefined;
    if ("bot" in options.auth) headers.Authorization = `Bot ${this.options.botToken}`;
    else if ("bearer" in options.auth) headers.Authorization = `Bearer ${options.auth.bearer}`;
    else if ("basic" in options.auth) {
      headers.Authorization = `Basic ${Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString("base64")}`;
    }
    if (options.form) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(options.form).toString();
    } else if (options.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(options.json);
    }
    const method = options.method ?? "GET";
    let lastProblem = "no attempt";
    for (let attempt = 1; attempt <= this.maxTries; attempt++) {
      let response: Response;
      try {
        response = await this.fetchImpl(url, { method, headers, body, signal: AbortSignal.timeout(this.timeoutMs) });
      } catch (error) {
        lastProblem = `network error: ${(error as Error).message}`;
        if (attempt < this.maxTries) await sleep(this.retryBaseMs * 2 ** (attempt - 1));
        continue;
      }
      if (response.ok) {
        if (response.status === 204) return undefined as T;
        try {
          return (await response.json()) as T;
        } catch {
          throw new PlatformUnavailableError("The chat platform sent an unreadable answer.");
        }
      }
      const text = await response.text().catch(() => "");
      if (response.status === 429) {
        const waitMs = retryAfterMs(response, text);
        lastProblem = `429 rate limited (retry after ${waitMs} ms)`;
        if (waitMs > this.maxRetryAfterMs) break;
        if (attempt < this.maxTries) await sleep(waitMs);
        continue;
      }
      if (response.status >= 500) {
        lastProblem = `${response.status}`;
        if (attempt < this.maxTries) await sleep(this.retryBaseMs * 2 ** (attempt - 1));
        continue;
      }
      if (response.status === 401 && "bearer" in options.auth) throw new PlatformAuthError(authMessages.authenticationFailed);
      if (response.status === 403 || response.status === 404) {
        throw new PlatformNotFoundError(path.startsWith("/guilds/") ? "Guild not found" : "Not found");
      }
      throw new PlatformRejectedError(response.status);
    }
    throw new PlatformUnavailableError(`The chat platform is unavailable (${lastProblem}). Please try again later.`);
  }
}

function retryAfterMs(response: Response, text: string): number {
  try {
    const body = JSON.parse(text) as { retry_after?: number };
    if (typeof body.retry_after === "number" && body.retry_after >= 0) return Math.ceil(body.retry_after * 1000);
  } catch {
    // fall through to the header
  }
  const header = Number(response.headers.get("retry-after"));
  return Number.isFinite(header) && header >= 0 ? Math.ceil(header * 1000) : 1000;
}

function toTokens(body: { access_token: string; refresh_token?: string; expires_in?: number }): OAuthTokens {
  if (!body?.access_token) throw new PlatformUnavailableError("The chat platform sent no access token.");
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token ?? null,
    expiresAt: Date.now() + (body.expires_in ?? 604800) * 1000,
  };
}
