import type { BaseRecord, DataProvider, MetaQuery } from "@refinedev/core";
import { t } from "../i18n/core";
import { isGuildId } from "../schemas/common";
import { frameMessages } from "../schemas/messages";
import { http as defaultHttp, HttpError, type HttpClient } from "./http";

/** Where a guild-scoped resource lives on the API and how its answers are wrapped. */
export interface ResourceEndpoint {
  /** Path under /{guildId}, e.g. "tags" → /{guildId}/tags. */
  path: string;
  /** The key holding the list in a list answer ({tags: [...]}); absent when the answer is the array. */
  listKey?: string;
  /** The key holding one record in a single-record answer ({panel: {...}}); absent when it is the record. */
  oneKey?: string;
  /** The record's id field. */
  idKey: string;
}

export type EndpointLookup = (resource: string) => ResourceEndpoint | undefined;

function guildIdOf(meta: MetaQuery | undefined): string {
  const guildId = meta?.guildId;
  if (typeof guildId !== "string" || !isGuildId(guildId)) {
    throw new HttpError(400, t("spec.frame.routeNotFound", frameMessages.routeNotFound("{guildId}"), { guildId: String(guildId ?? "") }));
  }
  return guildId;
}

function unwrap(body: unknown, key: string | undefined): unknown {
  if (!key) return body;
  return body && typeof body === "object" ? (body as Record<string, unknown>)[key] : undefined;
}

/**
 * Refine's data provider for guild-scoped resources: `meta.guildId` (refine passes the route's params in meta)
 * plus the resource's declared endpoint gives `/{guildId}/<path>`; list answers are unwrapped as declared.
 */
export function createDataProvider(lookup: EndpointLookup, client: HttpClient = defaultHttp): DataProvider {
  function endpoint(resource: string): ResourceEndpoint {
    const found = lookup(resource);
    if (!found) throw new HttpError(404, `${frameMessages.notFound}: ${resource}`);
    return found;
  }
  const base = (resource: string, meta?: MetaQuery) => `/${guildIdOf(meta)}/${endpoint(resource).path}`;
  const item = (resource: string, id: string | number, meta?: MetaQuery) =>
    `${base(resource, meta)}/${encodeURIComponent(String(id))}`;

  return {
    getApiUrl: () => client.baseUrl,

    async getList({ resource, meta }) {
      const body = await client.get(base(resource, meta), { signal: meta?.signal as AbortSignal | undefined });
      const list = unwrap(body, endpoint(resource).listKey);
      const data = (Array.isArray(list) ? list : []) as BaseRecord[];
      const total = body && typeof body === "object" && "total" in body && typeof body.total === "number" ? body.total : data.length;
      return { data: data as never[], total };
    },

    async getOne({ resource, id, meta }) {
      const body = await client.get(item(resource, id, meta));
      return { data: unwrap(body, endpoint(resource).oneKey) as never };
    },

    async create({ resource, variables, meta }) {
      const body = await client.post(base(resource, meta), variables);
      return { data: (body ?? {}) as never };
    },

    async update({ resource, id, variables, meta }) {
      const method = meta?.method === "patch" ? "PATCH" : "PUT";
      const body = await client.request(item(resource, id, meta), { method, body: variables });
      return { data: (body ?? {}) as never };
    },

    async deleteOne({ resource, id, meta }) {
      const body = await client.delete(item(resource, id, meta));
      return { data: (body ?? {}) as never };
    },

    async custom({ url, method, payload, query, headers }) {
      const body = await client.request(url, {
        method: method.toUpperCase() as "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
        body: payload,
        query: query as Record<string, string>,
        headers: headers as Record<string, string>,
      });
      return { data: (body ?? {}) as never };
    },
  };
}
