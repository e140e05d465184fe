import type { z } from "zod";
import type { AccessAction } from "./access";
import type { ResourceBulkAction } from "./bulk";
import type { TeamPermission } from "./team";

// A resource declared once, for the server and the dashboard (docs/adding-a-resource.md). The server's resource
// engine (server/resources/) turns a spec into its table (created and evolved at start), its guarded CRUD routes
// with validation, activity entries and limits, and their OpenAPI entries; the dashboard's engine
// (src/resources/engine/) turns the same spec, with its `ui` part, into a route, a sidebar entry and generated
// screens. Plain data and zod schemas only: both bundles import it.

/** How a record is keyed: an auto-increment integer, or a random uuid. */
export type ResourceKeyKind = "serial" | "uuid";

export interface ResourceSpec<
  Input extends z.ZodObject = z.ZodObject,
  RecordSchema extends z.ZodObject = z.ZodObject,
  Table extends string = string,
  Columns extends Partial<{ [K in keyof Input["shape"]]: string }> = Partial<{ [K in keyof Input["shape"]]: string }>,
  Key extends ResourceKeyKind = ResourceKeyKind,
> {
  /** The path segment and resource name: /{guildId}/<name> (also the access key of resourcePermissions). */
  name: string;
  /** The table the records live in (created by the engine when it does not exist). */
  table: Table;
  /** The record's id field in the API and how it is made; its column is `id`. */
  key: { field: string; kind: Key };
  /** The body of a create or update; each field is a column (snake_case of its name unless `columns` says). */
  input: Input;
  /** One record as the API answers it: the input's fields, the key, and any `computed` field. */
  record: RecordSchema;
  /** Column names that are not the snake_case of their field (tags keep `name` for TagName). */
  columns?: Columns;
  /** Fields the server fills in when answering (not stored as input): `createdAt` comes from the row. */
  computed?: { createdAt?: string };
  /** Combinations that must be unique in a guild, with the 409 answer. Text compared case-insensitively. */
  unique?: { fields: (keyof Input["shape"] & string)[]; message: (input: z.output<Input>) => string }[];
  /** The team permission each action needs. */
  permissions: Partial<Record<AccessAction, TeamPermission>>;
  /** Activity log action names. */
  activity: { created: string; updated: string; deleted: string };
  /** At most this many records per guild (the list never pages beyond it). */
  limit: { max: number; things: string };
  /** The list's order: stored fields (or "createdAt"), then the id. */
  order: { field: string; direction: "asc" | "desc" }[];
  /** The answers' shape: list key, one-record key, and the messages. */
  api: {
    listKey: string;
    oneKey: string;
    messages: { created: string; updated: string; deleted: string; notFound: string; stale: string };
  };
  /** The answer carries the record's Revision (an update naming an older one is refused, 409). */
  exposeRevision?: boolean;
  /** OpenAPI tag and a one-line description of the resource. */
  doc: { tag: string; summary: string };
  /**
   * The grid's bulk actions the resource offers (src/schemas/bulk.ts): `POST /{guildId}/<name>/bulk`. A delete comes
   * with its undo (the `restore` action), so the list deletes without asking first.
   */
  bulk?: readonly ResourceBulkAction[];
  /** Left out of the configuration transfer's generated sections, and why (src/schemas/config-export.ts). */
  transfer?: { optOut: string };
  /** The dashboard's generated screens (a resource with its own client declaration leaves this out). */
  ui?: ResourceUi;
}

/** Colours of the `badge` cell. */
export type BadgeColor = "blue" | "purple" | "green" | "red" | "orange" | "gray";

/**
 * How a list column draws its value, by name (the dashboard's cell registry, src/resources/engine/cell-registry.tsx):
 * `mono` (ids), `relativeTime` (epoch ms: "3 days ago"), `emoji` (large, centred), `badge` (a coloured label per
 * value, translated under `<resource>.fields.<field>.enum.<value>` when `translated`), `mention` (`@name · id`, the
 * name from another field of the record).
 */
export type CellSpec =
  | "mono"
  | "relativeTime"
  | "emoji"
  | { name: "badge"; colors?: Record<string, BadgeColor>; fallback?: BadgeColor; translated?: boolean }
  | { name: "mention"; nameField: string };

/** The sidebar icons a spec may name (the dashboard's icon registry). */
export type IconName = "list" | "tag" | "ban";

/** What the dashboard shows of a spec'd resource: its sidebar entry, list, and dialogs (English; translated by key). */
export interface ResourceUi {
  label: string;
  title: string;
  /** The page name of 'Failed to fetch {page} page' (default: the title). */
  pageName?: string;
  icon?: IconName;
  /** How long the list stays fresh and is kept (ms). */
  cache?: { staleTime?: number; gcTime?: number };
  /** Per-field hints of the editor that win over the schema's `.meta()` (titles, placeholders, widgets). */
  fields?: Record<string, { title?: string; placeholder?: string; widget?: string; rows?: number; help?: string }>;
  list: {
    title: string;
    /** `inlineEdit`: a short text field of the input, edited in its cell (Enter saves, Escape cancels). */
    columns: {
      key: string;
      title: string;
      truncate?: boolean;
      mono?: boolean;
      width?: number;
      hideOnMobile?: boolean;
      cell?: CellSpec;
      inlineEdit?: boolean;
    }[];
    /** Substring search over these fields (case-insensitive unless `caseSensitive`). */
    search?: { placeholder: string; fields: string[]; caseSensitive?: boolean };
    emptyText: string;
  };
  create: { title: string; submitLabel: string; pendingLabel: string };
  edit?: { title: string; submitLabel: string; pendingLabel: string };
  remove: { label: string; pendingLabel: string; confirm?: { title: string; description?: string; okText?: string; cancelText?: string } };
  /** The input schema's validation messages by name, word for word (the screens show them translated). */
  messages?: Record<string, string>;
}

/** Keeps the types of a spec. */
export const defineResourceSpec = <
  Input extends z.ZodObject,
  RecordSchema extends z.ZodObject,
  const Table extends string,
  const Columns extends Partial<{ [K in keyof Input["shape"]]: string }> = Record<never, string>,
  const Key extends ResourceKeyKind = ResourceKeyKind,
>(
  spec: ResourceSpec<Input, RecordSchema, Table, Columns, Key>,
) => spec;

/**
 * The query parameters of a spec'd resource's list route beyond its pages (?page&per_page), named once for both
 * sides: `sort=<field>&order=asc|desc` over the key, the input fields and the computed creation time, and an
 * equality filter `<field>=<value>` per input field (server/resources/routes.ts validates them; the dashboard's data
 * provider builds them from refine's sorters and filters).
 */
export function resourceListParams<I extends z.ZodObject, R extends z.ZodObject>(
  spec: ResourceSpec<I, R>,
): {
  sort: { sort: "sort"; order: "order"; fields: string[] };
  filters: { field: string; operator: "eq"; param: string }[];
} {
  const inputFields = Object.keys(spec.input.shape as Record<string, unknown>);
  const sortFields = [spec.key.field, ...inputFields, ...(spec.computed?.createdAt ? [spec.computed.createdAt] : [])];
  return {
    sort: { sort: "sort", order: "order", fields: sortFields },
    filters: inputFields.map((field) => ({ field, operator: "eq", param: field })),
  };
}

/** A resource's name as it starts a sentence ("Close reason") and as a title ("Close Reason"). */
const sentenceCase = (thing: string) => thing.charAt(0).toUpperCase() + thing.slice(1);
const titleCase = (thing: string) => thing.replace(/(^|\s)\S/g, (c) => c.toUpperCase());

/** The answer to an update naming an older revision of a `thing` (409). */
export const staleMessage = (thing: string) => `This ${thing} was changed by someone else. Reload to see the latest version.`;

/** The activity entries of a resource named in the common words: "<Thing> Created", "<Thing> Updated", "<Thing> Deleted". */
export const resourceActivity = (thing: string): ResourceSpec["activity"] => ({
  created: `${titleCase(thing)} Created`,
  updated: `${titleCase(thing)} Updated`,
  deleted: `${titleCase(thing)} Deleted`,
});

/**
 * The activity entries of a bulk delete and of its undo, one per request naming how many: "<Things> Deleted",
 * "<Things> Restored" ("Blacklist Entries Deleted").
 */
export const bulkActivity = (spec: Pick<ResourceSpec, "limit">) => ({
  deleted: `${titleCase(spec.limit.things)} Deleted`,
  restored: `${titleCase(spec.limit.things)} Restored`,
});

/** The answers' keys and messages in the common words: "<Thing> created<done>", "<Thing> not found", the stale message. */
export function resourceApi(listKey: string, oneKey: string, thing: string, done = ""): ResourceSpec["api"] {
  const name = sentenceCase(thing);
  return {
    listKey,
    oneKey,
    messages: {
      created: `${name} created${done}`,
      updated: `${name} updated${done}`,
      deleted: `${name} deleted${done}`,
      notFound: `${name} not found`,
      stale: staleMessage(thing),
    },
  };
}

/** The add, edit and delete dialogs' texts in the common words, for a `thing` ("close reason"). */
export const resourceDialogs = (thing: string, deleteDescription: string): Pick<ResourceUi, "create" | "edit" | "remove"> => ({
  create: { title: `Add ${thing}`, submitLabel: "Add", pendingLabel: "Adding..." },
  edit: { title: `Edit ${thing}`, submitLabel: "Save", pendingLabel: "Saving..." },
  remove: {
    label: "Delete",
    pendingLabel: "Deleting...",
    confirm: { title: `Delete this ${thing}?`, description: deleteDescription, okText: "Delete", cancelText: "Cancel" },
  },
});
