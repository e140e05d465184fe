import { lazy } from "react";
import { defineResource } from "../engine/types";
import { KeyIcon } from "./KeyIcon";

// API keys (docs/API.md "API keys"): scoped keys a third party holds for this server. The owner's alone (the server
// checks the level): a key reads and writes where no session is, within its scopes.
export const apiKeysResource = defineResource({
  name: "api-keys",
  label: "API keys",
  icon: KeyIcon,
  route: "api-keys",
  title: "API keys",
  pageName: "API keys",
  permissions: {},
  levels: ["owner"],
  screen: lazy(() => import("./ApiKeysScreen")),
});
