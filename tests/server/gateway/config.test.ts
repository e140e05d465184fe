import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../../server/config";

// DISCORD_GATEWAY=1 is Discord mode's: the demo platform has no gateway. Its knobs have Discord-minded defaults.

const discord = { DISCORD_CLIENT_ID: "1", DISCORD_CLIENT_SECRET: "s", DISCORD_BOT_TOKEN: "t" };

describe("the gateway's configuration", () => {
  it("is off by default; on with DISCORD_GATEWAY=1 in Discord mode, with a 20 s lease and 30 days of retention", () => {
    expect(loadConfig({ NODE_ENV: "test", ...discord }).discordGateway).toBe(false);
    const on = loadConfig({ NODE_ENV: "test", ...discord, DISCORD_GATEWAY: "1" });
    expect([on.discordGateway, on.gatewayLeaseMs, on.guildRetentionDays]).toEqual([true, 20_000, 30]);
  });

  it("refuses DISCORD_GATEWAY=1 without Discord mode, and a lease or retention out of bounds", () => {
    expect(() => loadConfig({ NODE_ENV: "test", DISCORD_GATEWAY: "1" })).toThrow(
      new ConfigError(
        "Invalid configuration: DISCORD_GATEWAY=1 needs Discord mode (DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET and DISCORD_BOT_TOKEN)",
      ),
    );
    expect(() => loadConfig({ NODE_ENV: "test", ...discord, GATEWAY_LEASE_MS: "500" })).toThrow(/GATEWAY_LEASE_MS/);
    expect(() => loadConfig({ NODE_ENV: "test", ...discord, GUILD_RETENTION_DAYS: "0" })).toThrow(/GUILD_RETENTION_DAYS/);
  });
});
