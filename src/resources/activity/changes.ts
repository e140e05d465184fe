import type { CrudFilter, Pagination } from "@refinedev/core";
import type { Locale } from "../../i18n/core";
import { formatDateTime } from "../../i18n/format";
import { listQueryOf } from "../../providers/data-provider";
import { activityResource } from "./declaration";

// What an activity entry changed: its Before and After side by side, one row per field. Objects are flattened
// to dotted paths (two levels deep); lists and deeper values are compared and shown as JSON.

export type ChangeKind = "added" | "removed" | "changed" | "same";

export interface ChangeRow {
  /** Dotted path of the field; "" when the value itself is not an object. */
  path: string;
  before?: string;
  after?: string;
  kind: ChangeKind;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A value as one line of text: strings as they are, everything else as JSON. */
export function showValue(value: unknown): string {
  if (value === undefined) return "";
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function flatten(value: unknown, prefix: string, depth: number, out: Map<string, unknown>) {
  if (isPlainObject(value) && depth < 2 && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, depth + 1, out);
  } else {
    out.set(prefix, value);
  }
}

/** Rows of a before → after view; fields present on neither side are absent. Changed rows come first. */
export function changeRows(before: unknown, after: unknown): ChangeRow[] {
  if (before === undefined && after === undefined) return [];
  const b = new Map<string, unknown>();
  const a = new Map<string, unknown>();
  if (before !== undefined) flatten(before, "", 0, b);
  if (after !== undefined) flatten(after, "", 0, a);
  const paths = [...new Set([...b.keys(), ...a.keys()])];
  const rows = paths.map((path): ChangeRow => {
    const inBefore = b.has(path);
    const inAfter = a.has(path);
    const beforeText = inBefore ? showValue(b.get(path)) : undefined;
    const afterText = inAfter ? showValue(a.get(path)) : undefined;
    const kind: ChangeKind = !inBefore ? "added" : !inAfter ? "removed" : beforeText === afterText ? "same" : "changed";
    return { path, before: beforeText, after: afterText, kind };
  });
  // A creation or a deletion is not a diff: keep the fields in their order.
  if (before === undefined || after === undefined) return rows;
  const order: Record<ChangeKind, number> = { changed: 0, added: 1, removed: 2, same: 3 };
  return rows
    .map((row, i) => ({ row, i }))
    .sort((x, y) => order[x.row.kind] - order[y.row.kind] || x.i - y.i)
    .map((x) => x.row);
}

export interface ActivityFilters {
  user: string;
  action: string | null;
  /** Epoch seconds, inclusive. */
  from: number | null;
  to: number | null;
}

export const emptyActivityFilters: ActivityFilters = { user: "", action: null, from: null, to: null };

/** refine's filters for the list's filters (the declaration maps them onto the route's query). */
export function activityFilters(filters: ActivityFilters, cursor?: { before: number } | { after: number }): CrudFilter[] {
  const out: CrudFilter[] = [
    { field: "user", operator: "contains", value: filters.user.trim() },
    { field: "Action", operator: "eq", value: filters.action ?? undefined },
    { field: "Timestamp", operator: "gte", value: filters.from ?? undefined },
    { field: "Timestamp", operator: "lte", value: filters.to ?? undefined },
  ];
  if (cursor && "before" in cursor) out.push({ field: "ActivityId", operator: "lt", value: cursor.before });
  if (cursor && "after" in cursor) out.push({ field: "ActivityId", operator: "gt", value: cursor.after });
  return out;
}

/** The query of GET /{guildId}/activity(.csv), as the data provider sends it; empty filters are left out. */
export function activityQuery(filters: ActivityFilters, page?: number, perPage?: number): Record<string, string> {
  const pagination: Pagination | undefined =
    page !== undefined && perPage !== undefined ? { mode: "server", currentPage: page, pageSize: perPage } : undefined;
  return listQueryOf("activity", activityResource.endpoint!.list, { pagination, filters: activityFilters(filters) });
}

/** Epoch seconds as the viewer's local date and time (§3), in the language on screen. */
export const localDateTime = (epochSeconds: number, locale: Locale) => formatDateTime(epochSeconds * 1000, locale);
