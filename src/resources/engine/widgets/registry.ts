import type { RegistryWidgetsType, Widget } from "@rjsf/utils";
import { ClampedNumberWidget } from "./ClampedNumberWidget";
import { HiddenWidget } from "./HiddenWidget";
import { type NamedWidgetName, namedWidgetNames } from "./names";
import "./widgets.css";

/**
 * The one widget registry: every widget a schema can name in `.meta({ widget })` or a declaration in its field hints,
 * beside rjsf's own (text, textarea, …), for every form the engine draws (generated dialogs and pages, the panel
 * editors, the form editor). The names are ./names.ts (light, for declarations). The widgets over antd's heavier
 * parts are one chunk (./chunk.ts), loaded when a form that names one of them opens: the form editor and most
 * declared dialogs never load the emoji picker or the colour picker. `hidden` (replacing rjsf's) and
 * `clampedNumber` (an antd Input, which every form has) are always there.
 */
const chunk = () => import("./chunk");
const loaders: Record<Exclude<NamedWidgetName, "clampedNumber">, () => Promise<Widget>> = {
  textChannel: () => chunk().then((m) => m.TextChannelWidget),
  category: () => chunk().then((m) => m.CategoryWidget),
  role: () => chunk().then((m) => m.RoleWidget),
  supportTeam: () => chunk().then((m) => m.SupportTeamWidget),
  form: () => chunk().then((m) => m.FormWidget),
  emoji: () => chunk().then((m) => m.EmojiWidget),
  color: () => chunk().then((m) => m.ColorWidget),
  buttonColor: () => chunk().then((m) => m.ButtonColorWidget),
  embedFields: () => chunk().then((m) => m.EmbedFieldsWidget),
  panelSelect: () => chunk().then((m) => m.PanelSelectWidget),
  switch: () => chunk().then((m) => m.SwitchWidget),
  roles: () => chunk().then((m) => m.RolesWidget),
  weekdays: () => chunk().then((m) => m.WeekdaysWidget),
};

const ready: Record<string, Widget> = { hidden: HiddenWidget, clampedNumber: ClampedNumberWidget };
let snapshot: RegistryWidgetsType = { ...ready };
const loading = new Map<string, Promise<void>>();

const isNamed = (name: string): name is NamedWidgetName => (namedWidgetNames as readonly string[]).includes(name);

/** The named widgets a uiSchema uses, at any depth. */
export function widgetNamesOf(uiSchema: unknown, found = new Set<string>()): Set<string> {
  if (typeof uiSchema !== "object" || uiSchema === null) return found;
  for (const [key, value] of Object.entries(uiSchema)) {
    if (key === "ui:widget" && typeof value === "string" && isNamed(value)) found.add(value);
    else if (!key.startsWith("ui:")) widgetNamesOf(value, found);
  }
  return found;
}

/**
 * Loads the named widgets that are not loaded yet: undefined when all are ready, else one promise per set of names
 * (the same promise on every call, as React's `use` wants).
 */
export function loadWidgets(names: Iterable<string>): Promise<void> | undefined {
  const missing = [...new Set(names)].filter((name) => isNamed(name) && !(name in ready)).sort();
  if (missing.length === 0) return undefined;
  const key = missing.join(",");
  let promise = loading.get(key);
  if (!promise) {
    promise = Promise.all(
      missing.map((name) =>
        loaders[name as keyof typeof loaders]().then((widget) => {
          ready[name] = widget;
          snapshot = { ...ready };
        }),
      ),
    ).then(() => undefined);
    loading.set(key, promise);
  }
  return promise;
}

/** The widgets loaded so far, for rjsf's `widgets` (the same object until another one arrives). */
export const loadedWidgets = (): RegistryWidgetsType => snapshot;
