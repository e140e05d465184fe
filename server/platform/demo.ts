import { PlatformNotFoundError } from "../errors";
import type { BotGuild, PanelMessagePayload, PlatformAdapter, PlatformGuild, PlatformUser, UserGuild } from "./adapter";
import type { Db } from "../db/schema";
import {
  type DemoGuild,
  type DemoMembership,
  demoGuilds,
  demoMemberships,
  demoUsers,
  LARGE_GUILD_SEEDED_META,
  largeGuild,
  largeGuildMembership,
} from "./demo-fixtures";

/** The demo platform: fixed guilds and memberships from demo-fixtures.ts, no network. */
export class DemoPlatform implements PlatformAdapter {
  /** With the database, the large-data guild is listed once scripts/seed-large.ts has filled it. */
  constructor(private readonly db?: Db) {}
  private largeGuildSeen = false;
  private largeGuildCheckedAt = 0;

  readonly kind = "demo" as const;
  /** Panel messages "sent" so far (tests and the demo inspect them). */
  readonly sentMessages: { guildId: string; channelId: string; messageId: string; payload: PanelMessagePayload }[] = [];
  private nextMessageId = BigInt("1300000000000000000");

  async listUserGuilds(user: PlatformUser): Promise<UserGuild[]> {
    return (await this.memberships())
      .filter((m) => m.userId === user.id)
      .map((m) => {
        const guild = this.find(m.guildId)!;
        return { id: guild.id, name: guild.name, icon_url: guild.icon_url, owner: m.owner, permissions: m.permissions, roles: [...m.roles] };
      });
  }

  async getMemberRoles(guildId: string, userId: string): Promise<string[]> {
    return [...((await this.memberships()).find((m) => m.guildId === guildId && m.userId === userId)?.roles ?? [])];
  }

  async listBotGuilds(): Promise<BotGuild[]> {
    return demoGuilds.map((g) => ({ id: g.id, member_count: g.member_count }));
  }

  async getGuild(guildId: string): Promise<PlatformGuild> {
    const g = this.find(guildId);
    if (!g) throw new PlatformNotFoundError("Guild not found");
    const owner = demoUsers.find((u) => u.id === g.owner_id)!;
    return {
      id: g.id,
      name: g.name,
      icon_url: g.icon_url,
      roles: [...g.roles].sort((a, b) => b.position - a.position),
      text_channels: g.text_channels.map((c) => ({ ...c })),
      categories: g.categories.map((c) => ({ ...c })),
      emojis: g.emojis.map((e) => ({ ...e })),
      member_count: g.member_count,
      boosts: g.boosts,
      owner: { id: owner.id, username: owner.username, avatar_url: owner.avatar },
    };
  }

  async applyTeamRole(guildId: string, _teamId: number | string, roleId: string, _op: "add" | "remove"): Promise<void> {
    const g = this.find(guildId);
    if (!g) throw new PlatformNotFoundError("Guild not found");
    if (!g.roles.some((r) => r.id === roleId)) throw new PlatformNotFoundError("Role not found");
  }

  async sendPanelMessage(guildId: string, channelId: string, payload: PanelMessagePayload): Promise<string> {
    const g = this.find(guildId);
    if (!g) throw new PlatformNotFoundError("Guild not found");
    if (!g.text_channels.some((c) => c.id === channelId)) throw new PlatformNotFoundError("Channel not found");
    const messageId = String(this.nextMessageId++);
    this.sentMessages.push({ guildId, channelId, messageId, payload });
    return messageId;
  }

  forgetUser(): void {}

  private find(guildId: string): DemoGuild | undefined {
    return demoGuilds.find((g) => g.id === guildId) ?? (guildId === largeGuild.id ? largeGuild : undefined);
  }

  /** The fixed memberships, plus the large guild's once its data exists (checked at most every 5 s until then). */
  private async memberships(): Promise<DemoMembership[]> {
    if (!this.largeGuildSeen && this.db && Date.now() - this.largeGuildCheckedAt > 5000) {
      this.largeGuildCheckedAt = Date.now();
      const row = await this.db.selectFrom("meta").select("key").where("key", "=", LARGE_GUILD_SEEDED_META).executeTakeFirst();
      this.largeGuildSeen = row !== undefined;
    }
    return this.largeGuildSeen ? [...demoMemberships, largeGuildMembership] : demoMemberships;
  }
}
