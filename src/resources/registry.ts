import { tagsResource } from "./tags/declaration";
import { settingsResource } from "./settings/declaration";
import { teamsResource } from "./teams/declaration";
import { formsResource } from "./forms/declaration";
import { panelsResource } from "./panels/declaration";
import { blacklistResource } from "./blacklist/declaration";
import { transcriptsResource } from "./transcripts/declaration";
import { activityResource } from "./activity/declaration";
import { configTransferResource } from "./config-transfer/declaration";
import { ticketsResource } from "./tickets/declaration";
import { statisticsResource } from "./statistics/declaration";
import { tryItResource } from "./try-it/declaration";
import { closeReasonsSpec } from "../schemas/close-reason";
import { labelsSpec } from "../schemas/label";
import { resourceFromSpec } from "./engine/from-spec";
import { lazy } from "react";
import type { ResourceDeclaration } from "./engine/types";

// The one list of dashboard resources, in sidebar order (SPEC §2: Settings, Staff Teams, Tags, Panels, Forms,
// Transcripts, Activity; Tickets and Statistics join before Transcripts). Refine resources, routes and sidebar entries are all derived from it: adding a
// resource is one import and one line here, nothing else.
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
  resourceFromSpec(closeReasonsSpec),
  resourceFromSpec(labelsSpec),
  configTransferResource,
  tryItResource,
];

export const findDeclaration = (name: string) => resourceDeclarations.find((d) => d.name === name);

/** The index screen of /{guildId} (Server info): not a sidebar resource, but only the registry knows folders. */
export const guildOverviewScreen = lazy(() => import("./server-info/ServerInfo"));
