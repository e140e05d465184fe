import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ZodError } from "zod";

/** An error with an HTTP status whose message is safe to show to the caller. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: string[],
    /** A machine-readable reason beside the message (e.g. "reauthenticate"). */
    readonly code?: string,
  ) {
    super(message);
  }
}

export const notFound = (message = "Not found") => new HttpError(404, message);
export const badRequest = (message: string, errors?: string[]) => new HttpError(400, message, errors);

/** The chat platform failed (down, rate limited beyond our retries, unexpected answer): 502. */
export class PlatformUnavailableError extends Error {
  readonly statusCode = 502;
  constructor(message = "The chat platform is unavailable. Please try again later.") {
    super(message);
  }
}

/** Why Discord refused an action of the bot (what the member is told and the owner is shown follows from it). */
export type RefusalReason =
  /** 403, code 50013: the bot lacks a permission the action needs. */
  | "missingPermission"
  /** 400 CHANNEL_PARENT_MAX_CHANNELS: the category holds 50 channels. */
  | "categoryFull"
  /** 30013: the server holds 500 channels. */
  | "serverFull"
  /** 429 with a wait longer than we hold a request for (a channel renamed twice in ten minutes). */
  | "rateLimited"
  /** We stopped sending: too many refused requests recently (Discord bans an address past 10,000 in ten minutes). */
  | "backingOff";

/** Discord refused an action of the bot for a reason the member and the owner can be told: still a 502 for API callers. */
export class PlatformRefusedError extends PlatformUnavailableError {
  constructor(
    readonly reason: RefusalReason,
    message: string,
    /** rateLimited: how long until Discord allows it again. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/** The platform refused the user's own credentials (revoked OAuth token): the session is no good, 401. */
export class PlatformAuthError extends Error {
  readonly statusCode = 401;
}

/** The platform does not know the guild (or the bot is not in it): 404. */
export class PlatformNotFoundError extends Error {
  readonly statusCode = 404;
  constructor(
    message?: string,
    /** The platform's own code for what it does not know, when it said (Discord's 10007: Unknown Member). */
    readonly platformCode: number | null = null,
  ) {
    super(message);
  }
}

/** Discord's code for a user who is not a member of the guild (left, or banned). */
export const UNKNOWN_MEMBER = 10007;

/** The `{error, errors}` body of validation messages: each message once, joined with ", ". */
export function validationErrorBody(messages: string[]) {
  const errors = [...new Set(messages)];
  return { error: errors.join(", "), errors };
}

/** Turns a zod error into the `{error, errors}` body. */
export const zodErrorBody = (error: ZodError) => validationErrorBody(error.issues.map((i) => i.message));

type Parser<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false; error: ZodError } };

/** The schema's output, or a 400 `{error, errors}` with its messages. */
export function validated<T>(schema: Parser<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const body = zodErrorBody(parsed.error);
    throw new HttpError(400, body.error, body.errors);
  }
  return parsed.data;
}

// Errors of the database driver meaning "the database is not reachable right now" (not a bad query).
const unavailableCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "ETIMEDOUT",
  "EAI_AGAIN",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "08000",
  "08001",
  "08003",
  "08006",
  "SQLITE_BUSY",
  "SQLITE_LOCKED",
  "SQLITE_CANTOPEN",
  "SQLITE_IOERR",
  "SQLITE_FULL",
  "SQLITE_READONLY",
]);

function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === "string" && (unavailableCodes.has(code) || code.startsWith("SQLITE_IOERR"))) return true;
  const message = (error as Error)?.message ?? "";
  return /timeout exceeded when trying to connect|Connection terminated|driver has already been destroyed/i.test(message);
}

// PostgreSQL refusing a value the caller sent (a NUL character in text, a number beyond an integer column, text
// where a number belongs): the request is at fault, so 400, never 500. SQLite accepts these values.
const refusedValueCodes = new Set(["22021", "22P05", "22003", "22P02"]);
export const refusedValueMessage = "The request contains a value that cannot be stored (a NUL character or a number out of range)";
const isRefusedValue = (error: unknown) => refusedValueCodes.has(String((error as { code?: unknown })?.code));

/** One error handler for the whole API: JSON `{error}` bodies, no stack traces, 500s logged. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof ZodError) return reply.code(400).send(zodErrorBody(error));
    // A route's schema refused the request (server/http/support/route-schemas.ts): a path id that names nothing is a 404,
    // a bad body or query string a 400 with the schema's messages.
    if (hasZodFastifySchemaValidationErrors(error)) {
      if ((error as FastifyError).validationContext === "params") return reply.code(404).send({ error: "Not found" });
      return reply.code(400).send(validationErrorBody(error.validation.map((issue) => issue.message ?? "Invalid input")));
    }
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .send({ error: error.message, ...(error.errors ? { errors: error.errors } : {}), ...(error.code ? { code: error.code } : {}) });
    }
    if (error instanceof PlatformUnavailableError || error instanceof PlatformAuthError || error instanceof PlatformNotFoundError) {
      if (error instanceof PlatformUnavailableError) request.log.warn({ err: error }, "platform unavailable");
      return reply.code(error.statusCode).send({ error: error.message });
    }
    if (isRefusedValue(error)) return reply.code(400).send({ error: refusedValueMessage });
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, "database unavailable");
      return reply.code(503).send({ error: "Database unavailable. Please try again later." });
    }
    const status = (error as FastifyError).statusCode;
    if (typeof status === "number" && status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, unsupported media type, rate limit).
      if (status === 429) return reply.code(429).send({ error: "Too many requests. Please try again later." });
      return reply.code(status).send({ error: error.message });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send({ error: "Internal server error" });
  });
}
