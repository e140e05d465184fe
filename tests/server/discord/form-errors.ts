// Discord's "Invalid Form Body" answer (400, JSON code 50035): an `errors` tree that follows the request body's
// path, with the problems of each key under `_errors` (developers/reference.mdx, "Error Messages"). The docs show
// BASE_TYPE_REQUIRED ("This field is required") and BASE_TYPE_CHOICES; the other codes and their wording are the
// ones Discord's API answers with in practice (BASE_TYPE_MAX_LENGTH "Must be 2000 or fewer in length.", …). Where
// Discord's own code for a rule is not known, the code says so in its name or its comment.

export interface FormError {
  code: string;
  message: string;
}

/** Discord's nested errors: keys are body keys or array indexes; `_errors` holds the problems of that node. */
export interface ErrorTree {
  _errors?: FormError[];
  [key: string]: ErrorTree | FormError[] | undefined;
}

export interface InvalidFormBody {
  message: "Invalid Form Body";
  code: 50035;
  errors: ErrorTree;
}

export type ErrorPath = readonly (string | number)[];

export const formErrors = {
  required: (): FormError => ({ code: "BASE_TYPE_REQUIRED", message: "This field is required" }),
  maxLength: (max: number): FormError => ({ code: "BASE_TYPE_MAX_LENGTH", message: `Must be ${max} or fewer in length.` }),
  minLength: (min: number): FormError => ({ code: "BASE_TYPE_MIN_LENGTH", message: `Must be ${min} or more in length.` }),
  badLength: (min: number, max: number): FormError => ({
    code: "BASE_TYPE_BAD_LENGTH",
    message: `Must be between ${min} and ${max} in length.`,
  }),
  choices: (values: readonly unknown[]): FormError => ({
    code: "BASE_TYPE_CHOICES",
    message: `Value must be one of (${values.map(String).join(", ")}).`,
  }),
  numberMax: (max: number | bigint, what = "int"): FormError => ({
    code: "NUMBER_TYPE_MAX",
    message: `${what} value should be less than or equal to ${max}.`,
  }),
  numberMin: (min: number | bigint, what = "int"): FormError => ({
    code: "NUMBER_TYPE_MIN",
    message: `${what} value should be greater than or equal to ${min}.`,
  }),
  notA: (what: string, value: unknown): FormError => ({ code: "NUMBER_TYPE_COERCE", message: `Value "${String(value)}" is not ${what}.` }),
  notAnObject: (): FormError => ({ code: "MODEL_TYPE_CONVERT", message: "Only dictionaries may be used in a ModelType" }),
  // The three below are this checker's names: Discord answers a wrong JSON type with codes the docs do not list.
  notAString: (value: unknown): FormError => ({ code: "BASE_TYPE_STRING", message: `Could not interpret "${short(value)}" as string.` }),
  notABoolean: (value: unknown): FormError => ({ code: "BASE_TYPE_BOOLEAN", message: `Could not interpret "${short(value)}" as boolean.` }),
  notAList: (value: unknown): FormError => ({ code: "BASE_TYPE_ARRAY", message: `Could not interpret "${short(value)}" as list.` }),
  alreadyInSet: (): FormError => ({ code: "SET_TYPE_ALREADY_CONTAINS_VALUE", message: "The set already contains this value" }),
  maxEmbedSize: (): FormError => ({ code: "MAX_EMBED_SIZE_EXCEEDED", message: "Embed size exceeds maximum size of 6000" }),
  customIdDuplicated: (): FormError => ({ code: "COMPONENT_CUSTOM_ID_DUPLICATED", message: "Component custom id cannot be duplicated" }),
  layoutWidthExceeded: (): FormError => ({
    code: "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
    message: "The specified component exceeds the maximum width",
  }),
  buttonCustomIdRequired: (): FormError => ({ code: "BUTTON_COMPONENT_CUSTOM_ID_REQUIRED", message: "A custom id is required" }),
  buttonCustomIdAndUrl: (): FormError => ({
    code: "BUTTON_COMPONENT_CUSTOM_ID_URL_MUTUALLY_EXCLUSIVE",
    message: "A custom id and url cannot both be specified",
  }),
  optionValueDuplicated: (): FormError => ({
    code: "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
    message: "The specified option value is already used",
  }),
  tooManyDefaults: (): FormError => ({
    code: "SELECT_COMPONENT_TOO_MANY_DEFAULT_VALUES",
    message: "The specified number of default values exceeds the specified maximum values",
  }),
  categoryFull: (): FormError => ({ code: "CHANNEL_PARENT_MAX_CHANNELS", message: "Maximum number of channels in category reached (50)" }),
  notACategory: (): FormError => ({ code: "CHANNEL_PARENT_INVALID_TYPE", message: "Not a category" }),
  /** Discord's rule for interaction answers (receiving-and-responding.mdx, "Interaction Callback Type"); no code is documented. */
  callbackTypeNotAllowed: (type: unknown, interaction: string): FormError => ({
    code: "INTERACTION_CALLBACK_TYPE_INVALID",
    message: `Callback type ${String(type)} cannot answer a ${interaction} interaction.`,
  }),
  /** Ticketeer's own rule, not Discord's: every message that could ping carries allowed_mentions. */
  allowedMentionsRequired: (): FormError => ({
    code: "TICKETEER_ALLOWED_MENTIONS_REQUIRED",
    message: "A message with content must carry allowed_mentions (Ticketeer's rule: nobody is pinged by accident).",
  }),
};

function short(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** Adds one problem at a path (creating the nodes on the way); the same code twice at one node is kept once. */
export function addError(tree: ErrorTree, path: ErrorPath, error: FormError): void {
  let node = tree;
  for (const key of path) {
    const k = String(key);
    let child = node[k];
    if (child === undefined || Array.isArray(child)) {
      child = {};
      node[k] = child;
    }
    node = child;
  }
  const list = (node._errors ??= []);
  if (!list.some((e) => e.code === error.code && e.message === error.message)) list.push(error);
}

/** `b` merged into `a` (a is changed and returned). */
export function mergeErrors(a: ErrorTree, b: ErrorTree): ErrorTree {
  for (const { path, error } of flattenErrors(b)) addError(a, path, error);
  return a;
}

export function flattenErrors(tree: ErrorTree, prefix: (string | number)[] = []): { path: (string | number)[]; error: FormError }[] {
  const out: { path: (string | number)[]; error: FormError }[] = [];
  for (const error of tree._errors ?? []) out.push({ path: prefix, error });
  for (const [key, child] of Object.entries(tree)) {
    if (key === "_errors" || child === undefined || Array.isArray(child)) continue;
    out.push(...flattenErrors(child, [...prefix, key]));
  }
  return out;
}

export const hasErrors = (tree: ErrorTree): boolean => flattenErrors(tree).length > 0;

/** One line per problem: "embeds.0.title: BASE_TYPE_MAX_LENGTH Must be 256 or fewer in length." */
export function describeErrors(tree: ErrorTree): string[] {
  return flattenErrors(tree).map(({ path, error }) => `${path.length ? path.join(".") : "(body)"}: ${error.code} ${error.message}`);
}

export const invalidFormBody = (errors: ErrorTree): InvalidFormBody => ({ message: "Invalid Form Body", code: 50035, errors });

/** Code points, as Discord counts characters (an emoji is one, not two UTF-16 units). */
export function charCount(text: string): number {
  let n = text.length;
  // A surrogate pair is one character: count its low half out.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff && i > 0 && text.charCodeAt(i - 1) >= 0xd800 && text.charCodeAt(i - 1) <= 0xdbff) n--;
  }
  return n;
}
