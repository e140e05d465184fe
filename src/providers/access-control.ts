import type { AccessControlProvider } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { accessGap, guildAccessSchema, permissionFor, type AccessAction, type AccessLevel, type GuildAccess } from "../schemas/access";
import { isGuildId } from "../schemas/common";
import type { TeamPermission } from "../schemas/team";
import { http as defaultHttp, type HttpClient } from "./http";

// The UI hides what the caller may not use; the server enforces it on every route regardless.

export interface AccessControlDeps {
  http: HttpClient;
  /** The team permission an action on a resource needs (a resource's declaration may say; else the shared map). */
  permissionOf: (resource: string, action: AccessAction) => TeamPermission | undefined;
  /** The only access levels that may use a resource at all, whatever the team permissions (a declaration's `levels`). */
  levelsOf: (resource: string) => readonly AccessLevel[] | undefined;
  /** The guild of the current page when the caller does not pass one. */
  currentGuildId: () => string | undefined;
  now: () => number;
  cacheMs: number;
}

export const guildIdFromPath = (pathname: string = location.pathname): string | undefined => {
  const first = pathname.split("/")[1];
  return isGuildId(first) ? first : undefined;
};

export function createAccessControl(overrides: Partial<AccessControlDeps> = {}) {
  const deps: AccessControlDeps = {
    http: defaultHttp,
    permissionOf: permissionFor,
    levelsOf: () => undefined,
    currentGuildId: () => guildIdFromPath(),
    now: () => Date.now(),
    // Only dedupes one page's burst of checks: a team permission change must show on the next navigation or
    // window focus (AccessRefresh below and refetchOnWindowFocus), not a minute later.
    cacheMs: 5_000,
    ...overrides,
  };
  const cache = new Map<string, { at: number; promise: Promise<GuildAccess> }>();

  /** GET /{guildId}/permissions, cached per guild. */
  function permissions(guildId: string): Promise<GuildAccess> {
    const hit = cache.get(guildId);
    if (hit && deps.now() - hit.at < deps.cacheMs) return hit.promise;
    const promise = deps.http.get(`/${guildId}/permissions`).then((body) => guildAccessSchema.parse(body));
    cache.set(guildId, { at: deps.now(), promise });
    promise.catch(() => cache.delete(guildId));
    return promise;
  }

  const provider: AccessControlProvider & { permissions: typeof permissions; clear: () => void } = {
    permissions,
    clear: () => cache.clear(),
    /** `reason` of a refusal: the missing team permission, "level" (only some access levels may), or "unchecked". */
    async can({ resource, action, params }) {
      const permission = resource ? deps.permissionOf(resource, action as AccessAction) : undefined;
      const levels = resource ? deps.levelsOf(resource) : undefined;
      if (!permission && !levels) return { can: true };
      const guildId = typeof params?.guildId === "string" ? params.guildId : deps.currentGuildId();
      if (!guildId) return { can: true };
      try {
        const gap = accessGap(await permissions(guildId), { permission, levels });
        return gap ? { can: false, reason: gap } : { can: true };
      } catch {
        // The permissions could not be read: hide what needs them; the server decides anyway.
        return { can: false, reason: "unchecked" };
      }
    },
    options: {
      buttons: { enableAccessControl: true, hideIfUnauthorized: true },
      queryOptions: { refetchOnWindowFocus: true },
    },
  };
  return provider;
}

export const accessControlProvider = createAccessControl();

/**
 * Mounted once inside Refine and the router: on every path change the permission checks are asked again, so
 * the sidebar and the actions follow a staff team's changed permissions without signing out.
 */
export function AccessRefresh({ provider = accessControlProvider }: { provider?: object }): null {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // The permissions cache of the provider in use (RefineRoot may be given another one).
    if ("clear" in provider && typeof provider.clear === "function") provider.clear();
    void queryClient.invalidateQueries({ queryKey: ["access"] });
  }, [pathname, provider, queryClient]);
  return null;
}
