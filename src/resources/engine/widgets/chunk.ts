// The named widgets that reach into antd's heavier parts (Select, Popover, ColorPicker, Switch) and the guild's data,
// gathered in one chunk: a form naming any of them loads it once (one request, not one per widget); a form naming
// none (the form editor, most declared dialogs) never does. See ./registry.ts.
export { ButtonColorWidget, ColorWidget } from "./ColorWidgets";
export { EmbedFieldsWidget } from "./EmbedFieldsWidget";
export { EmojiWidget } from "./EmojiWidget";
export { PanelSelectWidget } from "./PanelSelectWidget";
export { CategoryWidget, FormWidget, RoleWidget, SupportTeamWidget } from "./SelectWidgets";
export { SwitchWidget } from "./SwitchWidget";
export { TextChannelWidget } from "./TextChannelWidget";
export { RolesWidget } from "./RolesWidget";
export { WeekdaysWidget } from "./WeekdaysWidget";
