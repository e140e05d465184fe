import type { DeclaredSpec } from "../../src/schemas/resource-kinds";
import { allResourceSpecs, isTableSpec } from "../../src/schemas/resources";
import type { DeclaredHooks } from "../access/hook-context";
import { formsHooks } from "../forms/hooks";
import { panelsHooks } from "../panels/hooks";
import { settingsHooks } from "../settings/hooks";
import { teamsHooks } from "../teams/hooks";
import { blacklistHooks } from "./blacklist";
import { type ResourceHooks, type ServerResource, serverResource } from "./resource";

// The server's side of the one registry (src/schemas/resources.ts): every declared resource, with the hooks its
// domain folder brings, named by the resource. The collections the engine stores (./store.ts, in the tables their
// migrations make) are `serverResources`; the other kinds, stored by their services through hooks, are `declaredResources`.

const hooksByName: Record<string, ResourceHooks | DeclaredHooks> = {
  blacklist: blacklistHooks,
  settings: settingsHooks,
  teams: teamsHooks,
  forms: formsHooks,
  panels: panelsHooks,
};

export const serverResources: ServerResource[] = allResourceSpecs
  .filter(isTableSpec)
  .map((spec) => serverResource(spec, hooksByName[spec.name] as ResourceHooks));

export interface DeclaredResource {
  spec: DeclaredSpec;
  hooks: DeclaredHooks;
}

export const declaredResources: DeclaredResource[] = allResourceSpecs
  .filter((spec): spec is DeclaredSpec => !isTableSpec(spec))
  .map((spec) => ({ spec, hooks: (hooksByName[spec.name] ?? {}) as DeclaredHooks }));
