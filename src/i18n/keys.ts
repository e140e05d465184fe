// The one key convention of the dictionaries (README "Languages"): dot-separated segments in lower camel, the first
// naming whose words they are —
//   spec.<group>.<name>        the contract's fixed texts (src/schemas: messages.ts, send-limits.ts, bot-permissions.ts)
//   <resource>.<slot>          a dashboard resource's words; <resource> is its declaration's name (or its folder's)
//                              and the engine derives the slots of declarations: label, title, pageName, list.*,
//                              columns.<column>, fields.<field>[.<field>].title|description|placeholder|help|enum.<value>,
//                              sections.<section>, create.*, edit.*, remove.*, messages.<name>
//   ui.<component>.<slot>      the shared components (src/ui, the engine's list, dialogs, form engine and widgets)
//   shell.<component>.<slot>   the signed-in frame and its providers
//   site.<page>.<slot>         the public site
// Keys built from data go through these helpers, so the coverage tests build the same keys. Kept free of React and
// Refine: the public site, the engine's cells (loaded with the declarations) and the tests import it.

/** A property, enum value or name as a key segment: lower camel ("TagName" → "tagName", "Multi-Panel" → "multiPanel"). */
export const keySegment = (name: string) => {
  const clean = name.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""));
  return clean.charAt(0).toLowerCase() + clean.slice(1);
};

/** The first segment of a resource's keys: its declaration's name in lower camel ("try-it" → "tryIt"). */
export const resourceKey = (name: string) => keySegment(name);

/** The key of one of a resource's texts: `<resource>.<slot>`. */
export const resourceTextKey = (name: string, slot: string) => `${resourceKey(name)}.${slot}`;

/** The key of a bot permission's name or reason (src/schemas/bot-permissions.ts). */
export const botPermissionTextKey = (permission: string, part: "name" | "why") => `spec.botPermission.${keySegment(permission)}.${part}`;
