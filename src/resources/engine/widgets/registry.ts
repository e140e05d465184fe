import type { RegistryWidgetsType } from "@rjsf/utils";
import { ButtonColorWidget, ColorWidget } from "./ColorWidgets";
import { EmbedFieldsWidget } from "./EmbedFieldsWidget";
import { EmojiWidget } from "./EmojiWidget";
import { HiddenWidget } from "./HiddenWidget";
import { PanelSelectWidget } from "./PanelSelectWidget";
import { CategoryWidget, FormWidget, RoleWidget, SupportTeamWidget } from "./SelectWidgets";
import { SwitchWidget } from "./SwitchWidget";
import { TextChannelWidget } from "./TextChannelWidget";

/** Widgets a schema can name in `.meta({widget})`, beside rjsf's own (text, textarea, …); `hidden` replaces rjsf's. */
export const editorWidgets: RegistryWidgetsType = {
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
  hidden: HiddenWidget,
};
