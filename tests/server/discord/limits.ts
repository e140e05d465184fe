import { addError, charCount, type ErrorPath, type ErrorTree, formErrors } from "./form-errors";

// The documented limits Discord's API description cannot express (or states looser than the prose docs), checked
// on every body that carries a message, a modal, autocomplete choices or a channel. Sources, in Discord's docs:
// resources/message.mdx (content 2,000; "Embed Limits": title 256, description 4,096, 25 fields, field name 256 /
// value 1,024, footer text 2,048, author name 256, 6,000 across all embeds of a message, whitespace trimmed),
// components/reference.mdx (action rows of up to 5 buttons or one select; button label 80, custom_id 1–100 and
// unique per message, link buttons with a url and no custom_id; string select 1–25 options of label/value/
// description ≤ 100, placeholder 150, min/max_values; text input label 45, placeholder 100, min_length 0–4000,
// max_length 1–4000, value 4000), interactions/receiving-and-responding.mdx (modal title 45, 1–5 components;
// autocomplete ≤ 25 choices), interactions/application-commands.mdx (choice name 1–100, string value ≤ 100),
// resources/channel.mdx and guild.mdx (channel name 1–100, topic 0–1,024). And one rule of Ticketeer's own: a
// message that can ping carries `allowed_mentions`.

type Json = Record<string, unknown>;

export interface Refusal {
  status: number;
  json: { message: string; code: number };
}

export interface LimitCheck {
  errors: ErrorTree;
  /** A refusal that is not a form-body error (an empty message: 400, code 50006). */
  refusal?: Refusal;
}

export const CALLBACK_ROUTE = "/interactions/{interaction_id}/{interaction_token}/callback";

/** Routes whose JSON body is a message; "create" ones must carry something to show. */
const MESSAGE_ROUTES: Record<string, "create" | "edit"> = {
  "POST /channels/{channel_id}/messages": "create",
  "PATCH /channels/{channel_id}/messages/{message_id}": "edit",
  "POST /webhooks/{webhook_id}/{webhook_token}": "create",
  "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original": "edit",
  "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/{message_id}": "edit",
};

const IS_COMPONENTS_V2 = 1 << 15;
const ACTION_ROW = 1;
const BUTTON = 2;
const STRING_SELECT = 3;
const TEXT_INPUT = 4;
const SELECTS = new Set([3, 5, 6, 7, 8]);
const SECTION = 9;
const TEXT_DISPLAY = 10;
const LABEL = 18;
const LINK = 5;
const PREMIUM = 6;

const emptyMessage: Refusal = { status: 400, json: { message: "Cannot send an empty message", code: 50006 } };

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const len = (v: unknown): number => (typeof v === "string" ? charCount(v) : 0);
/** Embed text as Discord measures it: leading and trailing whitespace trimmed. */
const trimmedLen = (v: unknown): number => (typeof v === "string" ? charCount(v.trim()) : 0);
const present = (v: unknown) => v !== undefined && v !== null;

/** The limits of one request (method and route template of Discord's API description). */
export function checkRequestLimits(method: string, template: string, body: unknown): LimitCheck {
  const key = `${method} ${template}`;
  const errors: ErrorTree = {};
  if (!isObject(body)) return { errors };
  const kind = MESSAGE_ROUTES[key];
  if (kind) {
    checkMessage(body, [], errors);
    return { errors, refusal: kind === "create" && isEmpty(body) ? emptyMessage : undefined };
  }
  if (key === `POST ${CALLBACK_ROUTE}`) return checkCallbackLimits(body);
  if (key === "POST /guilds/{guild_id}/channels" || key === "PATCH /channels/{channel_id}") checkChannel(body, errors, method === "POST");
  if (key === "POST /channels/{channel_id}/threads") {
    checkName(body.name, ["name"], errors, true);
    if (isObject(body.message)) checkMessage(body.message, ["message"], errors);
  }
  return { errors };
}

/** The limits of an interaction answer (the callback's body: `type` and `data`). */
export function checkCallbackLimits(body: Json, prefix: ErrorPath = []): LimitCheck {
  const errors: ErrorTree = {};
  const data = body.data;
  const at = [...prefix, "data"];
  switch (body.type) {
    case 4:
    case 7:
      if (isObject(data)) checkMessage(data, at, errors);
      if (body.type === 4 && (!isObject(data) || isEmpty(data))) return { errors, refusal: emptyMessage };
      break;
    case 8:
      checkChoices(data, at, errors);
      break;
    case 9:
      checkModal(data, at, errors);
      break;
  }
  return { errors };
}

/** Nothing to show: no content, embeds, stickers, components, files or poll (message.mdx, "Create Message"). */
function isEmpty(m: Json): boolean {
  const some = (v: unknown) => Array.isArray(v) && v.length > 0;
  return (
    !(typeof m.content === "string" && m.content.trim().length > 0) &&
    !some(m.embeds) &&
    !some(m.sticker_ids) &&
    !some(m.components) &&
    !some(m.attachments) &&
    !isObject(m.poll)
  );
}

/** A message body (create, edit, webhook, interaction answer data). */
export function checkMessage(m: Json, path: ErrorPath, errors: ErrorTree): void {
  if (len(m.content) > 2000) addError(errors, [...path, "content"], formErrors.maxLength(2000));
  if (Array.isArray(m.embeds)) checkEmbeds(m.embeds, [...path, "embeds"], errors);
  const v2 = typeof m.flags === "number" && (m.flags & IS_COMPONENTS_V2) !== 0;
  if (Array.isArray(m.components)) checkMessageComponents(m.components, [...path, "components"], errors, v2);
  if (canPing(m) && !present(m.allowed_mentions)) addError(errors, [...path, "allowed_mentions"], formErrors.allowedMentionsRequired());
}

/** Content, or a text display of a Components V2 message: text where a mention would ping. */
function canPing(m: Json): boolean {
  if (typeof m.content === "string" && m.content.trim().length > 0) return true;
  const walk = (list: unknown): boolean =>
    Array.isArray(list) &&
    list.some((c) => isObject(c) && (c.type === TEXT_DISPLAY || walk(c.components) || (isObject(c.accessory) && walk([c.accessory]))));
  return walk(m.components);
}

function checkEmbeds(embeds: unknown[], path: ErrorPath, errors: ErrorTree): void {
  if (embeds.length > 10) addError(errors, path, formErrors.maxLength(10));
  let total = 0;
  embeds.forEach((e, i) => {
    if (!isObject(e)) return;
    const at = [...path, i];
    const max = (value: unknown, limit: number, where: (string | number)[]) => {
      const n = trimmedLen(value);
      total += n;
      if (n > limit) addError(errors, [...at, ...where], formErrors.maxLength(limit));
    };
    max(e.title, 256, ["title"]);
    max(e.description, 4096, ["description"]);
    if (isObject(e.footer)) max(e.footer.text, 2048, ["footer", "text"]);
    if (isObject(e.author)) max(e.author.name, 256, ["author", "name"]);
    if (Array.isArray(e.fields)) {
      if (e.fields.length > 25) addError(errors, [...at, "fields"], formErrors.maxLength(25));
      e.fields.forEach((f, j) => {
        if (!isObject(f)) return;
        for (const [key, limit] of [
          ["name", 256],
          ["value", 1024],
        ] as const) {
          if (trimmedLen(f[key]) === 0) addError(errors, [...at, "fields", j, key], formErrors.required());
          max(f[key], limit, ["fields", j, key]);
        }
      });
    }
  });
  if (total > 6000) addError(errors, path, formErrors.maxEmbedSize());
}

interface ComponentContext {
  /** custom_ids seen so far in this message or modal: each must be unique. */
  ids: Set<string>;
}

function checkCustomId(
  value: unknown,
  path: ErrorPath,
  errors: ErrorTree,
  ctx: ComponentContext,
  required: boolean,
  missing = formErrors.required(),
): void {
  const id = str(value);
  if (id === undefined || id.length === 0) {
    if (required) addError(errors, path, missing);
    return;
  }
  if (charCount(id) > 100) addError(errors, path, formErrors.badLength(1, 100));
  if (ctx.ids.has(id)) addError(errors, path, formErrors.customIdDuplicated());
  ctx.ids.add(id);
}

/** The top-level components of a message: action rows, or with IS_COMPONENTS_V2 the layout components. */
function checkMessageComponents(list: unknown[], path: ErrorPath, errors: ErrorTree, v2: boolean): void {
  const ctx: ComponentContext = { ids: new Set() };
  if (!v2) {
    if (list.length > 5) addError(errors, path, formErrors.maxLength(5));
    list.forEach((row, i) => {
      if (!isObject(row)) return;
      if (row.type !== ACTION_ROW) addError(errors, [...path, i, "type"], formErrors.choices([ACTION_ROW]));
      else checkActionRow(row, [...path, i], errors, ctx);
    });
    return;
  }
  let total = 0;
  const walk = (items: unknown[], at: ErrorPath) => {
    items.forEach((c, i) => {
      if (!isObject(c)) return;
      total++;
      const here = [...at, i];
      if (c.type === ACTION_ROW) checkActionRow(c, here, errors, ctx);
      else if (c.type === SECTION && isObject(c.accessory)) {
        total++;
        if (c.accessory.type === BUTTON) checkButton(c.accessory, [...here, "accessory"], errors, ctx);
      }
      if (c.type !== ACTION_ROW && Array.isArray(c.components)) walk(c.components, [...here, "components"]);
    });
  };
  walk(list, path);
  if (total > 40) addError(errors, path, formErrors.maxLength(40)); // "Messages allow up to 40 total components"
}

function checkActionRow(row: Json, path: ErrorPath, errors: ErrorTree, ctx: ComponentContext): void {
  const children = row.components;
  if (!Array.isArray(children) || children.length === 0) {
    addError(errors, [...path, "components"], formErrors.badLength(1, 5));
    return;
  }
  const hasSelect = children.some((c) => isObject(c) && typeof c.type === "number" && SELECTS.has(c.type));
  const width = hasSelect ? 1 : 5; // a select fills its row; buttons take a fifth each
  children.forEach((c, j) => {
    if (j >= width) addError(errors, [...path, "components", j], formErrors.layoutWidthExceeded());
    if (!isObject(c)) return;
    const at = [...path, "components", j];
    if (c.type === BUTTON) checkButton(c, at, errors, ctx);
    else if (typeof c.type === "number" && SELECTS.has(c.type)) checkSelect(c, at, errors, ctx);
  });
}

function checkButton(b: Json, path: ErrorPath, errors: ErrorTree, ctx: ComponentContext): void {
  if (len(b.label) > 80) addError(errors, [...path, "label"], formErrors.maxLength(80));
  if (b.style === PREMIUM) return; // a premium button carries a sku_id and nothing else (not used by the product)
  if (len(b.label) === 0 && !isObject(b.emoji)) addError(errors, [...path, "label"], formErrors.required()); // a label or an emoji
  if (b.style === LINK) {
    if (!str(b.url)) addError(errors, [...path, "url"], formErrors.required());
    if (present(b.custom_id)) addError(errors, [...path, "custom_id"], formErrors.buttonCustomIdAndUrl());
    return;
  }
  if (present(b.url)) addError(errors, [...path, "url"], formErrors.buttonCustomIdAndUrl());
  checkCustomId(b.custom_id, [...path, "custom_id"], errors, ctx, true, formErrors.buttonCustomIdRequired());
}

function checkSelect(s: Json, path: ErrorPath, errors: ErrorTree, ctx: ComponentContext): void {
  checkCustomId(s.custom_id, [...path, "custom_id"], errors, ctx, true);
  if (len(s.placeholder) > 150) addError(errors, [...path, "placeholder"], formErrors.maxLength(150));
  const min = typeof s.min_values === "number" ? s.min_values : 1;
  const max = typeof s.max_values === "number" ? s.max_values : 1;
  if (min < 0) addError(errors, [...path, "min_values"], formErrors.numberMin(0));
  if (min > 25) addError(errors, [...path, "min_values"], formErrors.numberMax(25));
  if (max < 1) addError(errors, [...path, "max_values"], formErrors.numberMin(1));
  if (max > 25) addError(errors, [...path, "max_values"], formErrors.numberMax(25));
  if (min > max) addError(errors, [...path, "min_values"], formErrors.numberMax(max));
  if (s.type !== STRING_SELECT) return;
  const options = Array.isArray(s.options) ? s.options : [];
  if (options.length < 1 || options.length > 25) {
    addError(errors, [...path, "options"], formErrors.badLength(1, 25));
    return;
  }
  if (max > options.length) addError(errors, [...path, "max_values"], formErrors.numberMax(options.length));
  const values = new Set<string>();
  let defaults = 0;
  options.forEach((o, i) => {
    if (!isObject(o)) return;
    const at = [...path, "options", i];
    for (const key of ["label", "value"] as const) {
      if (len(o[key]) === 0) addError(errors, [...at, key], formErrors.required());
      else if (len(o[key]) > 100) addError(errors, [...at, key], formErrors.badLength(1, 100));
    }
    if (len(o.description) > 100) addError(errors, [...at, "description"], formErrors.maxLength(100));
    const value = str(o.value);
    if (value !== undefined && values.has(value)) addError(errors, [...at, "value"], formErrors.optionValueDuplicated());
    if (value !== undefined) values.add(value);
    if (o.default === true) defaults++;
  });
  if (defaults > max) addError(errors, [...path, "options"], formErrors.tooManyDefaults());
}

/** A modal (the data of a type 9 answer). */
export function checkModal(data: unknown, path: ErrorPath, errors: ErrorTree): void {
  if (!isObject(data)) {
    addError(errors, path, formErrors.required());
    return;
  }
  const ctx: ComponentContext = { ids: new Set() };
  checkCustomId(data.custom_id, [...path, "custom_id"], errors, ctx, true);
  const title = str(data.title);
  if (!title) addError(errors, [...path, "title"], formErrors.required());
  else if (charCount(title) > 45) addError(errors, [...path, "title"], formErrors.badLength(1, 45));
  const rows = Array.isArray(data.components) ? data.components : [];
  if (rows.length < 1 || rows.length > 5) addError(errors, [...path, "components"], formErrors.badLength(1, 5));
  rows.forEach((row, i) => {
    if (!isObject(row)) return;
    const at = [...path, "components", i];
    if (row.type === ACTION_ROW) {
      // The older form: an action row holding exactly one text input, which then needs its own label.
      const children = Array.isArray(row.components) ? row.components : [];
      if (children.length === 0) addError(errors, [...at, "components"], formErrors.badLength(1, 1));
      children.forEach((c, j) => {
        if (j >= 1) addError(errors, [...at, "components", j], formErrors.layoutWidthExceeded());
        if (!isObject(c)) return;
        if (c.type === TEXT_INPUT) checkTextInput(c, [...at, "components", j], errors, ctx, true);
        else addError(errors, [...at, "components", j, "type"], formErrors.choices([TEXT_INPUT]));
      });
    } else if (row.type === LABEL) {
      if (len(row.label) === 0) addError(errors, [...at, "label"], formErrors.required());
      else if (len(row.label) > 45) addError(errors, [...at, "label"], formErrors.badLength(1, 45));
      if (len(row.description) > 100) addError(errors, [...at, "description"], formErrors.badLength(1, 100));
      const c = row.component;
      if (!isObject(c)) addError(errors, [...at, "component"], formErrors.required());
      else if (c.type === TEXT_INPUT) checkTextInput(c, [...at, "component"], errors, ctx, false);
      else if (typeof c.type === "number" && SELECTS.has(c.type)) checkSelect(c, [...at, "component"], errors, ctx);
    } else if (row.type !== TEXT_DISPLAY) {
      addError(errors, [...at, "type"], formErrors.choices([ACTION_ROW, TEXT_DISPLAY, LABEL]));
    }
  });
}

function checkTextInput(t: Json, path: ErrorPath, errors: ErrorTree, ctx: ComponentContext, needsLabel: boolean): void {
  checkCustomId(t.custom_id, [...path, "custom_id"], errors, ctx, true);
  if (t.style !== 1 && t.style !== 2) addError(errors, [...path, "style"], formErrors.choices([1, 2]));
  if (needsLabel && len(t.label) === 0) addError(errors, [...path, "label"], formErrors.required());
  if (len(t.label) > 45) addError(errors, [...path, "label"], formErrors.badLength(1, 45));
  if (len(t.placeholder) > 100) addError(errors, [...path, "placeholder"], formErrors.maxLength(100));
  if (len(t.value) > 4000) addError(errors, [...path, "value"], formErrors.maxLength(4000));
  const min = typeof t.min_length === "number" ? t.min_length : undefined;
  const max = typeof t.max_length === "number" ? t.max_length : undefined;
  if (min !== undefined && min < 0) addError(errors, [...path, "min_length"], formErrors.numberMin(0));
  if (min !== undefined && min > 4000) addError(errors, [...path, "min_length"], formErrors.numberMax(4000));
  if (max !== undefined && max < 1) addError(errors, [...path, "max_length"], formErrors.numberMin(1));
  if (max !== undefined && max > 4000) addError(errors, [...path, "max_length"], formErrors.numberMax(4000));
  if (min !== undefined && max !== undefined && min > max) addError(errors, [...path, "min_length"], formErrors.numberMax(max));
}

/** Autocomplete choices (the data of a type 8 answer). */
export function checkChoices(data: unknown, path: ErrorPath, errors: ErrorTree): void {
  if (!isObject(data) || !Array.isArray(data.choices)) {
    addError(errors, [...path, "choices"], formErrors.required());
    return;
  }
  if (data.choices.length > 25) addError(errors, [...path, "choices"], formErrors.maxLength(25));
  data.choices.forEach((c, i) => {
    if (!isObject(c)) return;
    const n = len(c.name);
    if (n < 1 || n > 100) addError(errors, [...path, "choices", i, "name"], formErrors.badLength(1, 100));
    if (typeof c.value === "string" && charCount(c.value) > 100)
      addError(errors, [...path, "choices", i, "value"], formErrors.maxLength(100));
  });
}

function checkName(name: unknown, path: ErrorPath, errors: ErrorTree, required: boolean): void {
  if (name === undefined) {
    if (required) addError(errors, path, formErrors.required());
    return;
  }
  const n = len(name);
  if (n < 1 || n > 100) addError(errors, path, formErrors.badLength(1, 100));
}

/** A channel to create or modify. The topic may hold 4,096 characters only in forum and media channels (15, 16). */
function checkChannel(body: Json, errors: ErrorTree, create: boolean): void {
  checkName(body.name, ["name"], errors, create);
  const topicMax = body.type === 15 || body.type === 16 ? 4096 : 1024;
  if (len(body.topic) > topicMax) addError(errors, ["topic"], formErrors.maxLength(topicMax));
  if (Array.isArray(body.permission_overwrites) && body.permission_overwrites.length > 100)
    addError(errors, ["permission_overwrites"], formErrors.maxLength(100));
}
