import type { z } from "zod";
import { discordLimits, type EmbedText, embedTextLength, roleMention, userMention } from "./discord-limits";

// What Discord will accept when the bot sends a panel's messages, checked when the panel is saved: the editors show
// these messages and the server answers them with 400, so a saved panel is one the bot can post. They are rules
// over several fields (a total, a fallback, text beside mentions), so they read the raw values defensively and run
// even while other fields are invalid: the editor shows every problem at once.

/** The longest id a mention can carry: the opener is not known when the panel is saved. */
const longestId = "0".repeat(discordLimits.snowflakeDigits);

/** The welcome message's content as the bot writes it: the opener's mention, the panel's role, then the panel's text. */
export function welcomeContentText(openerId: string, mentionRoleId: string | null, welcomeContent: string): string {
  const mentions = [userMention(openerId), ...(mentionRoleId ? [roleMention(mentionRoleId)] : [])].join(" ");
  return [mentions, welcomeContent.trim()].filter(Boolean).join("\n");
}

/** How long WelcomeContent may be beside the mentions of the longest ids. */
export const welcomeContentMax = (withRole: boolean) =>
  discordLimits.content - welcomeContentText(longestId, withRole ? longestId : null, "x").length + 1;

/** The contract's messages for Discord's limits (translated like the spec's texts: src/i18n/spec-texts.ts). */
export const sendLimitMessages = {
  embedTotal: `Title, description, fields, footer and author together must be at most ${discordLimits.embedTotal} characters (Discord's limit for a message's embeds)`,
  buttonLabelFromName: `Button Text is empty, so the button shows the panel name, which is longer than ${discordLimits.buttonLabel} characters (Discord's limit for a button): enter a Button Text or choose a Button Emoji`,
  welcomeContent: `Content must be at most ${welcomeContentMax(false)} characters: the welcome message also mentions the member who opened the ticket, and Discord allows ${discordLimits.content} in all`,
  welcomeContentWithRole: `Content must be at most ${welcomeContentMax(true)} characters: the welcome message also mentions the member who opened the ticket and the mention role, and Discord allows ${discordLimits.content} in all`,
  multiPanelTooMany: `A multi-panel can show at most ${discordLimits.selectOptions} panels (Discord's limit for a dropdown)`,
  formNameTooLong: `Form name must be at most ${discordLimits.modalTitle} characters (Discord's limit for a form's title)`,
  multiPanelEmpty: "This multi-panel has no panels to show. Edit it and choose at least 2 panels, then post it again.",
} as const;

type Ctx = z.core.$RefinementCtx<unknown>;
type Values = Record<string, unknown>;

const valuesOf = (v: unknown): Values => (v && typeof v === "object" && !Array.isArray(v) ? (v as Values) : {});
const textOf = (v: unknown) => (typeof v === "string" ? v : "");

/** The counted texts of a panel's embed; single panels' PanelMessage and multi-panels name them alike. */
export function panelEmbedText(message: Values): EmbedText {
  const fields = Array.isArray(message.PanelFields) ? message.PanelFields.map(valuesOf) : [];
  return {
    title: textOf(message.PanelTitle),
    description: textOf(message.PanelDescription),
    footer: { text: textOf(message.PanelFooter) },
    author: { name: textOf(message.PanelAuthor) },
    fields: fields.map((f) => ({ name: textOf(f.FieldName), value: textOf(f.FieldValue) })),
  };
}

export function welcomeEmbedText(welcome: Values): EmbedText {
  return {
    title: textOf(welcome.WelcomeTitle),
    description: textOf(welcome.WelcomeDescription),
    footer: { text: textOf(welcome.WelcomeFooter) },
    author: { name: textOf(welcome.WelcomeAuthor) },
  };
}

/**
 * A total is no single field's fault: the editor shows it at the top of its section and marks no empty field
 * (src/resources/engine/widgets/errors.ts reads this).
 */
export const totalIssueParams = { total: true } as const;

/** The button's label when Button Text is empty and no emoji is chosen (server/panels/message.ts). */
export const buttonLabelFallsBackToName = (message: Values) =>
  textOf(message.ButtonText).trim() === "" && textOf(message.ButtonEmoji) === "";

/** The single panel's rules: panel embed, button label, welcome embed, welcome content beside its mentions. */
export function checkSinglePanelSend(value: unknown, ctx: Ctx): void {
  const panel = valuesOf(value);
  const message = valuesOf(panel.PanelMessage);
  const welcome = valuesOf(panel.WelcomeMessage);
  const issue = (path: string[], text: string, params?: Values) =>
    ctx.addIssue({ code: "custom", message: text, path, input: value, ...(params ? { params } : {}) });

  if (embedTextLength([panelEmbedText(message)]) > discordLimits.embedTotal)
    issue(["PanelMessage"], sendLimitMessages.embedTotal, totalIssueParams);
  if (buttonLabelFallsBackToName(message) && textOf(panel.PanelName).trim().length > discordLimits.buttonLabel) {
    issue(["PanelMessage", "ButtonText"], sendLimitMessages.buttonLabelFromName);
  }
  // The answers of a form go in an embed of their own beside the welcome embed: at send the welcome embed gives way
  // to them (server/discord/welcome.ts), so here it is held to the total on its own.
  if (embedTextLength([welcomeEmbedText(welcome)]) > discordLimits.embedTotal)
    issue(["WelcomeMessage"], sendLimitMessages.embedTotal, totalIssueParams);
  const role = typeof panel.MentionRoleId === "string" && panel.MentionRoleId !== "" ? longestId : null;
  if (welcomeContentText(longestId, role, textOf(welcome.WelcomeContent)).length > discordLimits.content) {
    issue(["WelcomeMessage", "WelcomeContent"], role ? sendLimitMessages.welcomeContentWithRole : sendLimitMessages.welcomeContent);
  }
}

/** The multi-panel's rule: its embed's total (its panels' buttons follow their own panels' rules). */
export function checkMultiPanelSend(value: unknown, ctx: Ctx): void {
  if (embedTextLength([panelEmbedText(valuesOf(value))]) > discordLimits.embedTotal) {
    ctx.addIssue({ code: "custom", message: sendLimitMessages.embedTotal, path: [], input: value, params: totalIssueParams });
  }
}

/** Runs a rule whenever the value is an object, beside the other problems of the same save. */
export const whenObject = { when: (payload: { value: unknown }) => !!payload.value && typeof payload.value === "object" };
