import { useCustom, useCustomMutation, useInvalidate, type HttpError } from "@refinedev/core";
import { useState } from "react";
import { useTr } from "../../i18n/refine";
import { notify } from "../../providers/notifications";
import { managerLevels, type GuildAccess } from "../../schemas/access";
import { type TranscriptBulk, transcriptBulkResponseSchema } from "../../schemas/bulk-tickets";
import type { DataSelection } from "../../ui/DataTable";
import { downloadHtml } from "../../ui/download";
import { BulkBar } from "../../ui/grid/BulkBar";
import { ConfirmButton } from "../engine/ConfirmButton";

/**
 * The transcripts list's bulk actions on the selected rows: download them as one HTML file, and — for managers —
 * delete them. A transcript's delete is final (no Undo: its sealed body and word index go), so it asks first. Both
 * are actions on POST /{guildId}/transcripts/bulk (useCustomMutation); the caller's level is a one-off read (useCustom).
 */
export function useTranscriptBulk(guildId: string, done: () => void) {
  const tr = useTr();
  const invalidate = useInvalidate();
  const { mutateAsync } = useCustomMutation();
  const [busy, setBusy] = useState<TranscriptBulk["action"] | null>(null);
  const access = useCustom<GuildAccess>({
    url: `/${guildId}/permissions`,
    method: "get",
    errorNotification: false,
    queryOptions: { queryKey: ["access", guildId, "transcripts"] },
  });
  const level = access.query.data?.data?.level;
  const mayDelete = level !== undefined && managerLevels.includes(level);

  const run = async (body: TranscriptBulk) => {
    setBusy(body.action);
    try {
      const response = await mutateAsync({
        url: `/${guildId}/transcripts/bulk`,
        method: "post",
        values: body,
        meta: { onForbidden: "caller" },
        successNotification: false,
        errorNotification: (error?: HttpError) => ({
          type: "error",
          message: error?.message || tr("transcripts.bulk.failed", "That did not work. Please try again."),
        }),
      });
      const answer = transcriptBulkResponseSchema.parse(response.data);
      if (body.action === "download" && answer.transcripts_html) downloadHtml(answer.transcripts_html, `transcripts-${guildId}.html`);
      if (body.action === "delete") {
        notify({ type: "success", message: tr("transcripts.bulk.deleted", "{n} transcripts deleted", { n: answer.count }) });
        done();
        await invalidate({ resource: "transcripts", invalidates: ["list"] });
      }
    } catch {
      // The error toast is shown.
    } finally {
      setBusy(null);
    }
  };

  const idsOf = (selection: DataSelection) => [...selection.keys].map(Number);
  return (selection: DataSelection) => (
    <BulkBar
      actions={[
        {
          key: "download",
          label: tr("transcripts.bulk.download", "Download"),
          busyLabel: tr("transcripts.bulk.downloading", "Preparing..."),
          busy: busy === "download",
          onRun: () => void run({ action: "download", ids: idsOf(selection) }),
        },
      ]}
    >
      {mayDelete && (
        <ConfirmButton
          title={tr("transcripts.bulk.confirmTitle", "Delete {n} transcripts?", { n: selection.keys.size })}
          description={tr("transcripts.bulk.confirmText", "They are gone for good: this cannot be undone.")}
          okText={tr("transcripts.bulk.delete", "Delete")}
          cancelText={tr("transcripts.bulk.cancel", "Cancel")}
          onConfirm={() => void run({ action: "delete", ids: idsOf(selection) })}
          disabled={busy !== null}
        >
          <button type="button" className="dt-tool bulk-action bulk-action-danger" disabled={busy !== null}>
            {busy === "delete" ? tr("transcripts.bulk.deleting", "Deleting...") : tr("transcripts.bulk.delete", "Delete")}
          </button>
        </ConfirmButton>
      )}
    </BulkBar>
  );
}
