import { lazy } from "react";
import { defineResource } from "../engine/types";
import { ChatIcon } from "./ChatIcon";

// The Try-it view (docs/ticket-engine.md): the demo server as a Discord member sees it. Any member with access
// may open it (the engine checks every step); it is reached from Panels and the landing, not the sidebar.
export const tryItResource = defineResource({
  name: "try-it",
  label: "Try it",
  icon: ChatIcon,
  route: "try-it",
  title: "Try it",
  pageName: "Try it",
  permissions: {},
  inSidebar: false,
  screen: lazy(() => import("./TryItScreen")),
});
