import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AuthUser } from "../../src/schemas/auth";
import { authenticate } from "../auth/authenticate";
import { renderDemoSignInPage } from "../auth/demo-page";
import { consumeLoginState, issueLoginState, issueSignInCode, redeemSignInCode } from "../auth/login-state";
import { createSession, revokeSession, upsertUser } from "../auth/sessions";
import { appUrl, dashboardWithCode, oauthRedirectUri } from "../auth/urls";
import { demoSignInAllowed } from "../config";
import { HttpError, notFound } from "../errors";
import { demoUsers } from "../platform/demo-fixtures";
import { validateBodyInHandler } from "./support/route-schemas";
import { s } from "./support/openapi/components";
import { DiscordPlatform, PlatformRejectedError } from "../platform/discord";

// Sign-in and sessions. Paths are SPEC §7's `/api/auth/...` under the API base, so `/api/api/auth/...`.

const invalidState = "Invalid or expired sign-in request. Please sign in again.";
/** The code was not issued to this browser, was used already, or is too old. */
export const invalidSignInCode = "This sign-in link is not valid in this browser. Please sign in again.";
const demoDisabled = "Demo sign-in is disabled on this server";

const demoBody = s.demoSignIn;
const callbackQuery = s.callbackQuery;
const html = { description: "HTML page", content: { "text/html": { schema: z.string() } } };
/** A redirect: no body; the Location header says where. */
const redirect = (description: string) => z.null().describe(`Redirect (Location header): ${description}`);

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = app.config;
  // The demo form posts urlencoded bodies; only this plugin accepts them.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 4096 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const limited = { rateLimit: config.authRateLimit > 0 ? { max: config.authRateLimit, timeWindow: 60_000 } : (false as const) };
  const discord = () => {
    if (!(app.platform instanceof DiscordPlatform)) throw new Error("Discord mode without the Discord platform");
    return app.platform;
  };

  app.get(
    "/api/auth/login",
    { config: limited, schema: { tags: ["Auth"], summary: "Where to sign in", response: { 200: s.login } } },
    async (_request, reply) => {
      if (config.discord) {
        const state = await issueLoginState(app.db, config, reply, "discord");
        return { url: discord().authorizeUrl(state, oauthRedirectUri(config)) };
      }
      return { url: appUrl(config, "/api/api/auth/demo") };
    },
  );

  const demoDescription = "Refused in production unless DEMO_MODE=1, and in Discord mode.";
  app.get(
    "/api/auth/demo",
    {
      config: limited,
      schema: { tags: ["Auth"], summary: "Demo sign-in page", description: demoDescription, response: { 200: html, 403: s.error } },
    },
    async (_request, reply) => {
      if (!demoSignInAllowed(config)) throw new HttpError(403, demoDisabled);
      const state = await issueLoginState(app.db, config, reply, "demo");
      return reply
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send(renderDemoSignInPage(demoUsers, state, "/api/api/auth/demo"));
    },
  );

  app.post(
    "/api/auth/demo",
    {
      config: limited,
      // An invalid form is an invalid sign-in request: one message for every way it can be wrong.
      validatorCompiler: validateBodyInHandler,
      schema: {
        tags: ["Auth"],
        summary: "Sign in as a demo user",
        description: demoDescription,
        consumes: ["application/x-www-form-urlencoded"],
        body: demoBody,
        response: { 302: redirect("To /dashboard?token=<token>"), 403: s.error },
      },
    },
    async (request, reply) => {
      if (!demoSignInAllowed(config)) throw new HttpError(403, demoDisabled);
      const body = demoBody.safeParse(request.body ?? {});
      const valid = await consumeLoginState(app.db, request, reply, "demo", body.success ? body.data.state : undefined);
      if (!valid) throw new HttpError(400, invalidState);
      const user = demoUsers.find((u) => u.id === body.data!.user_id);
      if (!user) throw new HttpError(400, "Unknown demo user");
      await upsertUser(app.db, app.secrets, app.sessionCache, { id: user.id, username: user.username, avatar: user.avatar });
      app.platform.forgetUser(user.id);
      const code = await issueSignInCode(app.db, config, request, reply, user.id);
      return reply.header("cache-control", "no-store").redirect(dashboardWithCode(config, code), 302);
    },
  );

  app.get(
    "/api/auth/callback",
    {
      config: limited,
      schema: {
        tags: ["Auth"],
        summary: "Discord OAuth callback",
        querystring: callbackQuery,
        response: { 302: redirect("To /dashboard?token=<token>, or home when the user cancelled"), 404: s.error },
      },
    },
    async (request, reply) => {
      if (!config.discord) throw notFound();
      const query = request.query;
      const valid = await consumeLoginState(app.db, request, reply, "discord", query.state);
      if (query.error) return reply.redirect(appUrl(config, "/"), 302); // the user cancelled on Discord's page
      if (!valid) throw new HttpError(400, invalidState);
      if (!query.code) throw new HttpError(400, "Missing authorization code");
      const platform = discord();
      let tokens;
      try {
        tokens = await platform.exchangeCode(query.code, oauthRedirectUri(config));
      } catch (error) {
        if (error instanceof PlatformRejectedError && error.upstreamStatus === 400) {
          throw new HttpError(400, "Sign-in failed: the authorization code is invalid or expired. Please sign in again.");
        }
        throw error;
      }
      const profile = await platform.getCurrentUser(tokens.accessToken);
      await upsertUser(app.db, app.secrets, app.sessionCache, { ...profile, tokens });
      platform.forgetUser(profile.id);
      const code = await issueSignInCode(app.db, config, request, reply, profile.id);
      return reply.header("cache-control", "no-store").redirect(dashboardWithCode(config, code), 302);
    },
  );

  app.post(
    "/api/auth/exchange",
    {
      config: limited,
      schema: {
        tags: ["Auth"],
        summary: "Trade the sign-in's one-time code for a session",
        description:
          "The last step of a sign-in redirects to /dashboard?token=<code>. The dashboard posts the code here with the browser's sign-in cookie; only the browser that started the sign-in gets the session (no login CSRF, no session token in a URL).",
        body: s.signInExchange,
        response: { 200: s.signInSession, 401: s.error },
      },
    },
    async (request, reply) => {
      const userId = await redeemSignInCode(app.db, request, reply, request.body.code);
      if (!userId) throw new HttpError(401, invalidSignInCode);
      const session = await createSession(app.db, userId, config.sessionDays, config.reauthMinutes * 60_000);
      return reply
        .header("cache-control", "no-store")
        .send({ token: session.token, expires_at: new Date(session.expiresAt).toISOString() });
    },
  );

  app.get(
    "/api/auth/user",
    { onRequest: authenticate, schema: { tags: ["Auth"], summary: "The signed-in user", response: { 200: s.authUser } } },
    async (request) => {
      const user = request.user!;
      const body: AuthUser = {
        authenticated: true,
        expires_at: new Date(user.sessionExpiresAt).toISOString(),
        user: { user_id: user.id, username: user.username, avatar: user.avatar },
      };
      return body;
    },
  );

  app.post(
    "/api/auth/logout",
    { onRequest: authenticate, schema: { tags: ["Auth"], summary: "Sign out (revokes the session)", response: { 200: s.message } } },
    async (request) => {
      await revokeSession(app.db, app.sessionCache, request.user!.sessionHash);
      return { message: "Logged out successfully" };
    },
  );
}
