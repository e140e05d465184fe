import type { Dictionary } from "../core";
import botSetup from "./es/bot-setup";
import configTransfer from "./es/config-transfer";
import demoClock from "./es/demo-clock";
import engine from "./es/engine";
import forms from "./es/forms";
import helpdesk from "./es/helpdesk";
import integrations from "./es/integrations";
import panels from "./es/panels";
import records from "./es/records";
import settings from "./es/settings";
import shell from "./es/shell";
import site from "./es/site";
import spec from "./es/spec";
import suggestions from "./es/suggestions";
import teams from "./es/teams";
import tickets from "./es/tickets";
import waiting from "./es/waiting";
import workflow from "./es/workflow";

// Spanish, one part per area of the product (each its own file, so that areas are translated independently).
// Keys are stable names; the English text lives at each call site as the fallback, and a key missing here shows
// the English text. tests/unit/i18n checks that every key used in src/ and every spec text has a translation and
// that no two parts define the same key.
export const parts: Readonly<Record<string, Dictionary>> = {
  shell,
  spec,
  site,
  engine,
  panels,
  forms,
  teams,
  settings,
  records,
  configTransfer,
  tickets,
  botSetup,
  workflow,
  helpdesk,
  demoClock,
  suggestions,
  waiting,
  integrations,
};

const es: Dictionary = Object.assign({}, ...Object.values(parts));

export default es;
