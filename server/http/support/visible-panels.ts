import type { FastifyInstance, FastifyRequest } from "fastify";
import { guildIdOf } from "../../access/guard";
import { panelsVisibleToUser } from "../../tickets/visibility";
import { settingsOfRequest } from "./bot-language";

/** TranscriptsPanelPermission for a guarded request's caller: "all", or the panels they may see (server/tickets/visibility.ts). */
export const panelsVisibleTo = (app: FastifyInstance, request: FastifyRequest) =>
  panelsVisibleToUser(app.db, guildIdOf(request), request.resolved, () => settingsOfRequest(app, request));
