import type { FastifyRequest } from "fastify";
import { authMessages } from "../../src/schemas/messages";
import { HttpError } from "../errors";
import { findSessionUser } from "./sessions";
import type { SessionUser } from "./session-user";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user; set by `authenticate` (and therefore by `guard`). */
    user: SessionUser | null;
  }
}

/** The bearer token of a request, or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== "string") return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * preHandler: requires a valid session. 401 `Not authenticated` without a token; 401 `Authentication
 * failed...` for an unknown, expired or revoked one.
 */
export async function authenticate(request: FastifyRequest): Promise<void> {
  if (request.user) return;
  const token = bearerToken(request);
  if (!token) throw new HttpError(401, authMessages.notAuthenticated);
  const user = await findSessionUser(request.server.db, request.server.secrets, request.server.sessionCache, token);
  if (!user) throw new HttpError(401, authMessages.authenticationFailed);
  request.user = user;
}
