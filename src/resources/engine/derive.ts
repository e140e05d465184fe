import type { ResourceProps } from "@refinedev/core";
import { type AccessAction, type AccessLevel, permissionFor } from "../../schemas/access";
import type { TeamPermission } from "../../schemas/team";
import type { ResourceEndpoint } from "../../providers/data-provider";
import type { ResourceDeclaration, ResourceIcon } from "./types";

// Everything the app needs from a declaration, derived in one place.

/** Refine resources: list at /:guildId/<route>; generated create/edit pages when declared as pages. */
export function toRefineResources(declarations: readonly ResourceDeclaration[]): ResourceProps[] {
  return declarations.map((d) => ({
    name: d.name,
    identifier: d.name,
    list: `/:guildId/${d.route}`,
    ...(d.create?.mode === "page" ? { create: `/:guildId/${d.route}/create` } : {}),
    ...(d.edit?.mode === "page" ? { edit: `/:guildId/${d.route}/edit/:id` } : {}),
    meta: { label: d.label },
  }));
}

export interface NavEntry {
  key: string;
  label: string;
  icon: ResourceIcon;
  to: string;
  /** The refine resource whose `list` permission shows the entry. */
  resource: string;
}

/** Sidebar entries of a guild, in registry order. */
export function toNavEntries(declarations: readonly ResourceDeclaration[], guildId: string): NavEntry[] {
  return declarations
    .filter((d) => d.inSidebar !== false)
    .map((d) => ({ key: d.name, label: d.label, icon: d.icon, to: `/${guildId}/${d.route}`, resource: d.name }));
}

/** The declaration whose screen is at `pathname`, if any. */
export function declarationAt(declarations: readonly ResourceDeclaration[], pathname: string) {
  const [, , segment] = pathname.split("/");
  return segment ? declarations.find((d) => d.route === segment) : undefined;
}

/**
 * The team permission an action needs: the declaration's, when the resource has one (a resource declared as a
 * spec brings its own), else the shared map of src/schemas/access.ts.
 */
export const toPermissionLookup =
  (find: (name: string) => ResourceDeclaration | undefined) =>
  (resource: string, action: AccessAction): TeamPermission | undefined => {
    const declaration = find(resource);
    return declaration ? declaration.permissions[action] : permissionFor(resource, action);
  };

/** What the access-control provider asks of the declarations: each action's team permission, each resource's levels. */
export const toAccessLookup = (find: (name: string) => ResourceDeclaration | undefined) => ({
  permissionOf: toPermissionLookup(find),
  levelsOf: (resource: string): readonly AccessLevel[] | undefined => find(resource)?.levels,
});

/** The data provider's view of a declaration. */
export function toEndpoint(declaration: ResourceDeclaration | undefined): ResourceEndpoint | undefined {
  return declaration?.endpoint
    ? ({
        ...declaration.endpoint,
        idKey: declaration.endpoint.idKey === undefined ? undefined : String(declaration.endpoint.idKey),
      } as ResourceEndpoint)
    : undefined;
}
