import type { z } from "zod";
import { resourceListParams, type ResourceSpec } from "../../schemas/resource-spec";
import type { IconName } from "../../schemas/resource-spec";
import { BanIcon, TagIcon } from "../../ui/icons";
import { cellOf } from "./cells";
import type { ResourceDeclaration, ResourceIcon } from "./types";
import { ListIcon } from "./icons";

/** The sidebar icons a spec may name. */
const icons: Record<IconName, ResourceIcon> = { list: ListIcon, tag: TagIcon, ban: BanIcon };

// The dashboard's declaration of a resource declared once as a spec (src/schemas/resource-spec.ts): route, sidebar
// entry, endpoint, permissions and generated screens all come from the spec and its `ui` part (its named cells and
// icon included). The dashboard's registry makes one for every spec of the shared registry (src/schemas/resources.ts)
// that has a `ui` part: nothing else is needed on the client (docs/adding-a-resource.md).

/** A substring of any of the fields: case-insensitive (the query trimmed), or exactly as typed. */
const matchFields =
  (fields: string[], caseSensitive = false) =>
  (record: Record<string, unknown>, query: string) => {
    if (caseSensitive) return fields.some((field) => String(record[field] ?? "").includes(query));
    const q = query.trim().toLowerCase();
    return fields.some((field) =>
      String(record[field] ?? "")
        .toLowerCase()
        .includes(q),
    );
  };

export function resourceFromSpec<I extends z.ZodObject, R extends z.ZodObject>(spec: ResourceSpec<I, R>): ResourceDeclaration {
  const ui = spec.ui;
  if (!ui) throw new Error(`resource ${spec.name}: a spec without a ui part has its own client declaration`);
  const messages = spec.api.messages;
  return {
    name: spec.name,
    label: ui.label,
    icon: icons[ui.icon ?? "list"],
    route: spec.name,
    title: ui.title,
    pageName: ui.pageName ?? ui.title,
    permissions: spec.permissions,
    endpoint: {
      path: spec.name,
      listKey: spec.api.listKey,
      oneKey: spec.api.oneKey,
      idKey: spec.key.field,
      list: resourceListParams(spec),
    },
    cache: ui.cache,
    schema: spec.input,
    fields: ui.fields as ResourceDeclaration["fields"],
    messages: {
      ...ui.messages,
      created: messages.created,
      updated: messages.updated,
      deleted: messages.deleted,
      notFound: messages.notFound,
      stale: messages.stale,
    },
    list: {
      title: ui.list.title,
      columns: ui.list.columns.map(({ cell, ...column }) => ({
        ...column,
        ...(cell === "mono" ? { mono: true } : {}),
        ...(cell && cell !== "mono" ? { render: cellOf(cell, spec.name, column.key) } : {}),
      })),
      search: ui.list.search
        ? { placeholder: ui.list.search.placeholder, match: matchFields(ui.list.search.fields, ui.list.search.caseSensitive) }
        : undefined,
      emptyText: ui.list.emptyText,
    },
    create: { mode: "dialog", ...ui.create },
    edit: ui.edit ? { mode: "dialog", ...ui.edit } : undefined,
    remove: ui.remove,
    bulk: spec.bulk,
  };
}
