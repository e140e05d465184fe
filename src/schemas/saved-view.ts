import { z } from "zod";
import { resourcePermissions } from "./access";
import { allResourceSpecs, isTableSpec } from "./resources";
import type { TeamPermission } from "./team";

// Saved views: a list's filters, sort and hidden columns under a name, per user and server, kept by the server
// (server/views/). The same state is a list's URL (`?<filter>=…&sort&order&hide`), so a view is also a link: whoever
// may read that list on that server sees the same rows, in the same order, with the same columns.

/** The hand-built lists that keep views, beside every generated list (a spec'd resource with screens). */
const handBuiltLists = ["transcripts", "tickets", "activity"] as const;

/** Every list that keeps views, and the team permission that reads it (the list route's own). */
export const savedViewLists: Readonly<Record<string, TeamPermission | undefined>> = Object.fromEntries([
  ...handBuiltLists.map((name) => [name, resourcePermissions[name].list] as const),
  ...allResourceSpecs
    .filter(isTableSpec)
    .filter((spec) => spec.ui)
    .map((spec) => [spec.name, spec.permissions.list] as const),
]);

export const savedViewListNames = Object.keys(savedViewLists) as [string, ...string[]];

/** Query parameters that are a list's position or its view, never one of its filters. */
export const reservedViewParams = ["page", "per_page", "sort", "order", "hide", "view", "before", "after"] as const;

/** Limits: the views one user keeps per list and server, a name's length, a state's parts. */
export const savedViewLimits = { perList: 20, nameMax: 60, filtersMax: 12, filterValueMax: 200, hiddenMax: 30 } as const;

/** A parameter or column name: lower- or camel-case words (no punctuation a URL would need to escape). */
const paramName = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, "Not a parameter name");

export const savedViewStateSchema = z.object({
  /** The list's filters as its URL names them (`panel`, `q`, `claimed`, …). */
  filters: z
    .record(paramName, z.string().max(savedViewLimits.filterValueMax))
    .refine((filters) => Object.keys(filters).length <= savedViewLimits.filtersMax, `At most ${savedViewLimits.filtersMax} filters`)
    .refine(
      (filters) => !Object.keys(filters).some((name) => (reservedViewParams as readonly string[]).includes(name)),
      "A filter cannot be named like the list's page, sort or columns",
    ),
  sort: z.object({ field: paramName, order: z.enum(["asc", "desc"]) }).nullable(),
  /** The columns hidden by the column chooser. */
  hide: z.array(paramName).max(savedViewLimits.hiddenMax),
});
export type SavedViewState = z.infer<typeof savedViewStateSchema>;

/** Half of a surrogate pair alone: no character at all (databases store it as U+FFFD, merging names that differ). */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const viewName = z
  .string()
  .trim()
  .min(1, "A view needs a name")
  .max(savedViewLimits.nameMax, `A view's name is at most ${savedViewLimits.nameMax} characters`)
  .refine((name) => !loneSurrogate.test(name), "A view's name holds a broken character");

export const savedViewListQuerySchema = z.object({ list: z.enum(savedViewListNames) });

export const savedViewCreateSchema = z.object({ list: z.enum(savedViewListNames), name: viewName, state: savedViewStateSchema });
export const savedViewUpdateSchema = z
  .object({ name: viewName.optional(), state: savedViewStateSchema.optional() })
  .refine((body) => body.name !== undefined || body.state !== undefined, "Nothing to change");

export const savedViewSchema = z.object({
  ViewId: z.number().int(),
  List: z.string(),
  Name: z.string(),
  State: savedViewStateSchema,
  CreatedAt: z.number(),
  UpdatedAt: z.number(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewListResponseSchema = z.object({ views: z.array(savedViewSchema) });

export const savedViewMessages = {
  created: "View saved",
  updated: "View updated",
  deleted: "View deleted",
  notFound: "View not found",
  quotaFull: (max: number) => `You keep at most ${max} views of this list: delete one first`,
  duplicate: "You already have a view of this list with that name",
} as const;

/** A list's URL query as a view's state (the page is left out: a view starts at the first page). */
export function viewStateOf(params: URLSearchParams): SavedViewState {
  const filters: Record<string, string> = {};
  for (const [name, value] of params) {
    if (value !== "" && !(reservedViewParams as readonly string[]).includes(name)) filters[name] = value;
  }
  const field = params.get("sort");
  return {
    filters,
    sort: field ? { field, order: params.get("order") === "desc" ? "desc" : "asc" } : null,
    hide: (params.get("hide") ?? "").split(",").filter(Boolean),
  };
}

/** A view's state as a list's URL query (and the view's id, so the link names it). */
export function paramsOfView(state: SavedViewState, viewId?: number): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(state.filters).sort(([a], [b]) => a.localeCompare(b))) params.set(name, value);
  if (state.sort) {
    params.set("sort", state.sort.field);
    params.set("order", state.sort.order);
  }
  if (state.hide.length) params.set("hide", state.hide.join(","));
  if (viewId !== undefined) params.set("view", String(viewId));
  return params;
}

/** Two states show the same rows, order and columns. */
export const sameViewState = (a: SavedViewState, b: SavedViewState) => {
  const key = (state: SavedViewState) => paramsOfView({ ...state, hide: [...state.hide].sort() }).toString();
  return key(a) === key(b);
};
