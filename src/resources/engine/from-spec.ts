import type { z } from "zod";
import { resourceListParams, type ResourceSpec } from "../../schemas/resource-spec";
import type { ResourceDeclaration } from "./types";
import { ListIcon } from "./icons";

// The dashboard's declaration of a resource declared once as a spec (src/schemas/resource-spec.ts): route, sidebar
// entry, endpoint, permissions and generated screens all come from the spec and its `ui` part. A registry line
// `resourceFromSpec(<its spec>)` is all the client needs (docs/adding-a-resource.md).

/** A case-insensitive substring of any of the fields. */
const matchFields = (fields: string[]) => (record: Record<string, unknown>, query: string) => {
  const q = query.trim().toLowerCase();
  return fields.some((field) => String(record[field] ?? "").toLowerCase().includes(q));
};

export function resourceFromSpec<I extends z.ZodObject, R extends z.ZodObject>(spec: ResourceSpec<I, R>): ResourceDeclaration {
  const ui = spec.ui;
  if (!ui) throw new Error(`resource ${spec.name}: a spec without a ui part has its own client declaration`);
  const messages = spec.api.messages;
  return {
    name: spec.name,
    label: ui.label,
    icon: ListIcon,
    route: spec.name,
    title: ui.title,
    pageName: ui.title,
    permissions: spec.permissions,
    endpoint: { path: spec.name, listKey: spec.api.listKey, oneKey: spec.api.oneKey, idKey: spec.key.field, list: resourceListParams(spec) },
    schema: spec.input,
    messages: { ...ui.messages, created: messages.created, updated: messages.updated, deleted: messages.deleted, notFound: messages.notFound, stale: messages.stale },
    list: {
      title: ui.list.title,
      columns: ui.list.columns,
      search: ui.list.search ? { placeholder: ui.list.search.placeholder, match: matchFields(ui.list.search.fields) } : undefined,
      emptyText: ui.list.emptyText,
    },
    create: { mode: "dialog", ...ui.create },
    edit: ui.edit ? { mode: "dialog", ...ui.edit } : undefined,
    remove: ui.remove,
  };
}
