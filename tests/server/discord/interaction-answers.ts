import { validateBody } from "./contract";
import { addError, describeErrors, type ErrorTree, formErrors, hasErrors, mergeErrors } from "./form-errors";
import { CALLBACK_ROUTE, checkCallbackLimits } from "./limits";

// An answer the product's /api/interactions gives to an interaction, checked as Discord would take it if the
// product had sent it to POST /interactions/{id}/{token}/callback: the callback type must be one this kind of
// interaction accepts (receiving-and-responding.mdx, "Interaction Callback Type": PONG only acks a PING;
// DEFERRED_UPDATE_MESSAGE and UPDATE_MESSAGE are "only valid for component-based interactions"; MODAL is "not
// available for MODAL_SUBMIT and PING interactions"; autocomplete is answered with choices only), the body must
// match the callback's request schema in Discord's API description, and the documented limits hold (limits.ts).

export const InteractionType = {
  Ping: 1,
  ApplicationCommand: 2,
  MessageComponent: 3,
  ApplicationCommandAutocomplete: 4,
  ModalSubmit: 5,
} as const;

const names: Record<number, string> = {
  1: "PING",
  2: "APPLICATION_COMMAND",
  3: "MESSAGE_COMPONENT",
  4: "APPLICATION_COMMAND_AUTOCOMPLETE",
  5: "MODAL_SUBMIT",
};

/**
 * The callback types each interaction type may be answered with. For application commands, 10 (PREMIUM_REQUIRED,
 * deprecated) and 12 (LAUNCH_ACTIVITY, Activities only) exist but the product uses neither, so they count as wrong.
 * MODAL_SUBMIT takes 6 and 7 only when the modal came from a component; the product's modals open from buttons.
 */
export const allowedCallbackTypes: Record<number, readonly number[]> = {
  [InteractionType.Ping]: [1],
  [InteractionType.ApplicationCommand]: [4, 5, 9],
  [InteractionType.MessageComponent]: [4, 5, 6, 7, 9],
  [InteractionType.ApplicationCommandAutocomplete]: [8],
  [InteractionType.ModalSubmit]: [4, 5, 6, 7],
};

export interface AnswerCheck {
  errors: ErrorTree;
  /** Readable lines; empty when the answer is one Discord takes. */
  problems: string[];
}

/** Checks one answer to one interaction (its `type` is all that is read of the interaction). */
export function checkInteractionAnswer(interaction: { type: number }, answer: unknown): AnswerCheck {
  const errors: ErrorTree = {};
  const problems: string[] = [];
  const kind = names[interaction.type] ?? `type ${interaction.type}`;
  if (typeof answer !== "object" || answer === null || Array.isArray(answer)) {
    addError(errors, [], formErrors.notAnObject());
    return { errors, problems: describeErrors(errors).map((l) => `answer to ${kind}: ${l}`) };
  }
  const body = answer as Record<string, unknown>;
  const allowed = allowedCallbackTypes[interaction.type] ?? [];
  if (!allowed.includes(body.type as number)) addError(errors, ["type"], formErrors.callbackTypeNotAllowed(body.type, kind));
  mergeErrors(errors, validateBody("POST", CALLBACK_ROUTE, body));
  const limits = checkCallbackLimits(body);
  mergeErrors(errors, limits.errors);
  problems.push(...describeErrors(errors).map((l) => `answer to ${kind}: ${l}`));
  if (limits.refusal) problems.push(`answer to ${kind}: ${limits.refusal.json.message} (${limits.refusal.json.code})`);
  return { errors, problems };
}

export const isValidAnswer = (check: AnswerCheck): boolean => !hasErrors(check.errors) && check.problems.length === 0;
