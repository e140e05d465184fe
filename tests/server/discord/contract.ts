import fs from "node:fs";
import { fileURLToPath } from "node:url";
import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import { discordLimits } from "../../../src/schemas/discord-limits";
import { checkRequestLimits } from "./limits";
import {
  addError,
  describeErrors,
  type ErrorPath,
  type ErrorTree,
  formErrors,
  hasErrors,
  invalidFormBody,
  mergeErrors,
} from "./form-errors";

// The contract of Discord's HTTP API: one request the product sends — method, path, query, JSON body — checked
// against Discord's own OpenAPI 3.1 description (tests/fixtures/discord-api-spec, pinned) with Ajv 2020, then
// against the documented limits the description cannot hold (limits.ts). The stub (discord-stub.ts) runs it on
// every request, so a request Discord would refuse fails the test that caused it, with Discord's own answer.
//
// The description is read as Discord publishes it, with three adjustments made once when it is loaded:
// - permission bit sets (`allow`, `deny`, `permissions`, `default_member_permissions`) are typed `integer` there,
//   while permissions.mdx says they are serialized as strings ("123") and requests "accept both string or number
//   values". The description marks them neither by format nor by description, so they are found by those property
//   names, and accept a string of digits as well;
// - unions whose branches are told apart by their `type` (components, command options, interaction callbacks) are
//   rewritten as if/then chains on `type`, so a broken button reports the button's problem, not one line per
//   component type it is not;
// - its refs are resolved under one schema id ("discord"), and each operation compiles lazily, once per process.

const SPEC_FILE = fileURLToPath(new URL("../../fixtures/discord-api-spec/openapi.json", import.meta.url));
const API_PREFIX = /^\/api\/v\d+/;
const PERMISSION_FIELDS = new Set(["allow", "deny", "permissions", "default_member_permissions"]);
const PERMISSION_PATTERN = "^[0-9]{1,20}$";
type Method = "get" | "put" | "post" | "patch" | "delete";

type SchemaObject = Record<string, unknown>;

interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: SchemaObject;
}

interface Operation {
  operationId: string;
  parameters?: Parameter[];
  responses?: Record<string, { content?: Record<string, { schema?: SchemaObject }> }>;
  requestBody?: { required?: boolean; content: Record<string, { schema?: SchemaObject }> };
}

type PathItem = Partial<Record<Method, Operation>> & { parameters?: Parameter[] };

interface OpenApi {
  paths: Record<string, PathItem>;
  components: { schemas: Record<string, SchemaObject> };
}

/** A route of the description: its template split in segments; `{name}` segments are parameters. */
interface Route {
  template: string;
  segments: ({ literal: string } | { param: string })[];
  literals: number;
  item: PathItem;
}

export interface RouteMatch {
  template: string;
  params: Record<string, string>;
}

/** What Discord would answer instead of doing the request. */
export interface DiscordAnswer {
  status: number;
  json: unknown;
}

export interface Violation {
  method: string;
  path: string;
  template?: string;
  /** One readable line per problem. */
  problems: string[];
  /** Discord's answer; absent when Discord would carry the request out anyway (an unknown query parameter). */
  answer?: DiscordAnswer;
}

export interface RequestCheck {
  route?: RouteMatch;
  operationId?: string;
  violation?: Violation;
}

export interface DiscordRequest {
  method: string;
  /** With or without the /api/v10 prefix. */
  path: string;
  query?: URLSearchParams;
  headers?: Record<string, string | string[] | undefined>;
  /** JSON, or the payload_json part of a multipart/form-data body. */
  body?: string;
  /** A multipart body's files (`files[n]`) and the names of its other fields (payload_json aside). */
  files?: { field: string; name: string; data: Buffer }[];
  fields?: string[];
}

const isObject = (v: unknown): v is SchemaObject => typeof v === "object" && v !== null && !Array.isArray(v);

// ---- the description, loaded and adjusted once ----------------------------------------------------------------

interface Loaded {
  doc: OpenApi;
  ajv: InstanceType<typeof Ajv2020>;
  routes: Route[];
}

let loaded: Loaded | undefined;

function spec(): Loaded {
  if (loaded) return loaded;
  const doc = JSON.parse(fs.readFileSync(SPEC_FILE, "utf8")) as OpenApi;
  const schemas: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(doc.components.schemas)) schemas[name] = prepare(schema, doc);
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false, verbose: true, inlineRefs: false });
  ajv.addSchema({ $id: "discord", components: { schemas } });
  const routes: Route[] = Object.entries(doc.paths).map(([template, item]) => {
    const segments = template
      .split("/")
      .slice(1)
      .map((s) => (s.startsWith("{") && s.endsWith("}") ? { param: s.slice(1, -1) } : { literal: s }));
    return { template, segments, literals: segments.filter((s) => "literal" in s).length, item };
  });
  // More literal segments first: /users/@me/guilds before /users/{user_id}/…, …/messages/@original before …/{message_id}.
  routes.sort((a, b) => b.literals - a.literals);
  loaded = { doc, ajv, routes };
  return loaded;
}

/** Follows a local ref of the raw description. */
function resolve(schema: unknown, doc: OpenApi): unknown {
  let node = schema;
  for (let hops = 0; isObject(node) && typeof node.$ref === "string" && hops < 20; hops++) {
    const name = /^#\/components\/schemas\/(.+)$/.exec(node.$ref)?.[1];
    node = name ? doc.components.schemas[name] : undefined;
  }
  return node;
}

/** The adjusted copy of a schema (see the file's comment); refs stay local ("#/components/…"). */
function prepare(node: unknown, doc: OpenApi): unknown {
  if (Array.isArray(node)) return node.map((n) => prepare(n, doc));
  if (!isObject(node)) return node;
  const out: SchemaObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "properties" && isObject(value)) {
      const props: SchemaObject = {};
      for (const [name, prop] of Object.entries(value)) {
        const prepared = prepare(prop, doc);
        props[name] = PERMISSION_FIELDS.has(name) ? acceptDigitString(prepared) : prepared;
      }
      out.properties = props;
    } else out[key] = prepare(value, doc);
  }
  for (const key of ["oneOf", "anyOf"] as const) {
    const union = out[key];
    if (!Array.isArray(union)) continue;
    const chain = byType(union, doc);
    if (!chain) continue;
    delete out[key];
    out.allOf = [...(Array.isArray(out.allOf) ? out.allOf : []), chain];
  }
  return out;
}

/** An integer permission bit set that also takes its documented string form ("2048"). */
function acceptDigitString(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (!types.includes("integer")) return schema;
  return { ...schema, type: [...types, "string"], pattern: PERMISSION_PATTERN };
}

/** The `type` values a union branch stands for (its `properties.type` const or enum), or null. */
function typeTags(branch: unknown, doc: OpenApi): (string | number)[] | null {
  const target = resolve(branch, doc);
  if (!isObject(target) || !isObject(target.properties)) return null;
  const type = target.properties.type;
  if (!isObject(type)) return null;
  const tags = type.const !== undefined ? [type.const] : Array.isArray(type.enum) ? type.enum : null;
  if (!tags || tags.length === 0 || !tags.every((t) => typeof t === "number" || typeof t === "string")) return null;
  return tags as (string | number)[];
}

/** A union of `type`-tagged branches as an if/then chain on `type`; null when the branches are not so tagged. */
function byType(union: unknown[], doc: OpenApi): SchemaObject | null {
  const tags = union.map((branch) => typeTags(branch, doc));
  if (tags.length < 2 || tags.some((t) => t === null)) return null;
  const all = tags.flatMap((t) => t!);
  if (new Set(all).size !== all.length) return null; // overlapping branches: leave the union as it is
  let chain: SchemaObject = { properties: { type: { enum: all } }, required: ["type"] };
  for (let i = union.length - 1; i >= 0; i--) {
    chain = { if: { properties: { type: { enum: tags[i] } }, required: ["type"] }, then: union[i], else: chain };
  }
  return chain;
}

/** Local refs of an operation's own schema, pointed at the "discord" schema ajv holds. */
function rooted(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema), (key, value) =>
    key === "$ref" && typeof value === "string" && value.startsWith("#/") ? `discord${value}` : value,
  );
}

// ---- routes ---------------------------------------------------------------------------------------------------

/** The description's route for a path (API prefix and query stripped), whatever the method. */
export function matchRoute(path: string): RouteMatch | undefined {
  const segments = path.replace(API_PREFIX, "").split("?")[0].split("/").slice(1);
  for (const route of spec().routes) {
    if (route.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < segments.length && ok; i++) {
      const seg = route.segments[i];
      if ("literal" in seg) ok = seg.literal === segments[i];
      else if (segments[i] === "") ok = false;
      else params[seg.param] = decodeURIComponent(segments[i]);
    }
    if (ok) return { template: route.template, params };
  }
  return undefined;
}

function operationOf(method: string, template: string): { item: PathItem; operation: Operation } | undefined {
  const item = spec().doc.paths[template];
  const operation = item?.[method.toLowerCase() as Method];
  return item && operation ? { item, operation } : undefined;
}

// ---- compiled operations --------------------------------------------------------------------------------------

interface CompiledParameter {
  name: string;
  in: "path" | "query";
  required: boolean;
  /** The first JSON type of the parameter's schema (refs followed), for turning query text into values. */
  kind: "integer" | "number" | "boolean" | "array" | "string";
  itemKind: "integer" | "number" | "boolean" | "string";
  validate: ValidateFunction;
}

interface CompiledOperation {
  operationId: string;
  parameters: CompiledParameter[];
  body?: ValidateFunction;
  bodyRequired: boolean;
  jsonBody: boolean;
  /** The operation takes multipart/form-data (files). */
  multipart: boolean;
}

const compiled = new Map<string, CompiledOperation>();
const paramValidators = new Map<string, ValidateFunction>();

function kindOf(schema: unknown, doc: OpenApi): CompiledParameter["kind"] {
  const target = resolve(schema, doc);
  if (!isObject(target)) return "string";
  const types = (Array.isArray(target.type) ? target.type : [target.type]).filter(
    (t): t is string => typeof t === "string" && t !== "null",
  );
  for (const t of ["array", "integer", "number", "boolean"] as const) if (types.includes(t)) return t;
  if (types.length === 0) {
    for (const key of ["oneOf", "anyOf", "allOf"]) {
      const list = target[key];
      if (Array.isArray(list))
        for (const branch of list) {
          const k = kindOf(branch, doc);
          if (k !== "string") return k;
        }
    }
  }
  return "string";
}

function compileOperation(method: string, template: string): CompiledOperation | undefined {
  const key = `${method} ${template}`;
  const hit = compiled.get(key);
  if (hit) return hit;
  const found = operationOf(method, template);
  if (!found) return undefined;
  const { doc, ajv } = spec();
  const parameters: CompiledParameter[] = [];
  for (const p of [...(found.item.parameters ?? []), ...(found.operation.parameters ?? [])]) {
    if (p.in !== "path" && p.in !== "query") continue;
    const schema = prepare(p.schema ?? {}, doc);
    const text = JSON.stringify(schema);
    let validate = paramValidators.get(text);
    if (!validate) {
      validate = ajv.compile(rooted(schema) as SchemaObject);
      paramValidators.set(text, validate);
    }
    const kind = kindOf(p.schema, doc);
    const items = isObject(resolve(p.schema, doc)) ? (resolve(p.schema, doc) as SchemaObject).items : undefined;
    const itemKind = kind === "array" ? kindOf(items, doc) : "string";
    parameters.push({
      name: p.name,
      in: p.in,
      required: p.in === "path" || p.required === true,
      kind,
      itemKind: itemKind === "array" ? "string" : itemKind,
      validate,
    });
  }
  const content = found.operation.requestBody?.content;
  const json = content?.["application/json"]?.schema;
  const op: CompiledOperation = {
    operationId: found.operation.operationId,
    parameters,
    body: json ? ajv.compile(rooted(prepare(json, doc)) as SchemaObject) : undefined,
    bodyRequired: found.operation.requestBody?.required === true,
    jsonBody: json !== undefined,
    multipart: content?.["multipart/form-data"] !== undefined,
  };
  compiled.set(key, op);
  return op;
}

// ---- Ajv's errors as Discord's tree ---------------------------------------------------------------------------

const COMPOSITE = new Set(["anyOf", "oneOf", "allOf", "if", "then", "else", "not", "$ref", "discriminator", "dependentSchemas"]);

function pathOf(instancePath: string, prefix: ErrorPath): (string | number)[] {
  const parts =
    instancePath === ""
      ? []
      : instancePath
          .split("/")
          .slice(1)
          .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  return [...prefix, ...parts];
}

const lengthBounds = (parent: SchemaObject, min: string, max: string) => ({
  min: typeof parent[min] === "number" ? (parent[min] as number) : 0,
  max: typeof parent[max] === "number" ? (parent[max] as number) : undefined,
});

const branchValidators = new Map<string, ValidateFunction>();

/**
 * A failed union reports every branch's errors; Discord reports the problems of the shape the value was meant to
 * have. So each failed anyOf/oneOf (outermost first) is replaced by the errors of its closest branch: the one the
 * value breaks least.
 */
function closestBranches(errors: readonly ErrorObject[]): ErrorObject[] {
  const unions = errors.filter((e) => (e.keyword === "anyOf" || e.keyword === "oneOf") && Array.isArray(e.schema));
  if (unions.length === 0) return [...errors];
  unions.sort((a, b) => a.instancePath.length - b.instancePath.length);
  let out = [...errors];
  const replaced: string[] = [];
  const under = (path: string, root: string) => path === root || path.startsWith(`${root}/`);
  for (const union of unions) {
    const at = union.instancePath;
    if (replaced.some((r) => under(at, r))) continue;
    let best: ErrorObject[] | undefined;
    let bestScore = Number.POSITIVE_INFINITY;
    for (const branch of union.schema as unknown[]) {
      const key = JSON.stringify(branch);
      let validate = branchValidators.get(key);
      if (!validate) {
        validate = spec().ajv.compile(rooted(branch) as SchemaObject);
        branchValidators.set(key, validate);
      }
      if (validate(union.data)) {
        best = []; // a oneOf that matched more than one branch: not a problem of the value's shape
        break;
      }
      const errors = closestBranches(validate.errors ?? []);
      // A value that is not even of the branch's type (an object against `{ "type": "null" }`) was not meant for it.
      const score = errors.reduce((n, e) => n + (e.keyword === "type" && e.instancePath === "" ? 1000 : 1), 0);
      if (best === undefined || score < bestScore) {
        best = errors.map((e) => ({ ...e, instancePath: at + e.instancePath }));
        bestScore = score;
      }
    }
    out = [...out.filter((e) => !under(e.instancePath, at)), ...(best ?? [])];
    replaced.push(at);
  }
  return out;
}

/** Ajv's errors of one validation as Discord's nested errors (prefix: where the validated value sits). */
export function ajvErrorsToTree(errors: readonly ErrorObject[] | null | undefined, prefix: ErrorPath = []): ErrorTree {
  const tree: ErrorTree = {};
  for (const e of closestBranches(errors ?? [])) {
    if (COMPOSITE.has(e.keyword)) continue;
    const path = pathOf(e.instancePath, prefix);
    const parent = isObject(e.parentSchema) ? e.parentSchema : {};
    switch (e.keyword) {
      case "required":
        addError(tree, [...path, String((e.params as { missingProperty: string }).missingProperty)], formErrors.required());
        break;
      case "type": {
        const expected = String((e.params as { type: string | string[] }).type);
        if (expected === "null") break; // the null branch of a nullable union: the other branch tells the problem
        if (/integer|number/.test(expected)) addError(tree, path, formErrors.notA("int", e.data));
        else if (expected.includes("object")) addError(tree, path, formErrors.notAnObject());
        else if (expected.includes("array")) addError(tree, path, formErrors.notAList(e.data));
        else if (expected.includes("boolean")) addError(tree, path, formErrors.notABoolean(e.data));
        else addError(tree, path, formErrors.notAString(e.data));
        break;
      }
      case "maxLength":
      case "maxItems":
      case "maxProperties":
      case "minLength":
      case "minItems": {
        const [min, max] = e.keyword.endsWith("Length")
          ? ["minLength", "maxLength"]
          : e.keyword.endsWith("Items")
            ? ["minItems", "maxItems"]
            : ["minProperties", "maxProperties"];
        const b = lengthBounds(parent, min, max);
        if (b.max !== undefined && b.min > 0) addError(tree, path, formErrors.badLength(b.min, b.max));
        else if (e.keyword.startsWith("max") && b.max !== undefined) addError(tree, path, formErrors.maxLength(b.max));
        else addError(tree, path, formErrors.minLength(b.min));
        break;
      }
      case "maximum":
      case "exclusiveMaximum":
        addError(tree, path, formErrors.numberMax((e.params as { limit: number }).limit));
        break;
      case "minimum":
      case "exclusiveMinimum":
        addError(tree, path, formErrors.numberMin((e.params as { limit: number }).limit));
        break;
      case "enum":
        addError(tree, path, formErrors.choices((e.params as { allowedValues: unknown[] }).allowedValues));
        break;
      case "const":
        addError(tree, path, formErrors.choices([(e.params as { allowedValue: unknown }).allowedValue]));
        break;
      case "pattern":
        if (parent.format === "snowflake") addError(tree, path, formErrors.notA("snowflake", e.data));
        else if (parent.pattern === PERMISSION_PATTERN) addError(tree, path, formErrors.notA("int", e.data));
        else addError(tree, path, { code: "STRING_TYPE_REGEX", message: "String value did not match validation regex." });
        break;
      case "uniqueItems":
        addError(tree, [...path, (e.params as { i: number }).i], formErrors.alreadyInSet());
        break;
      default:
        addError(tree, path, { code: e.keyword.toUpperCase(), message: e.message ?? "invalid" });
    }
  }
  return tree;
}

// ---- checks ---------------------------------------------------------------------------------------------------

/** Validates a JSON body against an operation's request schema; Discord's error tree (empty when valid). */
export function validateBody(method: string, template: string, body: unknown, prefix: ErrorPath = []): ErrorTree {
  const op = compileOperation(method, template);
  if (!op?.body) return {};
  return op.body(body) ? {} : ajvErrorsToTree(op.body.errors, prefix);
}

/** Query text as the typed values the description speaks of (Discord's boolean query strings: true/True/1). */
function queryValue(values: string[], p: CompiledParameter): unknown {
  const one = (text: string, kind: CompiledParameter["itemKind"] | "array"): unknown => {
    if ((kind === "integer" || kind === "number") && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
    if (kind === "boolean") {
      if (["true", "True", "1"].includes(text)) return true;
      if (["false", "False", "0"].includes(text)) return false;
    }
    return text;
  };
  if (p.kind === "array") return values.map((v) => one(v, p.itemKind));
  return one(values[values.length - 1], p.kind);
}

const header = (headers: DiscordRequest["headers"], name: string): string => {
  const v = headers?.[name] ?? headers?.[name.toLowerCase()];
  return Array.isArray(v) ? v.join(", ") : (v ?? "");
};

/**
 * The whole check of one request: route and method in the description, path and query parameters, the JSON body
 * against the operation's schema, then the documented limits. A violation carries Discord's answer.
 */
export function checkRequest(req: DiscordRequest): RequestCheck {
  const method = req.method.toUpperCase();
  const path = req.path.replace(API_PREFIX, "").split("?")[0];
  const query = req.query ?? new URLSearchParams(req.path.includes("?") ? req.path.slice(req.path.indexOf("?")) : "");
  const violation = (problems: string[], answer?: DiscordAnswer, template?: string): Violation => ({
    method,
    path,
    template,
    problems,
    answer,
  });

  // The OAuth2 token exchange (topics/oauth2.mdx) is not in the description: it is checked here by its documented
  // form fields instead (form-encoded only; JSON "will return an error").
  if (method === "POST" && path === "/oauth2/token")
    return { route: { template: "/oauth2/token", params: {} }, violation: checkTokenExchange(req, method, path) };

  const route = matchRoute(path);
  if (!route)
    return {
      violation: violation([`${method} ${path}: no such route in Discord's API description`], {
        status: 404,
        json: { message: "404: Not Found", code: 0 },
      }),
    };
  const op = compileOperation(method, route.template);
  if (!op) {
    return {
      route,
      violation: violation(
        [`${method} ${route.template}: the route has no ${method} in Discord's API description`],
        { status: 405, json: { message: "405: Method Not Allowed", code: 0 } },
        route.template,
      ),
    };
  }

  const errors: ErrorTree = {};
  const notes: string[] = [];
  const known = new Set<string>();
  for (const p of op.parameters) {
    known.add(p.name);
    const values = p.in === "path" ? (route.params[p.name] === undefined ? [] : [route.params[p.name]]) : query.getAll(p.name);
    if (values.length === 0) {
      if (p.required) addError(errors, [p.name], formErrors.required());
      continue;
    }
    const value = p.in === "path" ? values[0] : queryValue(values, p);
    if (!p.validate(value)) mergeErrors(errors, ajvErrorsToTree(p.validate.errors, [p.name]));
  }
  for (const name of new Set(query.keys())) {
    // Discord ignores a query parameter it does not know; the product sending one is still a mistake.
    if (!known.has(name))
      notes.push(`${method} ${route.template}: query parameter "${name}" is not in Discord's API description (Discord ignores it)`);
  }
  if (route.template === "/channels/{channel_id}/messages" && method === "GET") {
    const given = ["before", "after", "around"].filter((k) => query.has(k));
    if (given.length > 1)
      notes.push(`GET ${route.template}: before, after and around are mutually exclusive (message.mdx), got ${given.join(", ")}`);
  }

  let body: unknown;
  const text = req.body ?? "";
  if (text.length > 0) {
    const type = header(req.headers, "content-type").split(";")[0].trim();
    const multipart = type === "multipart/form-data" && op.multipart;
    if (!op.jsonBody) notes.push(`${method} ${route.template}: a body was sent, but the operation takes none`);
    else if (type !== "application/json" && !multipart) {
      return {
        route,
        operationId: op.operationId,
        violation: violation(
          [`${method} ${route.template}: content type "${type}", not application/json`],
          {
            status: 400,
            json: invalidFormBody({
              _errors: [{ code: "CONTENT_TYPE_INVALID", message: `Expected "Content-Type" header to be one of {'application/json'}.` }],
            }),
          },
          route.template,
        ),
      };
    } else {
      try {
        body = JSON.parse(text);
      } catch {
        return {
          route,
          operationId: op.operationId,
          violation: violation(
            [`${method} ${route.template}: the body is not JSON`],
            { status: 400, json: { message: "The request body contains invalid JSON.", code: 50109 } },
            route.template,
          ),
        };
      }
    }
  } else if (op.bodyRequired && op.jsonBody) body = {};
  if (body !== undefined && op.body && !op.body(body)) mergeErrors(errors, ajvErrorsToTree(op.body.errors));
  if (req.files?.length || req.fields?.length) {
    const files = checkFiles(req, body);
    mergeErrors(errors, files.errors);
    notes.push(...files.notes.map((n) => `${method} ${route.template}: ${n}`));
    if (files.tooLarge)
      return {
        route,
        operationId: op.operationId,
        violation: violation(
          [`${method} ${route.template}: ${files.tooLarge}`],
          { status: 413, json: { message: "Request entity too large", code: 40005 } },
          route.template,
        ),
      };
  }

  const limits = checkRequestLimits(method, route.template, body);
  mergeErrors(errors, limits.errors);

  if (hasErrors(errors)) {
    const problems = describeErrors(errors).map((line) => `${method} ${route.template} ${line}`);
    return {
      route,
      operationId: op.operationId,
      violation: violation([...problems, ...notes], { status: 400, json: invalidFormBody(errors) }, route.template),
    };
  }
  if (limits.refusal) {
    return {
      route,
      operationId: op.operationId,
      violation: violation(
        [`${method} ${route.template}: ${limits.refusal.json.message} (${limits.refusal.json.code})`, ...notes],
        limits.refusal,
        route.template,
      ),
    };
  }
  return { route, operationId: op.operationId, violation: notes.length ? violation(notes, undefined, route.template) : undefined };
}

/**
 * A multipart body's files as reference.mdx ("Uploading Files") describes them: fields `files[n]` (n from 0 to 9), at
 * most the default upload size each (10 MiB), each new attachment of payload_json's `attachments` naming a file sent
 * by its id (n). Other fields than payload_json are ignored by Discord: a note.
 */
function checkFiles(req: DiscordRequest, body: unknown) {
  const errors: ErrorTree = {};
  const notes = (req.fields ?? []).map((f) => `multipart field "${f}" is neither payload_json nor files[n] (Discord ignores it)`);
  let tooLarge: string | null = null;
  const sent = new Set<string>();
  for (const file of req.files ?? []) {
    const n = /^files\[(\d{1,2})\]$/.exec(file.field)?.[1];
    if (n === undefined || Number(n) >= discordLimits.files) notes.push(`multipart file field "${file.field}" is not files[0] to files[9]`);
    else sent.add(String(Number(n)));
    if (file.data.length > discordLimits.uploadBytes)
      tooLarge = `file "${file.name}" is ${file.data.length} bytes, over the ${discordLimits.uploadBytes} a bot may upload`;
  }
  const attachments = isObject(body) && Array.isArray(body.attachments) ? body.attachments : [];
  attachments.forEach((a, i) => {
    const id = isObject(a) ? String(a.id) : "";
    if (!sent.has(id)) addError(errors, ["attachments", i, "id"], { code: "ATTACHMENT_NOT_FOUND", message: `Attachment ${id} not found` });
  });
  return { errors, notes, tooLarge };
}

function checkTokenExchange(req: DiscordRequest, method: string, path: string): Violation | undefined {
  const type = header(req.headers, "content-type").split(";")[0].trim();
  if (type !== "application/x-www-form-urlencoded") {
    return {
      method,
      path,
      problems: [`POST /oauth2/token: content type "${type}"; the token URL only accepts application/x-www-form-urlencoded`],
      answer: { status: 400, json: { error: "invalid_request" } },
    };
  }
  const form = new URLSearchParams(req.body ?? "");
  const needs: Record<string, string[]> = {
    authorization_code: ["code", "redirect_uri"],
    refresh_token: ["refresh_token"],
    client_credentials: ["scope"],
  };
  const grant = form.get("grant_type") ?? "";
  const missing = grant in needs ? needs[grant].filter((k) => !form.get(k)) : ["grant_type"];
  if (missing.length === 0) return undefined;
  return {
    method,
    path,
    problems: [`POST /oauth2/token: grant_type "${grant}" without ${missing.join(", ")}`],
    answer: { status: 400, json: { error: grant in needs ? "invalid_request" : "unsupported_grant_type" } },
  };
}

const responseValidators = new Map<string, ValidateFunction>();

/**
 * An answer of the fake Discord held to the description's response schema for its status (the fake's own shapes):
 * one line per problem, none when it matches or the description gives no JSON schema for it.
 */
export function checkResponse(method: string, template: string, status: number, json: unknown): string[] {
  const key = `${method.toUpperCase()} ${template} ${status}`;
  let validate = responseValidators.get(key);
  if (!validate) {
    const operation = operationOf(method, template)?.operation;
    const schema = operation?.responses?.[String(status)]?.content?.["application/json"]?.schema;
    if (!schema) return operation ? [] : [`${key}: no such operation in Discord's API description`];
    const { doc, ajv } = spec();
    validate = ajv.compile(rooted(prepare(schema, doc)) as SchemaObject);
    responseValidators.set(key, validate);
  }
  return validate(json) ? [] : (validate.errors ?? []).map((e) => `${key}: ${e.instancePath || "(root)"} ${e.message ?? e.keyword}`);
}

/** Compiles the operations a suite will use up front (the first compile of a large schema takes a while). */
export function warmUp(operations: readonly [method: string, template: string][]): void {
  for (const [method, template] of operations) compileOperation(method, template);
}
