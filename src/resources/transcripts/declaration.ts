import { lazy } from "react";
import { resourcePermissions } from "../../schemas/access";
import type { TranscriptSummary } from "../../schemas/transcript";
import { transcriptSortFields } from "../../schemas/transcript-sort";
import { TranscriptIcon } from "../../ui/icons";
import { defineResource } from "../engine/types";
import { transcriptLabels } from "./labels";

// Transcripts (SPEC §2, §4, §5, §8): the paged, filtered list and the sandboxed view, hand-built.
export const transcriptsResource = defineResource<TranscriptSummary>({
  name: "transcripts",
  label: transcriptLabels.sidebar,
  icon: TranscriptIcon,
  route: "transcripts",
  title: transcriptLabels.title,
  pageName: transcriptLabels.pageName,
  permissions: resourcePermissions.transcripts,
  // GET /{guildId}/transcripts?page&per_page&ticket_id&username&panel&q&before&after&sort&order (transcriptQuerySchema);
  // GET /{guildId}/transcripts/{id} answers {transcript_html}.
  endpoint: {
    path: "transcripts",
    listKey: "transcripts",
    idKey: "TicketId",
    list: {
      filters: [
        { field: "TicketId", param: "ticket_id" },
        { field: "AuthorUsername", operator: "contains", param: "username" },
        { field: "PanelName", param: "panel" },
        // Words that must all appear in the messages (the server's word index).
        { field: "q", operator: "contains", param: "q" },
        // Keyset pages: the transcripts below (next page) or above (previous page) a ticket number.
        { field: "TicketId", operator: "lt", param: "before" },
        { field: "TicketId", operator: "gt", param: "after" },
      ],
      // By rating (unrated last) instead of newest first.
      sort: { sort: "sort", order: "order", fields: transcriptSortFields },
    },
  },
  screen: lazy(() => import("./TranscriptsScreen")),
});
