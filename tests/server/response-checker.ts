import Ajv2020 from "ajv/dist/2020.js";
import type { FastifyInstance } from "fastify";
import { docPath, type OpenApiDocument } from "../../server/http/support/openapi/document";

// Every answer the API suites receive is checked against the OpenAPI document the server generates: its status must
// be documented for that operation, and a JSON body must validate against the documented schema. The checker is
// installed by createTestApp (helpers.ts) on every test app, so the whole suite is the sample; close() fails the
// test file when any answer did not match.

type Operation = { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };

export interface ResponseChecker {
  problems: string[];
  /** How many answers of documented operations were checked. */
  checked: number;
}

const validators = new WeakMap<object, InstanceType<typeof Ajv2020>>();

function ajvFor(doc: OpenApiDocument) {
  let ajv = validators.get(doc);
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema({ $id: "doc", components: doc.components }, "doc");
    validators.set(doc, ajv);
  }
  return ajv;
}

/** Rewrites the document's own refs so ajv finds them under the "doc" schema. */
function withDocRefs(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema), (key, value) =>
    key === "$ref" && typeof value === "string" && value.startsWith("#/") ? `doc${value}` : value,
  );
}

/** Installs the checker (before the app is ready). */
export function installResponseChecker(app: FastifyInstance): ResponseChecker {
  const checker: ResponseChecker = { problems: [], checked: 0 };
  let doc: OpenApiDocument | undefined;
  const compiled = new Map<string, ReturnType<InstanceType<typeof Ajv2020>["compile"]>>();
  app.addHook("onSend", async (request, reply, payload) => {
    const url = request.routeOptions.url;
    if (!url || !url.startsWith("/api/")) return payload;
    doc ??= app.swagger() as unknown as OpenApiDocument;
    const path = docPath(url);
    const operation = (doc.paths[path] as Record<string, Operation> | undefined)?.[request.method.toLowerCase()];
    if (!operation) return payload; // not an operation (the suites check coverage separately)
    checker.checked++;
    const where = `${request.method} ${path} → ${reply.statusCode}`;
    const response = operation.responses[String(reply.statusCode)];
    if (!response) {
      checker.problems.push(`${where}: status not documented`);
      return payload;
    }
    const type = String(reply.getHeader("content-type") ?? "")
      .split(";")[0]
      .trim();
    const content = response.content ?? {};
    if (!type || Object.keys(content).length === 0) return payload; // no body (a redirect)
    const media = content[type];
    if (!media) {
      checker.problems.push(`${where}: content type ${type} not documented (${Object.keys(content).join(", ")})`);
      return payload;
    }
    if (type !== "application/json" || media.schema === undefined) return payload;
    const text = typeof payload === "string" ? payload : Buffer.isBuffer(payload) ? payload.toString("utf8") : undefined;
    if (text === undefined) return payload; // a stream: nothing to parse here
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      checker.problems.push(`${where}: body is not JSON`);
      return payload;
    }
    const key = `${where} ${type}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajvFor(doc).compile(withDocRefs(media.schema) as object);
      compiled.set(key, validate);
    }
    if (!validate(body)) checker.problems.push(`${where}: ${ajvFor(doc).errorsText(validate.errors?.slice(0, 3))} — ${text.slice(0, 300)}`);
    return payload;
  });
  return checker;
}
