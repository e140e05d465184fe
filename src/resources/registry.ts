import { settingsResource } from "./settings/declaration";
import { teamsResource } from "./teams/declaration";
import { formsResource } from "./forms/declaration";
import { panelsResource } from "./panels/declaration";
import { transcriptsResource } from "./transcripts/declaration";
import { activityResource } from "./activity/declaration";
import { configTransferResource } from "./config-transfer/declaration";
import { ticketsResource } from "./tickets/declaration";
import { statisticsResource } from "./statistics/declaration";
import { tryItResource } from "./try-it/declaration";
import { webhooksResource } from "./webhooks/declaration";
import { apiKeysResource } from "./api-keys/declaration";
import { allResourceSpecs, isTableSpec } from "../schemas/resources";
import { resourceFromSpec } from "./engine/from-spec";
import { lazy } from "react";
import type { ResourceDeclaration } from "./engine/types";

// The one list of dashboard resources, in sidebar order (SPEC §2: Settings, Staff Teams, Tags, Panels, Forms,
// Transcripts, Activity; Tickets and Statistics join before Transcripts). Refine resources, routes and sidebar entries
// are all derived from it. A resource declared in the shared registry (src/schemas/resources.ts) with a `ui` part
// needs nothing here: its generated screens join after the Blacklist. A hand-built screen is one import and one line.

/** The generated screens of the shared registry's resources that have a `ui` part, by name. */
const generated = new Map(
  allResourceSpecs
    .filter(isTableSpec)
    .filter((spec) => spec.ui)
    .map((spec) => [spec.name, resourceFromSpec(spec)]),
);
/** A generated screen placed in the sidebar order by name (SPEC §2 puts Tags third). */
const placed = (name: string) => {
  const declaration = generated.get(name);
  if (!declaration) throw new Error(`registry: no generated screen named ${name}`);
  generated.delete(name);
  return declaration;
};
const tagsResource = placed("tags");
const blacklistResource = placed("blacklist");
/** The other generated screens (they follow the placed ones). */
const generatedScreens = [...generated.values()];

export const resourceDeclarations: readonly ResourceDeclaration[] = [
  settingsResource,
  teamsResource,
  tagsResource,
  panelsResource,
  formsResource,
  ticketsResource,
  statisticsResource,
  transcriptsResource,
  activityResource,
  blacklistResource,
  ...generatedScreens,
  configTransferResource,
  webhooksResource,
  apiKeysResource,
  tryItResource,
];

export const findDeclaration = (name: string) => resourceDeclarations.find((d) => d.name === name);

/** The index screen of /{guildId} (Server info): not a sidebar resource, but only the registry knows folders. */
export const guildOverviewScreen = lazy(() => import("./server-info/ServerInfo"));
