import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../helpers";
import { apiRoutesOf, type Ctx, createContext, fillPath, type Json, routeKey, samples, snapshot, snapshotDiff } from "./fixtures";

// Hostile bodies: for every POST/PUT/PATCH route of the route table, property-based bodies made from the
// route's valid sample (or {} for a route the sample table does not know yet): wrong types, missing and extra
// fields, huge strings, unicode edge cases, deep nesting, prototype keys, arrays for objects, numbers out of
// range, malformed JSON. Sent as the owner. Never a 5xx; a 4xx carries a non-empty {error} and leaves every
// stored row as it was; a body that is invalid by construction gets exactly 400.

const t = await createTestApp();
const objectKeysBefore = Object.getOwnPropertyNames(Object.prototype).sort();

/** Routes that must not get random bodies: logout ends the owner's session (it takes no body anyway). */
// Logout has no body; Discord's interaction endpoint refuses every unsigned request (401) before reading its body
// (tests/server/tickets/interactions-endpoint.test.ts sends it signed bodies).
const skipped = new Set(["POST /api/api/auth/logout", "POST /api/interactions"]);
const routes = apiRoutesOf(t.app.routeTable).filter((r) => ["POST", "PUT", "PATCH"].includes(r.method) && !skipped.has(routeKey(r)));

/** Runs per route: fewer for routes that take no body (nothing to vary but noise). */
const RUNS_WITH_BODY = Number(process.env.HOSTILE_RUNS ?? 110);
const RUNS_WITHOUT_BODY = 15;

type Path = (string | number)[];

interface Mutation {
  kind: string;
  /** The raw request body. */
  text: string;
  contentType?: string;
  /** Invalid by construction: the answer must be exactly 400. */
  invalid: boolean;
}

function nodes(value: Json, path: Path = [], out: { path: Path; value: Json }[] = []) {
  out.push({ path, value });
  if (Array.isArray(value)) value.forEach((v, i) => nodes(v, [...path, i], out));
  else if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) nodes(v, [...path, k], out);
  return out;
}

const clone = <T>(v: T): T => structuredClone(v);

function setAt(root: Json, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = clone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]] = value;
  return copy;
}

function deleteAt(root: Json, path: Path): unknown {
  const copy = clone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (Array.isArray(node)) node.splice(Number(last), 1);
  else delete node[last];
  return copy;
}

/** JSON text of `value` with `"key": raw` added to the object at `path` (keys JSON.stringify would not write). */
function withRawKey(root: Json, path: Path, key: string, raw: string): string {
  const marker = `"__marker_${Math.random().toString(36).slice(2)}"`;
  const target = path.reduce<any>((node, k) => node[k], root);
  const withMarker = setAt(root, path, { ...target, [marker.slice(1, -1)]: 0 });
  return JSON.stringify(withMarker).replace(`${marker}:0`, `${JSON.stringify(key)}:${raw}`);
}

/** JSON text nested `depth` levels deep (built as text: JSON.stringify itself would overflow the stack). */
const nestedText = (depth: number, asArray: boolean) =>
  asArray ? `${"[".repeat(depth)}${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}{}${"}".repeat(depth)}`;
const MARKER = "__nested_marker__";
/** The JSON of `root` with the value at `path` replaced by raw JSON text. */
const withRawValue = (root: Json, path: Path, raw: string) => JSON.stringify(setAt(root, path, MARKER)).replace(`"${MARKER}"`, raw);

const huge = (unit: string) => unit.repeat(Math.ceil(100_000 / unit.length)).slice(0, 100_000);

const unicodeEdges = [
  "\ud800",
  "\udfff",
  "a\ud83dz",
  "\udc00\ud800",
  "\u202eevil\u202c",
  "\u200f\u200e\u061c",
  "\u200b\u200c\u200d\ufeff",
  "👨‍👩‍👧‍👦",
  "🏳️‍🌈",
  "🇺🇳🇺",
  "e\u0301\u0301\u0301",
  "\u0000",
  "a\u0000b",
  "\uffff\ufffe",
  "\u2028\u2029",
  "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇",
  "\t\n\r\u000b",
  "   ",
  "",
  "%00",
  "\\",
  "'\"`",
  "<script>window.__xss=1</script>",
  "${7*7}{{7*7}}",
  "ＡＢＣ",
  "İı",
  "ß",
];
const outOfRange = [-1, -(2 ** 31) - 1, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53, 2 ** 53 + 2, 1e15, 1e21, 1e308, -1e308, 0.5, -0, 5e-324];
const idStrings = [
  "0",
  "-1",
  "2147483648",
  "99999999999",
  "9007199254740993",
  "1e3",
  "9".repeat(22),
  "9".repeat(400),
  "00000000000000000001",
  "812345678901234567 ",
  " 1",
  "１２３",
];
const extraKeys = [
  "prototype",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "__defineGetter__",
  "then",
  "length",
  "",
  "$where",
  "a.b",
  "guild_id",
  "GuildId",
  "id",
];

const anyJson = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>;

/** A value of another JSON type than `v` (never null: nullable fields accept null). */
function otherType(v: Json): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [
    fc.constant({}),
    fc.array(fc.string({ maxLength: 3 }), { minLength: 1, maxLength: 2 }),
    fc.constant({ value: v }),
  ];
  if (typeof v !== "string") options.push(fc.string({ maxLength: 5 }), fc.constantFrom("1", "true", "0"));
  if (typeof v !== "number") options.push(fc.integer(), fc.constantFrom(0, 1, -1, 1.5));
  if (typeof v !== "boolean") options.push(fc.boolean());
  if (Array.isArray(v) || (v !== null && typeof v === "object")) options.splice(0, 3, fc.string({ maxLength: 3 }));
  return fc.oneof(...options);
}

function mutationsOf(base: Json, needsBody: boolean): fc.Arbitrary<Mutation> {
  const all = nodes(base);
  const leaves = all.filter((n) => n.value === null || typeof n.value !== "object");
  const strings = all.filter((n) => typeof n.value === "string");
  const numbers = all.filter((n) => typeof n.value === "number");
  const objects = all.filter((n) => n.value !== null && typeof n.value === "object" && !Array.isArray(n.value));
  const children = all.filter((n) => n.path.length > 0);
  const typed = all.filter((n) => n.value !== null && n.path.length > 0);
  const json = (kind: string, value: unknown, invalid: boolean): Mutation => ({ kind, text: JSON.stringify(value), invalid });
  const at = (list: { path: Path; value: Json }[]) => fc.constantFrom(...list);

  const arbs: fc.Arbitrary<Mutation>[] = [
    // Not an object at all.
    fc
      .oneof(
        fc.array(anyJson, { maxLength: 3 }),
        fc.string({ maxLength: 20 }),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.constant([base]),
      )
      .map((v) => json("not an object", v, needsBody)),
    // Malformed JSON: refused by the parser on every route.
    fc
      .constantFrom("{", '{"a":', "{'a':1}", '{"a":1,}', "[1,2", "nul", '{"a":"\\x"}', '"\\ud800', JSON.stringify(base).slice(0, -1) || "{")
      .map((text) => ({ kind: "malformed JSON", text, invalid: true })),
    // Whole-body random JSON, and another content type.
    anyJson.map((v) => json("random JSON", v, needsBody && (v === null || typeof v !== "object" || Array.isArray(v)))),
    fc.string({ maxLength: 50 }).map((text) => ({ kind: "text/plain", text, contentType: "text/plain", invalid: false })),
    // Deep nesting as the whole body.
    fc
      .tuple(fc.integer({ min: 200, max: 5000 }), fc.boolean())
      .map(([depth, asArray]) => ({ kind: `nested ${depth}`, text: nestedText(depth, asArray), invalid: needsBody && asArray })),
    // Prototype pollution: refused by the parser.
    fc.constantFrom(...objects).chain((o) =>
      fc.constantFrom(
        { kind: "__proto__ key", text: withRawKey(base, o.path, "__proto__", '{"polluted":"yes"}'), invalid: true },
        {
          kind: "constructor.prototype",
          text: withRawKey(base, o.path, "constructor", '{"prototype":{"polluted":"yes"}}'),
          invalid: true,
        },
        { kind: "prototype key", text: withRawKey(base, o.path, "prototype", '{"polluted":"yes"}'), invalid: false },
      ),
    ),
    // Extra fields.
    fc.tuple(at(objects), fc.oneof(fc.constantFrom(...extraKeys), fc.string({ maxLength: 8 })), anyJson).map(([o, key, value]) => ({
      kind: `extra ${JSON.stringify(key)}`,
      text: withRawKey(base, o.path, key, JSON.stringify(value)),
      invalid: false,
    })),
  ];
  if (children.length > 0) {
    // Missing fields (a required one or an optional one: either way no 5xx, no change on refusal).
    arbs.push(at(children).map((n) => json(`missing ${n.path.join(".")}`, deleteAt(base, n.path), false)));
    // Arrays and deep nesting where a value belongs.
    arbs.push(
      fc.tuple(at(children), fc.integer({ min: 50, max: 3000 }), fc.boolean()).map(([n, depth, asArray]) => ({
        kind: `nested ${depth} at ${n.path.join(".")}`,
        text: withRawValue(base, n.path, nestedText(depth, asArray)),
        // An object whose fields are all optional accepts {"a": {...}} (unknown keys are dropped); nothing else does.
        invalid: asArray || n.value === null || typeof n.value !== "object" || Array.isArray(n.value),
      })),
    );
  }
  if (typed.length > 0) {
    // Wrong types.
    arbs.push(
      at(typed).chain((n) => otherType(n.value).map((v) => json(`wrong type at ${n.path.join(".")}`, setAt(base, n.path, v), true))),
    );
  }
  if (objects.length > 0) {
    arbs.push(
      at(objects).map((n) =>
        json(`array for object at ${n.path.join(".") || "body"}`, setAt(base, n.path, [n.value]), needsBody || n.path.length > 0),
      ),
    );
  }
  if (strings.length > 0) {
    // Huge strings (100,000 characters): beyond every limit.
    arbs.push(
      fc
        .tuple(at(strings), fc.constantFrom("a", "é", "😀", "\u202e", "<b>", "\u0000", "\u200b"))
        .map(([n, unit]) => json(`huge ${JSON.stringify(unit)} at ${n.path.join(".")}`, setAt(base, n.path, huge(unit)), true)),
    );
    // Unicode edge cases (valid or not: never a 5xx).
    arbs.push(
      fc
        .tuple(
          at(strings),
          fc.oneof(
            fc.constantFrom(...unicodeEdges),
            fc.string({ unit: "binary", maxLength: 30 }),
            fc.string({ unit: "grapheme", maxLength: 10 }),
          ),
        )
        .map(([n, s]) => json(`unicode at ${n.path.join(".")}`, setAt(base, n.path, s), false)),
    );
    arbs.push(
      at(strings).chain((n) =>
        fc.constantFrom(...idStrings).map((s) => json(`id-like at ${n.path.join(".")}`, setAt(base, n.path, s), false)),
      ),
    );
  }
  if (numbers.length > 0) {
    arbs.push(
      fc
        .tuple(at(numbers), fc.oneof(fc.constantFrom(...outOfRange), fc.double({ noNaN: true, noDefaultInfinity: true })))
        .map(([n, v]) => json(`number ${v} at ${n.path.join(".")}`, setAt(base, n.path, v), false)),
    );
  }
  if (leaves.length > 0) {
    arbs.push(at(leaves).map((n) => json(`null at ${n.path.join(".")}`, setAt(base, n.path, null), false)));
  }
  return fc.oneof(...arbs);
}

/** The same attacks at every field, once each (the random runs then explore combinations and other values). */
function systematic(base: Json, needsBody: boolean): Mutation[] {
  const out: Mutation[] = [
    { kind: "malformed JSON", text: "{", invalid: true },
    { kind: "not an object", text: "[]", invalid: needsBody },
    { kind: "not an object", text: "null", invalid: needsBody },
  ];
  const json = (kind: string, value: unknown, invalid: boolean): Mutation => ({ kind, text: JSON.stringify(value), invalid });
  // One field per shape: the items of a list are alike (tags.0.name stands for tags.*.name).
  const shapes = new Set<string>();
  for (const n of nodes(base)) {
    const shape = n.path.map((k) => (typeof k === "number" ? "*" : k)).join(".");
    if (shapes.has(shape)) continue;
    shapes.add(shape);
    const where = n.path.join(".") || "body";
    if (typeof n.value === "string") {
      out.push(json(`unicode NUL at ${where}`, setAt(base, n.path, "a\u0000b"), false));
      out.push(json(`unicode lone surrogate at ${where}`, setAt(base, n.path, "\ud800x"), false));
      out.push(json(`huge at ${where}`, setAt(base, n.path, huge("a")), true));
      out.push(json(`id-like at ${where}`, setAt(base, n.path, "99999999999"), false));
    } else if (typeof n.value === "number") {
      for (const v of [2 ** 31, 2 ** 53, -1, 1e308, 0.5]) out.push(json(`number ${v} at ${where}`, setAt(base, n.path, v), false));
    } else if (n.value !== null && typeof n.value === "object" && !Array.isArray(n.value)) {
      out.push({ kind: "__proto__ key", text: withRawKey(base, n.path, "__proto__", '{"polluted":"yes"}'), invalid: true });
      out.push({
        kind: "constructor.prototype",
        text: withRawKey(base, n.path, "constructor", '{"prototype":{"polluted":"yes"}}'),
        invalid: true,
      });
    }
  }
  return out;
}

describe("hostile bodies", () => {
  let ctx: Ctx;

  beforeAll(async () => {
    ctx = await createContext(t);
    // The demo transcripts' search index is thousands of rows: without them every snapshot is a few ms, not 30.
    // (The ingest route stores its own transcripts during the run.)
    await t.db.deleteFrom("transcript_terms").execute();
    await t.db.deleteFrom("transcripts").execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it("covers every write route with a body", () => {
    expect(routes.map(routeKey)).toEqual(
      expect.arrayContaining(["POST /api/:guildId/tags", "PUT /api/:guildId/settings", "POST /api/:guildId/panels"]),
    );
  });

  for (const route of routes) {
    const key = routeKey(route);
    const sample = samples[key];
    const needsBody = sample?.body !== undefined || sample?.bodyAsync !== undefined;
    it(`${key}: no 5xx, 400 {error} for invalid bodies, nothing stored on refusal`, async () => {
      const params = { ...(await ctx.placeholders()), ...(sample?.setup ? await sample.setup(ctx) : {}) };
      const headers = { authorization: `Bearer ${ctx.owner}`, ...(sample?.headers ? await sample.headers(ctx) : {}) };
      const url = fillPath(route.path, params);
      const bases: Json[] = sample?.fullBodies
        ? await sample.fullBodies(ctx)
        : [(sample?.bodyAsync ? await sample.bodyAsync(ctx) : sample?.body?.(ctx)) ?? {}];
      if (sample) {
        // The bases are valid: what the mutations change is what makes a body invalid.
        for (const base of bases) {
          const res = await t.app.inject({ method: route.method as "POST", url, headers, payload: base as object });
          expect(res.statusCode, `valid base: ${res.body}`).toBeLessThan(300);
        }
      }
      let stored = await snapshot(t);
      const seen = new Map<string, number>();

      await fc.assert(
        fc.asyncProperty(fc.oneof(...bases.map((base) => mutationsOf(base, needsBody))), async (m) => {
          const res = await t.app.inject({
            method: route.method as "POST",
            url,
            headers: { ...headers, "content-type": m.contentType ?? "application/json" },
            payload: m.text,
          });
          const label = `${m.kind} → ${res.statusCode} ${res.body.slice(0, 200)} (body: ${m.text.slice(0, 200)})`;
          seen.set(m.kind.split(" ")[0], res.statusCode);
          expect(res.statusCode, label).toBeLessThan(500);
          if (m.invalid) expect(res.statusCode, label).toBe(400);
          const after = await snapshot(t);
          if (res.statusCode >= 400) {
            const error = (res.json() as { error?: unknown }).error;
            expect(typeof error === "string" && error.trim() !== "", `${label}: {error} must be a message`).toBe(true);
            expect(snapshotDiff(stored, after), `${label}: a refused write changed stored data`).toEqual([]);
          }
          stored = after;
        }),
        {
          numRuns: needsBody ? RUNS_WITH_BODY : RUNS_WITHOUT_BODY,
          endOnFailure: true,
          examples: needsBody ? bases.flatMap((base) => systematic(base, needsBody)).map((m) => [m] as [Mutation]) : [],
        },
      );
      expect(seen.size).toBeGreaterThan(needsBody ? 5 : 1);
    });
  }

  // Ids in paths: whatever the caller puts there, an id that names nothing is 404 (never a 5xx, even where
  // PostgreSQL's integer columns end), and nothing changes.
  // (Not "0": ticket 0 is a valid transcript id, and the generated ingest bodies above may have stored it.)
  const hostileIds = [
    "2147483648",
    "999999999999999",
    "9".repeat(30),
    "-1",
    "1.5",
    "1e3",
    "%201",
    "%00",
    "%2e%2e",
    "a'--",
    "%F0%9F%98%80",
    "00000000-0000-4000-8000-000000000000",
  ];
  const withIds = apiRoutesOf(t.app.routeTable).filter(
    (r) => r.params.some((p) => p !== "guildId") && r.authenticated && routeKey(r) in samples,
  );
  it.each(withIds.map((r) => [routeKey(r), r] as const))("%s: hostile ids in the path → 404", async (_key, route) => {
    const sample = samples[routeKey(route)];
    const valid = { ...(await ctx.placeholders()), ...(sample.setup ? await sample.setup(ctx) : {}) };
    const headers = { authorization: `Bearer ${ctx.owner}`, ...(sample.headers ? await sample.headers(ctx) : {}) };
    const body = sample.bodyAsync ? await sample.bodyAsync(ctx) : sample.body?.(ctx);
    const stored = await snapshot(t);
    for (const param of route.params.filter((p) => p !== "guildId")) {
      for (const id of hostileIds) {
        const url = route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) =>
          name === param ? id : encodeURIComponent(valid[name] ?? "1"),
        );
        const res = await t.app.inject({
          method: route.method as "GET",
          url,
          headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
        expect(res.statusCode, `${param}=${id}: ${res.body}`).toBe(404);
        expect((res.json() as { error?: string }).error, `${param}=${id}`).toBeTruthy();
      }
    }
    expect(snapshotDiff(stored, await snapshot(t))).toEqual([]);
  });

  it("no prototype was polluted", () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(objectKeysBefore);
  });
});
