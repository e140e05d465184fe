import path from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { registerActivityLog } from "./activity/log";
import { listenForSessionChanges, SessionCache } from "./auth/session-cache";
import { storeUserTokens } from "./auth/sessions";
import { registerBotSetup } from "./bot-setup/service";
import type { Config } from "./config";
import { registerConfigTransfer } from "./config-transfer/service";
import { keyringFor, type SecretBox } from "./crypto";
import { createDatabase, type DatabaseHandle, migrateToLatest } from "./db/client";
import { GuildGenerations, watchGuildChanges } from "./db/guild-changes";
import { registerErrorHandler } from "./errors";
import { registerForms } from "./forms/service";
import { ShardCoverage } from "./gateway/coverage";
import { createGatewayRunner } from "./gateway/runner";
import activityRoutes from "./http/activity";
import authRoutes from "./http/auth";
import botSetupRoutes from "./http/bot-setup";
import configTransferRoutes from "./http/config-transfer";
import dataRightsRoutes from "./http/data-rights";
import guildRoutes from "./http/guilds";
import healthRoutes from "./http/health";
import discordInteractionRoutes from "./http/interactions";
import openApiRoutes from "./http/openapi";
import resourceRoutes from "./http/resources";
import statisticsRoutes from "./http/statistics";
import statsRoutes from "./http/stats";
import { registerInteractionLimits } from "./http/support/interaction-limits";
import { registerOpenApi } from "./http/support/openapi/document";
import { pgRateLimitStore } from "./http/support/pg-rate-limit-store";
import { registerRateLimits } from "./http/support/rate-limits";
import { registerResponseCache } from "./http/support/response-cache";
import { recordRoutes } from "./http/support/route-table";
import { installRouteSchemas } from "./http/support/route-schemas";
import { registerSecurityHeaders } from "./http/support/security";
import { registerStatic } from "./http/support/static";
import ticketEventRoutes from "./http/ticket-events";
import ticketBulkRoutes from "./http/ticket-bulk";
import ticketRoutes from "./http/tickets";
import helpdeskRoutes from "./http/helpdesk";
import myTicketRoutes from "./http/my-tickets";
import transcriptBulkRoutes from "./http/transcript-bulk";
import transcriptRoutes from "./http/transcripts";
import viewRoutes from "./http/views";
import demoRoutes from "./http/try-it";
import apiKeyRoutes from "./http/api-keys";
import webhookRoutes from "./http/webhooks";
import { registerPanels } from "./panels/service";
import type { PlatformAdapter } from "./platform/adapter";
import { realClock } from "./platform/clock";
import { DemoPlatform } from "./platform/demo";
import { DiscordPlatform } from "./platform/discord";
import { checkResourceTables } from "./resources/tables";
import { registerSettings } from "./settings/service";
import { registerTeams } from "./teams/service";
import { TeamRoleSync } from "./teams/role-sync";
import { createLocalTicketEventBus } from "./tickets/events";
import { createPgTicketEventBus } from "./tickets/pg-events";
import { registerTicketEngine } from "./tickets/plugin";
import { registerTranscripts } from "./transcripts/service";
import { registerWebhooks } from "./webhooks/service";
import { registerRetention } from "./retention/sweep";
import { registerSavedViews } from "./views/service";
import { registerTryIt } from "./try-it/channels";
import { type CommandRegistry, loadCommands } from "./discord/command-registry";
import { discordMessages } from "./discord/messages";
import { registerDiscordDoor } from "./discord/plugin";
import { registerHelpDesk } from "./helpdesk/service";
import { appVersion } from "./version";

export interface BuildAppOptions {
  config: Config;
  /** An open database; when omitted, buildApp opens the configured one and closes it with the app. */
  db?: DatabaseHandle;
  /** The chat platform; when omitted, the configured one (demo or Discord). */
  platform?: PlatformAdapter;
  /** The built client to serve (default ./dist). */
  distDir?: string;
  /** Folders of more command files beside server/discord/commands/ (a test's own command). */
  commandFolders?: string[];
}

/**
 * The domain services, each decorated once on the app (app.settings, app.teams, …, app.tickets, app.helpdesk), then the
 * doors into the ticket core (app.discord, app.tryIt), in this order: each comes after what it reads. The ticket core
 * speaks through the Discord door's words (discordMessages); Bot setup checks Discord has the command files' commands.
 * The entry points (server/http/) call them.
 */
const services = (commands: CommandRegistry): ((app: FastifyInstance) => void | Promise<void>)[] => [
  registerActivityLog,
  registerWebhooks,
  registerSettings,
  registerTeams,
  registerForms,
  registerPanels,
  registerTranscripts,
  registerConfigTransfer,
  (app) => registerBotSetup(app, commands.labels()),
  registerRetention,
  registerSavedViews,
  (app) => registerTicketEngine(app, discordMessages),
  registerHelpDesk,
  (app) => registerDiscordDoor(app, commands),
  registerTryIt,
];

/**
 * Route plugins (server/http/), each registered under /api. A declared resource's routes are generated
 * (http/resources.ts, from src/schemas/resources.ts); for anything else write http/<name>.ts over a service and add it
 * here. Paths inside are those of docs/API.md (`/guilds`, `/:guildId(^\\d+$)/tags`, `/api/auth/user`).
 */
const apiRoutes = [
  healthRoutes,
  statsRoutes,
  authRoutes,
  guildRoutes,
  resourceRoutes,
  activityRoutes,
  botSetupRoutes,
  transcriptRoutes,
  viewRoutes,
  transcriptBulkRoutes,
  configTransferRoutes,
  dataRightsRoutes,
  ticketRoutes,
  ticketBulkRoutes,
  helpdeskRoutes,
  myTicketRoutes,
  ticketEventRoutes,
  statisticsRoutes,
  webhookRoutes,
  apiKeyRoutes,
  demoRoutes,
  discordInteractionRoutes,
  openApiRoutes,
];

/** The adapter of the configuration: Discord when its three credentials are set, the demo platform otherwise. */
function createPlatform(config: Config, db: DatabaseHandle["db"], secrets: SecretBox, sessionCache: SessionCache): PlatformAdapter {
  if (!config.discord) return new DemoPlatform(db);
  return new DiscordPlatform({
    apiBase: config.discordApiBase,
    clientId: config.discord.clientId,
    clientSecret: config.discord.clientSecret,
    botToken: config.discord.botToken,
    restProxy: config.discordRestProxy ?? undefined,
    restProxySecret: config.discordProxySecret ?? undefined,
    invalidRequestLimit: config.discordInvalidRequestLimit,
    // Refreshed OAuth tokens are stored sealed, beside the user (server/auth/sessions.ts).
    onTokens: (userId, tokens) => storeUserTokens(db, secrets, sessionCache, userId, tokens),
  });
}

/** Hides the session token that arrives in /dashboard?token=... from the logs. */
const redactUrl = (url: string) => url.replace(/([?&]token=)[^&]*/gi, "$1[redacted]");

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const handle = options.db ?? createDatabase(config);
  const ownsDb = !options.db;
  const guildGenerations = new GuildGenerations();
  let guildChanges: Awaited<ReturnType<typeof watchGuildChanges>>;
  try {
    await migrateToLatest(handle);
    // The spec'd resources' tables, made by the migrations: each must be what its spec says (server/resources/tables.ts).
    await checkResourceTables(handle.db, handle.dialect);
    // After them: every table with a guild_id column reports its writes (the response cache's generations).
    guildChanges = await watchGuildChanges(handle, config.databaseUrl, guildGenerations);
  } catch (error) {
    if (ownsDb) await handle.destroy();
    throw error;
  }

  const app = Fastify({
    // A hop count trusts that many proxies nearest to us (proxy-addr's hop index counts from the socket).
    trustProxy:
      typeof config.trustProxy === "number" ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // One line per request is for production log shipping (or LOG_LEVEL=debug), not for `npm start`'s console.
    logController: new LogController({ disableRequestLogging: !config.isProduction && !["debug", "trace"].includes(config.logLevel) }),
    logger: {
      level: config.logLevel,
      redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: redactUrl(req.url),
          remoteAddress: req.ip,
        }),
      },
    },
  });

  app.decorate("config", config);
  app.decorate("db", handle.db);
  app.decorate("dbDialect", handle.dialect);
  const secrets = keyringFor(config).secrets;
  app.decorate("secrets", secrets);
  // On PostgreSQL the session cache is used only while it hears every instance's changes; without the URL to listen
  // with (a database handed in), never.
  const sessionCache = new SessionCache({ enabled: handle.dialect === "sqlite" });
  const sessionListener =
    handle.dialect === "postgres" && config.databaseUrl
      ? await listenForSessionChanges(handle.db, config.databaseUrl, sessionCache)
      : undefined;
  app.decorate("sessionCache", sessionCache);
  app.decorate("guildGenerations", guildGenerations);
  app.decorate("platform", options.platform ?? createPlatform(config, handle.db, secrets, sessionCache));
  app.decorate("clock", app.platform instanceof DemoPlatform ? app.platform.clock : realClock);
  app.decorate("teamRoleSync", new TeamRoleSync(app.platform, app.log));
  // Several instances on one PostgreSQL hear each other's ticket events; one SQLite process needs no more than itself.
  const ticketEvents = config.databaseUrl
    ? await createPgTicketEventBus({ connectionString: config.databaseUrl, schema: config.databaseSchema, log: app.log })
    : createLocalTicketEventBus();
  app.decorate("ticketEvents", ticketEvents);
  // DISCORD_GATEWAY=1: the core learns whether a server's events arrive through the gateway (server/gateway/).
  const gatewayPlatform = config.discordGateway && app.platform instanceof DiscordPlatform ? app.platform : null;
  if (gatewayPlatform) app.decorate("gatewayCoverage", new ShardCoverage(handle.db));
  for (const register of services(await loadCommands(options.commandFolders))) await register(app);
  // The gateway runner is made here and started by index.ts once the app listens.
  app.decorate("gateway", gatewayPlatform ? createGatewayRunner(app) : null);
  app.decorateRequest("user", null);
  app.decorateRequest("apiKey", null);
  app.decorateRequest("access", null);
  app.decorateRequest("resolved", null);
  app.decorateRequest("responseCacheSlot", null);
  app.addHook("onClose", async () => {
    await app.gateway?.stop();
    await app.teamRoleSync.idle();
    await ticketEvents.close();
    await sessionListener?.close();
    await guildChanges?.close();
    if (ownsDb) await handle.destroy();
  });

  // JSON bodies as usual, but an empty body with a JSON content type counts as no body (POST /logout).
  const defaultJsonParser = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if ((body as string).trim() === "") return done(null, undefined);
    return defaultJsonParser(request, body as string, done);
  });

  registerErrorHandler(app);
  registerSecurityHeaders(app, config);
  await app.register(fastifyCookie);
  // On PostgreSQL the counters live in the database: every instance counts against the same budget.
  await app.register(fastifyRateLimit, { global: false, ...(handle.dialect === "postgres" ? { store: pgRateLimitStore(handle.db) } : {}) });
  // Before the route plugins: the route table (security tests) and the limit on writes see every route.
  recordRoutes(app);
  installRouteSchemas(app);
  registerRateLimits(app, config);
  registerInteractionLimits(app);
  await registerOpenApi(app, appVersion);
  app.decorate("responseCache", registerResponseCache(app, guildGenerations));

  for (const routes of apiRoutes) await app.register(routes, { prefix: "/api" });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: "Not found" }));
  await registerStatic(app, options.distDir ?? path.resolve(process.env.DIST_DIR ?? "dist"));
  return app;
}
