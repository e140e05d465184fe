import type { Widget } from "@rjsf/utils";
import { ClampedNumberWidget } from "./ClampedNumberWidget";
import { ButtonColorWidget, ColorWidget } from "./ColorWidgets";
import { EmbedFieldsWidget } from "./EmbedFieldsWidget";
import { EmojiWidget } from "./EmojiWidget";
import { HiddenWidget } from "./HiddenWidget";
import { PanelSelectWidget } from "./PanelSelectWidget";
import { CategoryWidget, FormWidget, RoleWidget, SupportTeamWidget } from "./SelectWidgets";
import { SwitchWidget } from "./SwitchWidget";
import type { NamedWidgetName } from "./names";
import { TextChannelWidget } from "./TextChannelWidget";
import "./widgets.css";

/**
 * The one widget registry: every widget a schema can name in `.meta({ widget })` or a declaration in its field hints,
 * beside rjsf's own (text, textarea, …), for every form the engine draws (generated dialogs and pages, the panel
 * editors, the form editor). `hidden` replaces rjsf's. The names are ./names.ts (light, for declarations).
 */
export const editorWidgets: Record<NamedWidgetName | "hidden", Widget> = {
  textChannel: TextChannelWidget,
  category: CategoryWidget,
  role: RoleWidget,
  supportTeam: SupportTeamWidget,
  form: FormWidget,
  emoji: EmojiWidget,
  color: ColorWidget,
  buttonColor: ButtonColorWidget,
  embedFields: EmbedFieldsWidget,
  panelSelect: PanelSelectWidget,
  switch: SwitchWidget,
  clampedNumber: ClampedNumberWidget,
  hidden: HiddenWidget,
};
