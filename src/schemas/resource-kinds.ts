import type { z } from "zod";
import { type AccessAction, type GuardedResource, resourcePermissions } from "./access";
import type { TeamPermission } from "./team";

// The kinds of a declared resource beyond the table-backed collection of ./resource-spec.ts (docs/adding-a-resource.md,
// "Kinds"). Each kind is plain data and zod schemas: it names its routes' shapes, schemas, permissions and texts, and
// the server's declared-route engine (server/http/declared-routes.ts) registers one guarded, validated, documented
// route per operation, answered by the hook of that name (a resource's hooks live in its domain folder,
// server/<noun>/hooks.ts). Every kind may add `actions`: declared sub-routes that are not CRUD.
//
//   record     one per server (Settings): GET and PUT /{guildId}/<name>
//   collection records with ids whose storage a domain service keeps (Teams, Forms, Panels): list, create, show,
//              replace, delete under /{guildId}/<name>[/{id}]; a form's fields are actions of Forms, and the single and
//              multi panels share one collection whose door lets in either's permission (the hook holds the caller to
//              the panel's own: docs/decisions/009-resource-kinds-and-storage.md)

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One route of a declared resource. */
export interface OperationSpec {
  method: HttpMethod;
  /** Below /{guildId}/<name>: "", "/{formId}", "/{formId}/fields/{fieldId}/position"… (ids in braces). */
  path: string;
  /** The path is below /{guildId} itself (a lookup the resource's editor needs, e.g. /panel-properties). */
  root?: boolean;
  summary: string;
  description?: string;
  /** The access action it needs: its team permission is that action's of the resource (of any of its keys). */
  access: AccessAction;
  /** Also needs a recent sign-in (a permission change). */
  recentSignIn?: boolean;
  /** The body's schema (validated before the hook, 400 otherwise). */
  body?: z.ZodType;
  /** The hook validates the body itself (its schema depends on the body, e.g. a variant's envelope). */
  bodyInHook?: boolean;
  /** The success's answer, and its status (200 unless said). */
  answer: z.ZodType;
  status?: 200 | 201;
  /** Refusals it documents beyond what its protection implies (an ApiError body each). */
  errors?: (400 | 404 | 409 | 410)[];
  /** Served from memory while the guild is unchanged (server/http/support/response-cache.ts). */
  cache?: boolean;
  /** The hook that answers (a key of the resource's hooks); the operation's own name unless said. */
  hook: string;
  /** A fixed success message the answer starts with ({message, …what the hook returns}). */
  message?: string;
}

/** An operation as a kind's declaration writes it: what the kind does not fix. */
export type OperationConfig = Omit<OperationSpec, "method" | "path" | "access" | "hook"> & Partial<Pick<OperationSpec, "access" | "hook">>;

interface DeclaredBase {
  /** The path segment: /{guildId}/<name>. */
  name: string;
  /** The resourcePermissions key(s) whose actions guard the routes (any of them opens the door). */
  permissions: GuardedResource[];
  /** OpenAPI tag and a one-line description. */
  doc: { tag: string; summary: string };
  /** Each id of the paths, with the 404 answer for one that is malformed (the hook answers 404 for a missing one). */
  ids: Record<string, string>;
  /** Declared sub-routes that are not CRUD (teams' roles and permissions, a panel's resend, a form's rename). */
  actions?: Record<string, Omit<OperationSpec, "hook"> & { hook?: string }>;
  /** Why the configuration transfer has no section of its own for it, when it has none (or where it lives). */
  transfer?: { section: string } | { optOut: string };
}

export interface RecordKindSpec extends DeclaredBase {
  kind: "record";
  read: OperationConfig;
  save: OperationConfig;
}

export interface CollectionKindSpec extends DeclaredBase {
  kind: "collection";
  /** The id of one record in paths ("teamId"). */
  id: string;
  list: OperationConfig;
  create: OperationConfig;
  show?: OperationConfig;
  replace?: OperationConfig;
  remove: OperationConfig;
}

export type DeclaredSpec = RecordKindSpec | CollectionKindSpec;

/** Keeps the types of a declared (hook-stored) resource. */
export const declareResource = <S extends DeclaredSpec>(spec: S) => spec;

const idPath = (id: string) => `/{${id}}`;

/** Every route of a declared resource: its kind's operations, then its actions. */
export function operationsOf(spec: DeclaredSpec): OperationSpec[] {
  const op = (
    hook: string,
    method: HttpMethod,
    path: string,
    access: AccessAction,
    config: OperationConfig | undefined,
  ): OperationSpec[] => (config ? [{ method, path, access, ...config, hook: config.hook ?? hook }] : []);
  const ops: OperationSpec[] = [];
  switch (spec.kind) {
    case "record":
      ops.push(...op("read", "GET", "", "list", spec.read), ...op("save", "PUT", "", "edit", spec.save));
      break;
    case "collection": {
      const one = idPath(spec.id);
      ops.push(
        ...op("list", "GET", "", "list", spec.list),
        ...op("show", "GET", one, "show", spec.show),
        ...op("create", "POST", "", "create", spec.create),
        ...op("replace", "PUT", one, "edit", spec.replace),
        ...op("remove", "DELETE", one, "delete", spec.remove),
      );
      break;
    }
  }
  for (const [name, action] of Object.entries(spec.actions ?? {})) ops.push({ ...action, hook: action.hook ?? name });
  return ops;
}

/** The team permissions that open an operation's door: its action's, of each permissions key (any of them). */
export function permissionsOf(spec: DeclaredSpec, access: AccessAction): TeamPermission[] {
  const all = spec.permissions.map(
    (key) => (resourcePermissions as Record<string, Partial<Record<AccessAction, TeamPermission>>>)[key][access],
  );
  return [...new Set(all.filter((p): p is TeamPermission => p !== undefined))];
}
