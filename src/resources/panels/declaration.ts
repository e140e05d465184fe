import { lazy } from "react";
import { resourcePermissions } from "../../schemas/access";
import { panelMessages } from "../../schemas/messages";
import { PanelIcon } from "../../ui/icons";
import { defineResource } from "../engine/types";

// Ticket panels and multi-panels (SPEC §2 "Ticket Panels list", "Single-panel create and edit", "Multi-panel
// create and edit"): a hand-built screen whose editors are generated from the schemas (src/schemas/panel.ts,
// multi-panel.ts) by the engine's SchemaForm, with the guild's data in its widgets and a live preview.
export const panelsResource = defineResource({
  name: "panels",
  label: panelMessages.panels,
  icon: PanelIcon,
  route: "panels",
  title: panelMessages.title,
  pageName: panelMessages.panels,
  permissions: resourcePermissions.panels,
  // The list answer holds both kinds: {panels: {SinglePanels, MultiPanels}}; the single panels are the list, the
  // multi-panels come along beside it (refine's `result.MultiPanels`). The route has no pages.
  endpoint: { path: "panels", listKey: "panels.SinglePanels", oneKey: "panel", idKey: "PanelId", list: { paging: false } },
  screen: lazy(() => import("./PanelsScreen")),
});
