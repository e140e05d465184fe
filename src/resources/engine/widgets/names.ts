// The names a schema's `.meta({ widget })` or a declaration's field hint may give, beside rjsf's own. Plain data, so
// declarations (loaded with the first screen) can name a widget without loading it; ./registry.ts maps each name
// to its component and is held to this list by its type.

/** rjsf's own widgets (antd theme) a field may ask for. */
export const rjsfWidgetNames = ["text", "textarea", "password", "select", "checkbox", "updown", "hidden"] as const;

/** The form engine's named widgets: the guild's channels, roles, teams, forms and emojis, colours, switches, … */
export const namedWidgetNames = [
  "textChannel",
  "category",
  "role",
  "supportTeam",
  "form",
  "emoji",
  "color",
  "buttonColor",
  "embedFields",
  "panelSelect",
  "switch",
  "clampedNumber",
  "roles",
  "weekdays",
] as const;

export type RjsfWidgetName = (typeof rjsfWidgetNames)[number];
export type NamedWidgetName = (typeof namedWidgetNames)[number];
export type WidgetName = RjsfWidgetName | NamedWidgetName;
