import type { JsonSchema, OpenApiDocument } from "./document";

// The API reference as one self-contained page, rendered on the server from the OpenAPI document: operations
// grouped by tag, each with its method, path, access, parameters, request and response schemas (pretty JSON in
// <details>, so no script is needed: the CSP allows none inline). Every text is escaped.

const escapeHtml = (value: unknown) =>
  String(value).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Escaped text with `code` spans. */
const inline = (value: unknown) => escapeHtml(value).replace(/`([^`]+)`/g, "<code>$1</code>");

/** Pretty JSON in a scrollable block that the keyboard can reach (tabindex) to scroll. */
const pre = (value: unknown) => `<pre tabindex="0">${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

const anchor = (value: string) => value.replace(/[^A-Za-z0-9_-]+/g, "-");

interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
  "x-permissions"?: string[];
  "x-access-levels"?: string[];
}

const refName = (schema: JsonSchema | undefined) =>
  typeof schema?.$ref === "string" ? schema.$ref.replace("#/components/schemas/", "") : undefined;

function schemaBlock(doc: OpenApiDocument, contentType: string, schema: JsonSchema): string {
  const name = refName(schema);
  const body = name ? doc.components.schemas[name] : schema;
  // No link inside <summary> (an interactive element inside another): the link to the component comes below it.
  const link = name ? `<p class="schema-link">Component: <a href="#schema-${anchor(name)}">${escapeHtml(name)}</a></p>` : "";
  return `<details class="schema"><summary><code>${escapeHtml(contentType)}</code> ${escapeHtml(name ?? "inline schema")}</summary>${link}${pre(body)}</details>`;
}

function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return "";
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type as string | undefined);
  const extra = [
    schema.pattern ? `pattern ${schema.pattern}` : "",
    schema.format ? `format ${schema.format}` : "",
    schema.minimum !== undefined ? `min ${schema.minimum}` : "",
    schema.maximum !== undefined ? `max ${schema.maximum}` : "",
  ]
    .filter(Boolean)
    .join(", ");
  return [type ?? (schema.anyOf ? "one of several" : ""), extra].filter(Boolean).join(" · ");
}

function renderOperation(doc: OpenApiDocument, method: string, path: string, op: Operation): string {
  const id = `op-${anchor(op.operationId)}`;
  const params = op.parameters ?? [];
  const paramRows = params
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${p.required ? "yes" : "no"}</td><td>${escapeHtml(typeOf(p.schema))}</td><td>${escapeHtml(p.description ?? p.schema?.description ?? "")}</td></tr>`,
    )
    .join("");
  const body = op.requestBody
    ? `<h4>Request body</h4>${Object.entries(op.requestBody.content)
        .map(([type, c]) => schemaBlock(doc, type, c.schema))
        .join("")}`
    : "";
  const responses = Object.entries(op.responses)
    .map(([status, r]) => {
      const content = r.content
        ? Object.entries(r.content)
            .map(([type, c]) => schemaBlock(doc, type, c.schema))
            .join("")
        : "";
      return `<li><span class="status s${escapeHtml(status[0])}">${escapeHtml(status)}</span> ${inline(r.description)}${content}</li>`;
    })
    .join("");
  const description = (op.description ?? "")
    .split("\n\n")
    .filter(Boolean)
    .map((para) => `<p>${inline(para)}</p>`)
    .join("");
  return `<section class="op" id="${id}" aria-labelledby="${id}-title">
<h3 id="${id}-title"><span class="method m-${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code></h3>
<p class="summary">${escapeHtml(op.summary)}</p>
${description}
${params.length ? `<h4>Parameters</h4><div class="table" tabindex="0" role="region" aria-label="Parameters of ${escapeHtml(method.toUpperCase())} ${escapeHtml(path)}"><table><thead><tr><th>Name</th><th>In</th><th>Required</th><th>Type</th><th>Description</th></tr></thead><tbody>${paramRows}</tbody></table></div>` : ""}
${body}
<h4>Responses</h4><ul class="responses">${responses}</ul>
</section>`;
}

const styles = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--card:#f6f8fa;--link:#0969da}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;--card:#151b23;--link:#4493f8}}
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg)}
a{color:var(--link)}a:focus-visible,summary:focus-visible{outline:2px solid var(--link);outline-offset:2px}
header{padding:24px 24px 8px;border-bottom:1px solid var(--line)}header h1{margin:0 0 4px;font-size:1.6rem}
header p{margin:4px 0;color:var(--muted)}.layout{display:flex;gap:24px;padding:0 24px 48px;max-width:1400px;margin:0 auto}
nav{flex:0 0 240px;position:sticky;top:0;align-self:flex-start;max-height:100vh;overflow:auto;padding:16px 0}
nav ul{list-style:none;margin:0;padding:0}nav li{margin:2px 0}nav .group{margin-top:12px;font-weight:600}
nav a{text-decoration:none;font-size:.88rem}main{flex:1;min-width:0}
h2{margin:32px 0 8px;padding-bottom:4px;border-bottom:1px solid var(--line)}
.op{border:1px solid var(--line);border-radius:8px;padding:12px 16px;margin:16px 0;background:var(--card)}
.op h3{margin:0;font-size:1rem;display:flex;gap:8px;align-items:center;flex-wrap:wrap;word-break:break-all}
.op h4{margin:12px 0 4px;font-size:.9rem}.summary{margin:6px 0;font-weight:500}.op p{margin:6px 0}
.method{display:inline-block;min-width:64px;text-align:center;border-radius:4px;padding:1px 6px;font-size:.8rem;font-weight:700;color:#fff;background:#57606a}
.m-get{background:#0969da}.m-post{background:#1a7f37}.m-put{background:#9a6700}.m-patch{background:#8250df}.m-delete{background:#cf222e}
.status{display:inline-block;min-width:40px;font-weight:700}.s2{color:#1a7f37}.s3{color:var(--link)}.s4,.s5{color:#cf222e}
@media (prefers-color-scheme:dark){.s2{color:#3fb950}.s4,.s5{color:#f85149}}
.schema-link{margin:4px 0;font-size:.85rem}pre:focus-visible,.table:focus-visible{outline:2px solid var(--link);outline-offset:2px}
.responses{list-style:none;padding:0;margin:0}.responses li{margin:4px 0}
.table{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:.88rem}th,td{border:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}
pre{margin:6px 0;padding:8px;overflow:auto;max-height:420px;background:var(--bg);border:1px solid var(--line);border-radius:6px;font-size:.8rem}
details.schema{margin:4px 0}summary{cursor:pointer}code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
@media (max-width:800px){.layout{display:block;padding:0 12px 32px}nav{position:static;max-height:none}header{padding:16px 12px 8px}}
`;

/** The whole page. */
export function renderReferencePage(doc: OpenApiDocument): string {
  const byTag = new Map<string, { method: string; path: string; op: Operation }[]>();
  for (const tag of doc.tags) byTag.set(tag.name, []);
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods as Record<string, Operation>)) {
      const tag = op.tags[0] ?? "Other";
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({ method, path, op });
    }
  }
  const groups = [...byTag.entries()].filter(([, ops]) => ops.length > 0);
  const nav = groups
    .map(
      ([tag, ops]) =>
        `<li class="group"><a href="#tag-${anchor(tag)}">${escapeHtml(tag)}</a></li>${ops
          .map(
            ({ method, path, op }) =>
              `<li><a href="#op-${anchor(op.operationId)}">${escapeHtml(method.toUpperCase())} ${escapeHtml(path)}</a></li>`,
          )
          .join("")}`,
    )
    .join("");
  const sections = groups
    .map(([tag, ops]) => {
      const description = doc.tags.find((t) => t.name === tag)?.description;
      return `<h2 id="tag-${anchor(tag)}">${escapeHtml(tag)}</h2>${description ? `<p>${escapeHtml(description)}</p>` : ""}${ops.map(({ method, path, op }) => renderOperation(doc, method, path, op)).join("\n")}`;
    })
    .join("\n");
  const schemas = Object.entries(doc.components.schemas)
    .map(
      ([name, schema]) =>
        `<details class="schema" id="schema-${anchor(name)}"><summary><code>${escapeHtml(name)}</code></summary>${pre(schema)}</details>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} reference</title>
<style>${styles}</style>
</head>
<body>
<header>
<h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1>
<p>${inline(doc.info.description)}</p>
<p>Base URL: <code>${escapeHtml(doc.servers[0]?.url ?? "/api")}</code> · OpenAPI ${escapeHtml(doc.openapi)} document: <a href="openapi.json">openapi.json</a></p>
</header>
<div class="layout">
<nav aria-label="Operations"><ul>${nav}<li class="group"><a href="#schemas">Schemas</a></li></ul></nav>
<main>
${sections}
<h2 id="schemas">Schemas</h2>
${schemas}
</main>
</div>
</body>
</html>
`;
}
