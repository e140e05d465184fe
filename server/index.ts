import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { startSessionPruning, startTicketScheduler, startWebhookSender } from "./http/jobs";
import { runSeeds } from "./seed";
import { registerSlashCommands } from "./discord/application-commands";

// Starts the API and the static server: migrations, demo data on first start, listen, graceful shutdown.

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({ config });
  if (app.platform.kind === "demo") {
    const ran = await runSeeds(app.db);
    if (ran.length) app.log.info({ steps: ran }, "demo data seeded");
  }
  const stopPruning = await startSessionPruning(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    stopPruning();
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  if (app.platform.kind === "demo") {
    app.log.warn(
      config.hostExplicit
        ? `Demo platform: anyone who can reach ${config.host}:${config.port} can sign in as Demo Admin.`
        : `Demo platform: listening on ${config.host} only (anyone who can reach a demo server can sign in as Demo Admin). Set HOST=0.0.0.0 to accept other machines.`,
    );
  }
  startTicketScheduler(app);
  startWebhookSender(app);
  if (app.platform.kind === "discord") {
    if (!config.discordPublicKey) {
      app.log.warn("DISCORD_PUBLIC_KEY is not set: Discord's interactions (panel buttons, slash commands) are refused until it is.");
    }
    await registerSlashCommands(app);
    app.log.info(`Interactions Endpoint URL for the Discord developer portal: ${config.publicUrl}/api/interactions`);
    // DISCORD_GATEWAY=1: events as they happen, shards shared with the other instances on this database.
    app.gateway?.startSoon();
  }
  app.log.info(
    { mode: app.platform.kind, database: app.dbDialect, publicUrl: config.publicUrl },
    `Ticketeer is running at ${config.publicUrl} (${app.platform.kind} platform, ${app.dbDialect})`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
