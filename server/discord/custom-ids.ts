import { OFFER_KEY_LENGTH } from "../tickets/suggestions";

// The custom_id of every component and modal the bot makes (docs/ticket-engine.md, "Custom ids"): a prefix and
// record ids separated by ":". Parsing is a split and digit checks — no regex over what Discord sends — and anything
// malformed parses to null (the member sees "This button is no longer valid.").

export type CustomId =
  | { kind: "panel"; panelId: number }
  | { kind: "multi-panel"; multiPanelId: number }
  | { kind: "form"; panelId: number; formId: number }
  | { kind: "close"; number: number }
  | { kind: "close-confirm"; number: number }
  | { kind: "claim"; number: number }
  | { kind: "rate"; guildId: string; number: number; rating: number }
  // The inactivity warning's button, the close request's two, the rating's comment (button and modal), reopening
  // from the closing DM.
  | { kind: "keep-open"; number: number }
  | { kind: "close-request-yes"; number: number }
  | { kind: "close-request-no"; number: number }
  | { kind: "rate-comment"; guildId: string; number: number }
  | { kind: "reopen"; guildId: string; number: number }
  // DM tickets: the server chosen in a DM (a select, value = server id), its panel (value = panel id), the panel's form.
  | { kind: "dm-server" }
  | { kind: "erase-my-data" }
  | { kind: "dm-panel"; guildId: string }
  | { kind: "dm-form"; guildId: string; panelId: number; formId: number }
  // Answers before opening: the question of a panel without a form (modal), and the answer to its suggestions, which
  // names the offer kept on the server by its random key (../tickets/suggestions.ts), never the member's words.
  | { kind: "question"; panelId: number }
  | { kind: "suggestion-yes"; key: string }
  | { kind: "suggestion-no"; key: string };

export const customIds = {
  panel: (panelId: number) => `panel:${panelId}`,
  multiPanel: (multiPanelId: number) => `multi-panel:${multiPanelId}`,
  /** panelId 0: a form opened with /form, not from a panel. */
  form: (panelId: number, formId: number) => `form:${panelId}:${formId}`,
  close: (number: number) => `ticket:${number}:close`,
  closeConfirm: (number: number) => `ticket:${number}:close-confirm`,
  claim: (number: number) => `ticket:${number}:claim`,
  rate: (guildId: string, number: number, rating: number) => `rate:${guildId}:${number}:${rating}`,
  keepOpen: (number: number) => `ticket:${number}:keep-open`,
  closeRequestYes: (number: number) => `ticket:${number}:cr-yes`,
  closeRequestNo: (number: number) => `ticket:${number}:cr-no`,
  rateComment: (guildId: string, number: number) => `rate-comment:${guildId}:${number}`,
  reopen: (guildId: string, number: number) => `reopen:${guildId}:${number}`,
  dmServer: () => "dm-server",
  /** /mydata's confirmation: it erases the data of whoever presses it (never anyone named in the id). */
  eraseMyData: () => "my-data:erase",
  dmPanel: (guildId: string) => `dm-panel:${guildId}`,
  dmForm: (guildId: string, panelId: number, formId: number) => `dm-form:${guildId}:${panelId}:${formId}`,
  question: (panelId: number) => `question:${panelId}`,
  suggestionYes: (key: string) => `suggest:${key}:yes`,
  suggestionNo: (key: string) => `suggest:${key}:no`,
  /** A modal input: the form field's id. */
  formField: (fieldId: number) => `field:${fieldId}`,
};

const isDigits = (s: string | undefined, maxLength = 10): s is string => {
  if (!s || s.length > maxLength) return false;
  for (const c of s) if (c < "0" || c > "9") return false;
  return true;
};
/** An offer's key (../tickets/suggestions.ts): OFFER_KEY_LENGTH characters of base64url. */
const isOfferKey = (s: string | undefined): s is string => {
  if (!s || s.length !== OFFER_KEY_LENGTH) return false;
  for (const c of s)
    if (!((c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c === "-" || c === "_")) return false;
  return true;
};
const int = (s: string | undefined): number | null => (isDigits(s) && Number(s) <= 2_147_483_647 ? Number(s) : null);

export function parseCustomId(raw: string): CustomId | null {
  if (raw.length > 100) return null;
  const [prefix, a, b, c, ...rest] = raw.split(":");
  if (rest.length) return null;
  switch (prefix) {
    case "panel": {
      const panelId = int(a);
      return panelId !== null && b === undefined ? { kind: "panel", panelId } : null;
    }
    case "multi-panel": {
      const multiPanelId = int(a);
      return multiPanelId !== null && b === undefined ? { kind: "multi-panel", multiPanelId } : null;
    }
    case "form": {
      const panelId = int(a);
      const formId = int(b);
      return panelId !== null && formId !== null && c === undefined ? { kind: "form", panelId, formId } : null;
    }
    case "ticket": {
      const number = int(a);
      if (number === null || c !== undefined) return null;
      if (b === "close") return { kind: "close", number };
      if (b === "close-confirm") return { kind: "close-confirm", number };
      if (b === "claim") return { kind: "claim", number };
      if (b === "keep-open") return { kind: "keep-open", number };
      if (b === "cr-yes") return { kind: "close-request-yes", number };
      if (b === "cr-no") return { kind: "close-request-no", number };
      return null;
    }
    case "rate": {
      const number = int(b);
      const rating = int(c);
      if (!isDigits(a, 21) || number === null || rating === null || rating < 1 || rating > 5) return null;
      return { kind: "rate", guildId: a, number, rating };
    }
    case "rate-comment":
    case "reopen": {
      const number = int(b);
      if (!isDigits(a, 21) || number === null || c !== undefined) return null;
      return { kind: prefix, guildId: a, number };
    }
    case "dm-server":
      return a === undefined ? { kind: "dm-server" } : null;
    case "my-data":
      return a === "erase" && b === undefined ? { kind: "erase-my-data" } : null;
    case "dm-panel":
      return isDigits(a, 21) && b === undefined ? { kind: "dm-panel", guildId: a } : null;
    case "dm-form": {
      const panelId = int(b);
      const formId = int(c);
      return isDigits(a, 21) && panelId !== null && formId !== null ? { kind: "dm-form", guildId: a, panelId, formId } : null;
    }
    case "question": {
      const panelId = int(a);
      return panelId !== null && b === undefined ? { kind: "question", panelId } : null;
    }
    case "suggest":
      if (!isOfferKey(a) || c !== undefined) return null;
      return b === "yes" ? { kind: "suggestion-yes", key: a } : b === "no" ? { kind: "suggestion-no", key: a } : null;
    default:
      return null;
  }
}

/** The form field id of a modal input's custom_id, or null. */
export function parseFieldId(raw: string): number | null {
  const [prefix, id, ...rest] = raw.split(":");
  return prefix === "field" && rest.length === 0 ? int(id) : null;
}
