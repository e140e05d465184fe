import type { BaseRecord, CrudFilter, CrudOperators, CrudSort, DataProvider, MetaQuery, Pagination } from "@refinedev/core";
import { t } from "../i18n/core";
import { isGuildId } from "../schemas/common";
import { activityMessages, frameMessages } from "../schemas/messages";
import { http as defaultHttp, HttpError, type AuthFailurePolicy, type HttpClient, type RequestOptions } from "./http";

/** One query parameter a list route takes for a refine filter (field + operator). */
export interface FilterParam {
  field: string;
  /** Default "eq". */
  operator?: CrudOperators;
  /** The query parameter's name. */
  param: string;
  /** Sent instead of the filter's value: for operators that carry none ("null", "nnull") or a flag the route spells its own way. */
  value?: string;
}

/**
 * How refine's pagination, sorters and filters become the query of a resource's list route (plain data, declared
 * with the resource). Anything a screen asks that the route cannot do is refused, not silently dropped.
 */
export interface ListQuery {
  /**
   * The page parameters of `pagination: { mode: "server" }`; false when the route has no pages (it answers the whole
   * list). Default: `page` and `per_page`.
   */
  paging?: { page: string; perPage: string } | false;
  /** Sorting by one field: `<sort>=<field>&<order>=asc|desc`, for the fields listed. Absent: the route's own order only. */
  sort?: { sort: string; order: string; fields: readonly string[] };
  /** The filters the route understands. */
  filters?: readonly FilterParam[];
}

/** Where a resource lives on the API and how its answers are wrapped. */
export interface ResourceEndpoint {
  /** Path under /{guildId}, e.g. "tags" → /{guildId}/tags (under the API base when `global`). */
  path: string;
  /** Not guild-scoped: /<path> (the contract's /guilds routes). */
  global?: boolean;
  /**
   * Where the list is in a list answer: a key ({tags: [...]}) or a dotted path ({panels: {SinglePanels: [...]}} →
   * "panels.SinglePanels"); absent when the answer is the array. The other fields beside the list come along in the
   * result (refine's `result.<field>`: the teams answer's `roles`, the panels answer's `MultiPanels`).
   */
  listKey?: string;
  /** The key holding one record in a single-record answer ({panel: {...}}); absent when it is the record. */
  oneKey?: string;
  /** The record's id field (none for a per-server record). */
  idKey?: string;
  /** One record per server (settings): read and updated at /{guildId}/<path>, whatever the id. */
  singleton?: boolean;
  /** How the list route takes pages, sorting and filters. */
  list?: ListQuery;
}

export type EndpointLookup = (resource: string) => ResourceEndpoint | undefined;

/**
 * What a call may carry in refine's `meta` beside the route's `guildId`:
 * - `onForbidden` / `onUnauthorized`: "caller" when the screen handles a 403 / 401 itself (src/providers/http.ts);
 * - `query`: extra query parameters (a transcript's `theme`).
 */
export interface DataMeta {
  guildId?: string;
  onForbidden?: AuthFailurePolicy;
  onUnauthorized?: AuthFailurePolicy;
  query?: RequestOptions["query"];
}

/** The contract's routes outside a guild that the screens read as resources. */
const globalEndpoints: Record<string, ResourceEndpoint> = {
  guilds: { path: "guilds", global: true, listKey: "guilds", idKey: "id", list: { paging: false } },
};

const defaultPaging = { page: "page", perPage: "per_page" } as const;

/**
 * An answer without the list where the endpoint declares it: the contract is broken, and asking again will not help
 * (the query client does not retry it). Its text is the spec's 'Invalid response format.'; screens with their own
 * wording for it check `instanceof`.
 */
export class InvalidAnswerError extends HttpError {
  constructor(status: number) {
    super(status, activityMessages.invalidResponse);
    this.name = "InvalidAnswerError";
  }
}

function guildIdOf(meta: MetaQuery | undefined): string {
  const guildId = meta?.guildId;
  if (typeof guildId !== "string" || !isGuildId(guildId)) {
    throw new HttpError(400, t("spec.frame.routeNotFound", frameMessages.routeNotFound("{guildId}"), { guildId: String(guildId ?? "") }));
  }
  return guildId;
}

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === "object" && !Array.isArray(value);

/** The value at a key or dotted path. */
function at(body: unknown, path: string | undefined): unknown {
  if (!path) return body;
  let current = body;
  for (const key of path.split(".")) current = isRecord(current) ? current[key] : undefined;
  return current;
}

/** The fields beside the list in the object that holds it. */
function besideList(body: unknown, path: string | undefined): Record<string, unknown> {
  if (!path) return {};
  const keys = path.split(".");
  const last = keys.pop()!;
  const holder = at(body, keys.join(".") || undefined);
  if (!isRecord(holder)) return {};
  const { [last]: _list, ...rest } = holder;
  return rest;
}

const queryValue = (value: unknown): string | undefined => {
  if (value === undefined || value === null || value === "") return undefined;
  if (Array.isArray(value)) return value.length ? value.map(String).join(",") : undefined;
  if (value instanceof Date) return String(Math.floor(value.getTime() / 1000));
  return String(value);
};

/**
 * The query of a list route for refine's pagination, sorters and filters, as the endpoint declares it. Exported for
 * the tests: page/per_page, sort/order and each filter's parameter, exactly.
 */
export function listQueryOf(
  resource: string,
  list: ListQuery | undefined,
  { pagination, sorters, filters }: { pagination?: Pagination; sorters?: CrudSort[]; filters?: CrudFilter[] },
): Record<string, string> {
  const query: Record<string, string> = {};
  const refuse = (what: string) => {
    throw new HttpError(400, `${resource}: the list route cannot ${what}`);
  };

  for (const filter of filters ?? []) {
    if (!("field" in filter)) refuse(`combine filters with "${filter.operator}"`);
    const { field, operator, value } = filter as { field: string; operator: CrudOperators; value: unknown };
    const declared = list?.filters?.find((f) => f.field === field && (f.operator ?? "eq") === operator);
    if (!declared) refuse(`filter ${field} with "${operator}"`);
    // A filter without a value is no filter (refine's convention: clearing a field leaves it undefined).
    const on = value !== undefined && value !== null && value !== false && value !== "";
    const sent = declared!.value !== undefined ? (on ? declared!.value : undefined) : queryValue(value);
    if (sent !== undefined) query[declared!.param] = sent;
  }

  const sorts = sorters ?? [];
  if (sorts.length > 1) refuse("sort by more than one field");
  for (const sorter of sorts) {
    if (!list?.sort?.fields.includes(sorter.field)) refuse(`sort by ${sorter.field}`);
    query[list!.sort!.sort] = sorter.field;
    query[list!.sort!.order] = sorter.order;
  }

  // refine's list hooks always say the mode; a call without pagination (or "off"/"client") asks for the whole list.
  if (pagination?.mode === "server") {
    const paging = list?.paging === undefined ? defaultPaging : list.paging;
    if (paging) {
      query[paging.page] = String(pagination.currentPage ?? 1);
      query[paging.perPage] = String(pagination.pageSize ?? 10);
    }
  }
  return query;
}

/**
 * Refine's data provider for the API: guild-scoped resources at /{guildId}/<path> (refine passes the route's
 * guildId in meta) and the contract's /guilds; answers unwrapped as the endpoint declares; lists paged, sorted and
 * filtered by the server with the query parameters the endpoint declares (`list`).
 */
export function createDataProvider(lookup: EndpointLookup, client: HttpClient = defaultHttp): DataProvider {
  function endpoint(resource: string): ResourceEndpoint {
    const found = lookup(resource) ?? globalEndpoints[resource];
    if (!found) throw new HttpError(404, `${frameMessages.notFound}: ${resource}`);
    return found;
  }
  const base = (resource: string, meta?: MetaQuery) => {
    const declared = endpoint(resource);
    return declared.global ? `/${declared.path}` : `/${guildIdOf(meta)}/${declared.path}`;
  };
  const item = (resource: string, id: string | number | undefined, meta?: MetaQuery) =>
    endpoint(resource).singleton ? base(resource, meta) : `${base(resource, meta)}/${encodeURIComponent(String(id))}`;
  /** The request options a call's meta asks for. */
  const options = (meta: MetaQuery | undefined) => {
    const m = (meta ?? {}) as DataMeta;
    return { onForbidden: m.onForbidden, onUnauthorized: m.onUnauthorized };
  };

  return {
    getApiUrl: () => client.baseUrl,

    async getList({ resource, pagination, sorters, filters, meta }) {
      const declared = endpoint(resource);
      const query = { ...(meta as DataMeta | undefined)?.query, ...listQueryOf(resource, declared.list, { pagination, sorters, filters }) };
      const body = await client.get(base(resource, meta), { ...options(meta), query, signal: meta?.signal as AbortSignal | undefined });
      const list = at(body, declared.listKey);
      if (!Array.isArray(list)) throw new InvalidAnswerError(200);
      const data = list as BaseRecord[];
      const total = isRecord(body) && typeof body.total === "number" ? body.total : data.length;
      return { ...besideList(body, declared.listKey), data: data as never[], total };
    },

    async getOne({ resource, id, meta }) {
      const body = await client.get(item(resource, id, meta), { ...options(meta), query: (meta as DataMeta | undefined)?.query });
      return { data: at(body, endpoint(resource).oneKey) as never };
    },

    async create({ resource, variables, meta }) {
      const body = await client.post(base(resource, meta), variables, options(meta));
      return { data: (body ?? {}) as never };
    },

    async update({ resource, id, variables, meta }) {
      const method = meta?.method === "patch" ? "PATCH" : "PUT";
      const body = await client.request(item(resource, id, meta), { ...options(meta), method, body: variables });
      return { data: (body ?? {}) as never };
    },

    async deleteOne({ resource, id, meta }) {
      const body = await client.delete(item(resource, id, meta), options(meta));
      return { data: (body ?? {}) as never };
    },

    async custom({ url, method, payload, query, headers, meta }) {
      const body = await client.request(url, {
        ...options(meta),
        method: method.toUpperCase() as "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
        body: payload,
        query: query as Record<string, string>,
        headers: headers as Record<string, string>,
      });
      return { data: (body ?? {}) as never };
    },
  };
}
