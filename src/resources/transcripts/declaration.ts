import { lazy } from "react";
import { resourcePermissions } from "../../schemas/access";
import { TranscriptIcon } from "../../ui/icons";
import { defineResource } from "../engine/types";
import { transcriptLabels } from "./labels";

// Transcripts (SPEC §2, §4, §5, §8): the paged, filtered list and the sandboxed view, hand-built.
export const transcriptsResource = defineResource({
  name: "transcripts",
  label: transcriptLabels.sidebar,
  icon: TranscriptIcon,
  route: "transcripts",
  title: transcriptLabels.title,
  pageName: transcriptLabels.pageName,
  permissions: resourcePermissions.transcripts,
  screen: lazy(() => import("./TranscriptsScreen")),
});
