import { useOne, type HttpError } from "@refinedev/core";
import { Alert, Button, theme } from "antd";
import { Card } from "../../ui/blocks";
import { Link, useParams } from "react-router";
import { useSpecT, useSpecText, useTr } from "../../i18n/refine";
import { statusOf } from "../../providers/http";
import { useThemeMode } from "../../providers/theme";
import { transcriptMessages } from "../../schemas/messages";
import { transcriptDetailSchema } from "../../schemas/transcript";
import { downloadHtml } from "../../ui/download";
import { PageHeader } from "../../ui/PageHeader";
import { transcriptLabels as L } from "./labels";
import { detailOf, localStatusText } from "../../providers/status-text";

// The transcript HTML is hostile: it is shown only in a frame with an empty sandbox (no scripts, no same
// origin, no forms, no popups, no top navigation) through srcdoc, and the server's document carries its own
// CSP on top. Never put it in the page's DOM.

/** The id must be a ticket number; anything else is a missing parameter (§2). */
export const isTranscriptId = (id: string | undefined): id is string => typeof id === "string" && /^\d{1,10}$/.test(id);

function BackLink({ guildId }: { guildId: string }) {
  const { token } = theme.useToken();
  const tr = useTr();
  return (
    <Link to={`/${guildId}/transcripts`} className="transcript-back" style={{ color: token.colorLink }}>
      ← {tr("transcripts.back", L.back)}
    </Link>
  );
}

function Loaded({ guildId, transcriptId }: { guildId: string; transcriptId: string }) {
  const { mode } = useThemeMode();
  const tr = useTr();
  const spec = useSpecT();
  const specText = useSpecText();
  const { query } = useOne<{ transcript_html?: string }, HttpError>({
    resource: "transcripts",
    id: transcriptId,
    meta: { guildId, query: mode === "dark" ? { theme: "dark" } : {} },
    errorNotification: false,
    // Each fetch is a recorded view: do not refetch behind the user's back.
    queryOptions: { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, placeholderData: (previous) => previous },
  });
  const parsed = query.data ? transcriptDetailSchema.safeParse(query.data.data) : undefined;
  const html = parsed?.success ? parsed.data.transcript_html : null;

  const fetchFailed = (statusText: string) => tr("spec.transcript.fetchFailed", transcriptMessages.fetchFailed(statusText), { statusText });
  let failure: { message: string; detail?: string } | null = null;
  if (query.isError) {
    failure =
      statusOf(query.error) === 404
        ? { message: spec(transcriptMessages, "notFound") }
        : {
            message: fetchFailed(localStatusText(query.error, tr)),
            detail: detailOf(query.error) ? specText(detailOf(query.error)) : undefined,
          };
  } else if (parsed && !parsed.success) {
    failure = { message: spec(transcriptMessages, "notFound") };
  }

  return (
    <div className="page transcript-view-page">
      <PageHeader
        title={tr("transcripts.viewTitle", L.viewTitle(transcriptId), { id: transcriptId })}
        description={<BackLink guildId={guildId} />}
        extra={
          html ? (
            <Button onClick={() => downloadHtml(html, `transcript-${transcriptId}.html`)}>{tr("transcripts.download", L.download)}</Button>
          ) : null
        }
      />
      {failure ? (
        <Alert type="error" showIcon role="alert" message={failure.message} description={failure.detail} />
      ) : html === null ? (
        <Card className="transcript-frame-card" aria-busy="true">
          <div className="skeleton-block transcript-frame-skeleton" />
        </Card>
      ) : (
        <Card className="transcript-frame-card" styles={{ body: { padding: 0 } }}>
          <iframe
            className="transcript-frame"
            title={tr("transcripts.frameTitle", L.frameTitle(transcriptId), { id: transcriptId })}
            sandbox=""
            referrerPolicy="no-referrer"
            srcDoc={html}
          />
        </Card>
      )}
    </div>
  );
}

export default function TranscriptView({ guildId }: { guildId: string }) {
  const { transcriptId } = useParams();
  const tr = useTr();
  const spec = useSpecT();
  if (!isTranscriptId(transcriptId)) {
    return (
      <div className="page">
        <PageHeader title={tr("transcripts.title", L.title)} description={<BackLink guildId={guildId} />} />
        <Alert type="error" showIcon role="alert" message={spec(transcriptMessages, "missingParameters")} />
      </div>
    );
  }
  return <Loaded key={transcriptId} guildId={guildId} transcriptId={transcriptId} />;
}
