import { type APIInteraction, InteractionResponseType, InteractionType, MessageFlags } from "discord-api-types/v10";
import { verifyKey } from "discord-interactions";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/schema";
import type { BotFile, BotMessage } from "../platform/adapter";
import { say } from "./answers";
import { InteractionReceipts } from "./receipts";
import type { Answer, InteractionRouter } from "./router";
import { botTexts } from "./texts";

// Discord's Interactions Endpoint, behind its route (server/http/interactions.ts: the raw body, the route's schema):
// every request is verified with the application's public key over the raw body (discord-interactions' verifyKey:
// Ed25519) before anything is parsed; a bad or missing signature, or a timestamp more than five minutes off, is a 401
// and nothing happens. Each interaction acts once (./receipts.ts). Discord waits three seconds for the answer: a step
// that finishes within INTERACTION_DEFER_MS (400 ms by default) answers directly; a slower one is answered "deferred"
// (ephemeral: the member sees the bot thinking instead of a spinning button) and finishes by editing that answer
// through the interaction's webhook, once the deferral is sent; so is an answer that attaches a file (multipart). Ten members opening tickets in one server at once queue on Discord's
// channel-creation bucket, so the later ones are deferred rather than kept waiting.

const MAX_SKEW_S = 300;
/** Discord shows "failed to load options" when choices take longer than its three seconds: answer empty before. */
const AUTOCOMPLETE_BUDGET_MS = 2_000;

const ephemeral = (message: BotMessage) => ({ ...message, flags: MessageFlags.Ephemeral });

/** An answer as Discord's interaction response. */
export function responseOf(answer: Answer) {
  if (answer.kind === "choices")
    return { type: InteractionResponseType.ApplicationCommandAutocompleteResult, data: { choices: answer.choices } };
  if (answer.kind === "modal") return { type: InteractionResponseType.Modal, data: answer.modal };
  return { type: InteractionResponseType.ChannelMessageWithSource, data: ephemeral(answer.message) };
}

export interface EndpointDeps {
  db: Db;
  router: InteractionRouter;
  /** The application's public key (DISCORD_PUBLIC_KEY); null: every request is refused. */
  publicKey: string | null;
  /** How long a step may run before its answer is deferred. */
  deferMs: number;
  /** The interactions' own limits: the answer instead of running it when over one, else null. */
  limits(interaction: APIInteraction): Promise<Answer | null>;
  /** Finishes a deferred answer through the interaction's webhook (Discord only), with the files it attaches. */
  editReply?(token: string, message: BotMessage, files: BotFile[]): Promise<void>;
  log: FastifyBaseLogger;
}

/** What the route answers: a status and its body; `afterSent`, work to start once the answer has left (a deferral's edit). */
export type EndpointAnswer = { status: 200 | 400 | 401; body: unknown; afterSent?: () => Promise<void> };

export class InteractionEndpoint {
  private readonly receipts: InteractionReceipts;

  constructor(private readonly deps: EndpointDeps) {
    // Interactions already handled (each acts once).
    this.receipts = new InteractionReceipts(deps.db);
  }

  /** A request of Discord: its signature headers and raw body, as Discord signed them. */
  async answer(headers: Record<string, unknown>, body: Buffer): Promise<EndpointAnswer> {
    const { publicKey } = this.deps;
    const signature = String(headers["x-signature-ed25519"] ?? "");
    const timestamp = String(headers["x-signature-timestamp"] ?? "");
    const fresh = /^\d{1,12}$/.test(timestamp) && Math.abs(Date.now() / 1000 - Number(timestamp)) <= MAX_SKEW_S;
    const signed = publicKey !== null && fresh && /^[0-9a-f]{128}$/i.test(signature);
    const valid = signed && (await verifyKey(body, signature, timestamp, publicKey).catch(() => false));
    if (!valid) return { status: 401, body: { error: "Invalid request signature" } };
    let interaction: APIInteraction;
    try {
      interaction = JSON.parse(body.toString("utf8")) as APIInteraction;
    } catch {
      return { status: 400, body: { error: "Invalid JSON" } };
    }
    if (interaction.type === InteractionType.Ping) return { status: 200, body: { type: InteractionResponseType.Pong } };
    const id = typeof interaction.id === "string" ? interaction.id.slice(0, 32) : "";
    if (!id) return { status: 400, body: { error: "Invalid interaction" } };
    const { body: answer, afterSent } = await this.once(id, interaction);
    return { status: 200, body: answer, afterSent };
  }

  /** The interaction's answer, given once whichever instance it reaches and however often it is sent. */
  private async once(id: string, interaction: APIInteraction): Promise<Responded> {
    const autocomplete = interaction.type === InteractionType.ApplicationCommandAutocomplete;
    if (!(await this.receipts.claim(id))) {
      const earlier = await this.receipts.answerOf(id);
      if (earlier) return { body: earlier };
      return { body: autocomplete ? responseOf({ kind: "choices", choices: [] }) : responseOf(say(botTexts.alreadyHandled)) };
    }
    const answer = await this.respond(interaction);
    this.receipts.remember(id, answer.body).catch((error) => this.deps.log.warn({ err: error }, "interaction answer not kept"));
    return answer;
  }

  private async respond(interaction: APIInteraction): Promise<Responded> {
    const { router, log } = this.deps;
    // The interactions' own limits, per member and per server (never an HTTP 429: Discord would say it failed).
    const limited = await this.deps.limits(interaction);
    if (limited) return { body: responseOf(limited) };

    // Autocomplete takes only choices (type 8), never a deferral: a slow or failed lookup offers nothing.
    if (interaction.type === InteractionType.ApplicationCommandAutocomplete) {
      const choices = router.handle(interaction).catch((error: unknown) => {
        log.warn({ err: error }, "autocomplete failed");
        return null;
      });
      const answer = await within(choices, AUTOCOMPLETE_BUDGET_MS);
      return { body: responseOf(answer !== "late" && answer?.kind === "choices" ? answer : { kind: "choices", choices: [] }) };
    }

    const modalSubmit = interaction.type === InteractionType.ModalSubmit;
    const work = router
      .handle(interaction)
      .catch((error: unknown): Answer => {
        log.error({ err: error }, "interaction failed");
        return say(botTexts.somethingWrong);
      })
      // A modal is never the answer to a modal, and choices belong to autocomplete only.
      .then((answer): Answer =>
        answer.kind === "choices" || (modalSubmit && answer.kind === "modal") ? say(botTexts.somethingWrong) : answer,
      );
    const first = await within(work, this.deps.deferMs);
    // An answer with a file cannot be the first, JSON, answer either (Discord does not reliably take a multipart
    // response to its POST: discord-api-docs#5933); the edit of the deferral carries it.
    if (first !== "late" && !(first.kind === "message" && first.files?.length)) return { body: responseOf(first) };

    // Too slow for the window (or a file to attach): defer now, finish with the interaction's webhook once the
    // deferral has left — an edit reaching Discord before it would find no answer to edit.
    const afterSent = () =>
      work.then(async (answer) => {
        // A modal or choices cannot follow a deferral: the member is asked to try again.
        const message: BotMessage =
          answer.kind === "message" ? answer.message : { content: botTexts.tooSlow, allowed_mentions: { parse: [] } };
        const files = answer.kind === "message" ? (answer.files ?? []) : [];
        await this.deps
          .editReply?.(interaction.token, message, files)
          .catch((error) => log.warn({ err: error }, "deferred answer not sent"));
      });
    return { body: { type: InteractionResponseType.DeferredChannelMessageWithSource, data: { flags: MessageFlags.Ephemeral } }, afterSent };
  }
}

/** An interaction response, and what to do once it has been sent. */
interface Responded {
  body: unknown;
  afterSent?: () => Promise<void>;
}

/** `work`'s result, or "late" when it takes longer than `ms`. */
async function within<T>(work: Promise<T>, ms: number): Promise<T | "late"> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), ms)));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
