import type { ComponentType, LazyExoticComponent, ReactNode } from "react";
import type { z } from "zod";
import type { ListQuery } from "../../providers/data-provider";
import type { AccessAction, AccessLevel } from "../../schemas/access";
import type { ResourceBulkAction } from "../../schemas/bulk";
import type { TeamPermission } from "../../schemas/team";
import type { WidgetName } from "./widgets/names";

// A dashboard resource is declared once (docs/architecture.md; docs/adding-a-resource.md). The registry
// turns each declaration into a refine resource, a route under /:guildId, a sidebar entry and — unless the
// declaration brings its own `screen` — a generated list screen and editor.

export type ResourceIcon = ComponentType<{ size?: number }>;

/** Props every resource screen receives, generated or hand-built. */
export interface ResourceScreenProps {
  guildId: string;
  declaration: ResourceDeclaration;
}

export interface ListColumn<TRecord> {
  key: keyof TRecord & string;
  title: string;
  /** One line with an ellipsis; the full text in a tooltip. */
  truncate?: boolean;
  /** Monospaced, muted (ids). */
  mono?: boolean;
  width?: number | string;
  /** Left out on small screens (< 768 px). */
  hideOnMobile?: boolean;
  /** Edited in its cell by whoever may edit the record (a short text field of the input; engine/InlineEditCell.tsx). */
  inlineEdit?: boolean;
  render?: (value: unknown, record: TRecord) => ReactNode;
}

/** UI hints for one input field of the generated editor; they win over the schema's `.meta()` hints. */
export interface FieldHint {
  title?: string;
  placeholder?: string;
  /** rjsf's own widgets or any of the form engine's widget registry (emoji, color, textChannel, role, switch, …). */
  widget?: WidgetName;
  rows?: number;
  help?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry lists declarations of every record type
export interface ResourceDeclaration<TRecord = any, TInput extends z.ZodType = z.ZodType> {
  /** Refine resource name and access-control key (a key of resourcePermissions). */
  name: string;
  /** Sidebar entry. */
  label: string;
  icon: ResourceIcon;
  /** Route segment under /:guildId ("tags" → /:guildId/tags). */
  route: string;
  /** Page title. */
  title: string;
  /** Page name of 'Failed to fetch {page} page' (frameMessages.failedToFetchPage). */
  pageName: string;
  /** Team permissions per action (resourcePermissions[name]); the sidebar entry needs `list`. */
  permissions: Partial<Record<AccessAction, TeamPermission>>;
  /**
   * Only these access levels may open it, whatever their staff teams allow (Import / Export: `managerLevels`). The
   * sidebar hides the entry and the route shows the "no access" page to anyone else.
   */
  levels?: readonly AccessLevel[];
  /**
   * Where it lives on the API: /{guildId}/<path>; the list answer's key (or dotted path); the one-record answer's
   * key; the id field; `singleton` for one record per server. `list` says, as data, how refine's pagination,
   * sorters and filters become the list route's query (src/providers/data-provider.ts): e.g.
   * `{ filters: [{ field: "PanelId", param: "panel" }] }` turns `useList({ filters: [{ field: "PanelId",
   * operator: "eq", value: 3 }] })` into `?panel=3`.
   */
  endpoint?: { path: string; listKey?: string; oneKey?: string; list?: ListQuery } & (
    { idKey: keyof TRecord & string; singleton?: false } | { singleton: true; idKey?: undefined }
  );
  /** Query cache of the list (ms). */
  cache?: { staleTime?: number; gcTime?: number };
  /** Input schema of the editor (zod, from src/schemas); converted to JSON Schema for rjsf. */
  schema?: TInput;
  /** Per-field UI hints of the editor, keyed by property name; titles override `.meta({title})`. */
  fields?: Record<string, FieldHint>;
  list?: {
    /** Card title around the table. */
    title: string;
    columns: ListColumn<TRecord>[];
    search?: { placeholder: string; match: (record: TRecord, query: string) => boolean };
    emptyText: string;
  };
  create?: {
    mode: "dialog" | "page";
    /** The button opening the editor and the dialog's title. */
    title: string;
    submitLabel: string;
    pendingLabel: string;
    /** Success toast; default: the server's `{message}`. */
    successMessage?: string;
  };
  edit?: {
    mode: "dialog" | "page";
    title: string;
    submitLabel: string;
    pendingLabel: string;
    successMessage?: string;
  };
  /** The grid's bulk actions the resource's route offers (src/schemas/bulk.ts); a delete comes with its Undo. */
  bulk?: readonly ResourceBulkAction[];
  remove?: {
    label: string;
    pendingLabel: string;
    confirm?: { title: string; description?: string; okText?: string; cancelText?: string };
  };
  /**
   * Texts the screens show that the declaration does not hold and that are not spec texts: the API's success
   * `{message}`s and `{error}`s, and the schema's validation messages; by name, word for word. The generated
   * screens show them in the current language (key `<name>.messages.<name>`); any other such text is shown as it
   * is (spec texts are translated anyway).
   */
  messages?: Record<string, string>;
  /** Listed in the sidebar (default true); false for a page reached from other screens (Try it). */
  inSidebar?: boolean;
  /** A hand-built screen replaces the generated ones; it is mounted at /:guildId/<route>/*. */
  screen?: LazyExoticComponent<ComponentType<ResourceScreenProps>>;
}

/** Identity helper that keeps the record type of a declaration. */
export function defineResource<TRecord, TInput extends z.ZodType = z.ZodType>(
  declaration: ResourceDeclaration<TRecord, TInput>,
): ResourceDeclaration<TRecord, TInput> {
  return declaration;
}
