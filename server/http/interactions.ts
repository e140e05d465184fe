import type { FastifyInstance } from "fastify";
import { type APIInteraction, InteractionResponseType, InteractionType, MessageFlags } from "discord-api-types/v10";
import { verifyKey } from "discord-interactions";
import { z } from "zod";
import type { BotMessage } from "../platform/adapter";
import { DiscordPlatform } from "../platform/discord";
import type { Answer } from "../discord/router";
import { say } from "../discord/answers";
import { botTexts } from "../discord/texts";
import { InteractionReceipts } from "./support/interaction-receipts";
import { named, s } from "./support/openapi/components";

// Discord's Interactions Endpoint URL (POST /api/interactions). Every request is verified with the application's
// public key over the raw body (discord-interactions' verifyKey: Ed25519) before anything is parsed; a bad or
// missing signature, or a timestamp more than five minutes off, is a 401 and nothing happens. Discord waits three
// seconds for the answer: a step that finishes within INTERACTION_DEFER_MS (400 ms by default) answers directly; a
// slower one is answered "deferred" (ephemeral: the member sees the bot thinking instead of a spinning button) and
// finishes by editing that answer through the interaction's webhook. Ten members opening tickets in one server at
// once queue on Discord's channel-creation bucket, so the later ones are deferred rather than kept waiting.
const MAX_SKEW_S = 300;
/** Discord shows "failed to load options" when choices take longer than its three seconds: answer empty before. */
const AUTOCOMPLETE_BUDGET_MS = 2_000;

const ephemeral = (message: BotMessage) => ({ ...message, flags: MessageFlags.Ephemeral });

function responseOf(outcome: Answer) {
  if (outcome.kind === "choices") return { type: InteractionResponseType.ApplicationCommandAutocompleteResult, data: { choices: outcome.choices } };
  if (outcome.kind === "modal") return { type: InteractionResponseType.Modal, data: outcome.modal };
  return { type: InteractionResponseType.ChannelMessageWithSource, data: ephemeral(outcome.message) };
}

export default async function discordInteractionRoutes(fastify: FastifyInstance) {
  const app = fastify;
  // Interactions already handled (each acts once).
  const receipts = new InteractionReceipts(app.db);
  // The raw bytes are what Discord signed: this plugin keeps them (its own parser, only here).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));

  app.post(
    "/interactions",
    {
      config: { discordSigned: true, interaction: true },
      schema: {
        tags: ["Bot"],
        summary: "Discord's Interactions Endpoint URL (signed by Discord)",
        response: { 200: named("InteractionResponse", z.record(z.string(), z.unknown())), 400: s.error, 401: s.error },
      },
    },
    async (request, reply) => {
      const publicKey = app.config.discordPublicKey;
      const signature = String(request.headers["x-signature-ed25519"] ?? "");
      const timestamp = String(request.headers["x-signature-timestamp"] ?? "");
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const fresh = /^\d{1,12}$/.test(timestamp) && Math.abs(Date.now() / 1000 - Number(timestamp)) <= MAX_SKEW_S;
      const valid = publicKey !== null && fresh && /^[0-9a-f]{128}$/i.test(signature) && (await verifyKey(body, signature, timestamp, publicKey).catch(() => false));
      if (!valid) return reply.code(401).send({ error: "Invalid request signature" });
      let interaction: APIInteraction;
      try {
        interaction = JSON.parse(body.toString("utf8")) as APIInteraction;
      } catch {
        return reply.code(400).send({ error: "Invalid JSON" });
      }
      if (interaction.type === InteractionType.Ping) return { type: InteractionResponseType.Pong };
      const autocomplete = interaction.type === InteractionType.ApplicationCommandAutocomplete;
      const id = typeof interaction.id === "string" ? interaction.id.slice(0, 32) : "";
      if (!id) return reply.code(400).send({ error: "Invalid interaction" });

      // Each interaction acts once, whichever instance it reaches and however often it is sent.
      if (!(await receipts.claim(id))) {
        const earlier = await receipts.answerOf(id);
        if (earlier) return earlier;
        return autocomplete ? responseOf({ kind: "choices", choices: [] }) : responseOf(say(botTexts.alreadyHandled));
      }
      const remember = (answer: unknown) => {
        receipts.remember(id, answer).catch((error) => request.log.warn({ err: error }, "interaction answer not kept"));
        return answer;
      };

      // The interactions' own limits, per member and per server (never an HTTP 429: Discord would say it failed).
      const limited = await app.interactionLimits.check(interaction);
      if (limited) return remember(responseOf(limited));

      // Autocomplete takes only choices (type 8), never a deferral: a slow or failed lookup offers nothing.
      if (autocomplete) {
        const choices = app.discord.router.handle(interaction).catch((error: unknown) => {
          request.log.warn({ err: error }, "autocomplete failed");
          return null;
        });
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), AUTOCOMPLETE_BUDGET_MS)));
        const outcome = await Promise.race([choices, late]);
        clearTimeout(timer);
        return remember(responseOf(outcome?.kind === "choices" ? outcome : { kind: "choices", choices: [] }));
      }

      const modalSubmit = interaction.type === InteractionType.ModalSubmit;
      const work = app.discord.router
        .handle(interaction)
        .catch((error: unknown) => {
          request.log.error({ err: error }, "interaction failed");
          return say(botTexts.somethingWrong) as Answer;
        })
        // A modal is never the answer to a modal, and choices belong to autocomplete only.
        .then((outcome): Answer => (outcome.kind === "choices" || (modalSubmit && outcome.kind === "modal") ? say(botTexts.somethingWrong) : outcome));
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), app.config.interactionDeferMs)));
      const first = await Promise.race([work, late]);
      clearTimeout(timer);
      if (first !== "late") return remember(responseOf(first));

      // Too slow for the window: defer now, finish with the interaction's webhook.
      void work.then(async (outcome: Answer) => {
        // A modal or choices cannot follow a deferral: the member is asked to try again.
        const message: BotMessage = outcome.kind === "message" ? outcome.message : { content: botTexts.tooSlow, allowed_mentions: { parse: [] } };
        if (!(app.platform instanceof DiscordPlatform)) return;
        await app.platform.editInteractionReply(interaction.token, message).catch((error) => request.log.warn({ err: error }, "deferred answer not sent"));
      });
      return remember({ type: InteractionResponseType.DeferredChannelMessageWithSource, data: { flags: MessageFlags.Ephemeral } });
    },
  );
}
