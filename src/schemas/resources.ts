import { blacklistSpec } from "./blacklist";
import { closeReasonsSpec } from "./close-reason";
import { labelsSpec } from "./label";
import type { DeclaredSpec } from "./resource-kinds";
import type { ResourceSpec } from "./resource-spec";
import { formsSpec } from "./specs/forms";
import { panelsSpec } from "./specs/panels";
import { settingsSpec } from "./specs/settings";
import { teamsSpec } from "./specs/teams";
import { tagsSpec } from "./tag";

// The one list of declared resources, read by both sides (docs/adding-a-resource.md): the server's engines make their
// tables, routes, OpenAPI operations, export/import sections and activity from it (server/resources/registry.ts adds
// the hooks by name), and the dashboard's registry (src/resources/registry.ts) makes the screens of those with a `ui`.
// Adding a resource is its spec file and one line here.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of specs of every input shape
export type AnyResourceSpec = ResourceSpec<any, any> | DeclaredSpec;

export const resourceSpecs = [
  settingsSpec,
  teamsSpec,
  tagsSpec,
  panelsSpec,
  formsSpec,
  blacklistSpec,
  closeReasonsSpec,
  labelsSpec,
] as const satisfies readonly AnyResourceSpec[];

/** The list as its common type (to filter by kind). */
export const allResourceSpecs: readonly AnyResourceSpec[] = resourceSpecs;

/** A collection the resource engine stores itself (a table made from its spec), as opposed to a kind whose hooks store it. */
export const isTableSpec = (spec: AnyResourceSpec): spec is ResourceSpec => "table" in spec;
