import { useList } from "@refinedev/core";
import { Form, Input, Modal, Select, Typography } from "antd";
import { useState } from "react";
import { useTr } from "../../i18n/refine";
import { closeReasonMax, composeCloseReason, type TicketSummary } from "../../schemas/ticket";

/** The preview shows three lines of a long reason (the whole of it is what is sent). */
const previewClamp = {
  display: "-webkit-box",
  WebkitLineClamp: 3,
  WebkitBoxOrient: "vertical",
  overflow: "hidden",
  overflowWrap: "anywhere",
  marginBottom: 0,
} as const;

/**
 * "Close ticket #n": a preset reason, text of one's own added after it (or alone), both optional — one reason, as the
 * bot's /close joins them ("Resolved — customer confirmed"), shown before it is sent; the queue loads it on the first
 * "Close".
 */
export default function CloseDialog({
  guildId,
  ticket,
  title,
  onCancel,
  onClose,
}: {
  guildId: string;
  /** The ticket closed; or, for several at once, the dialog's `title`. */
  ticket?: TicketSummary;
  title?: string;
  onCancel: () => void;
  onClose: (reason?: string) => Promise<void>;
}) {
  const tr = useTr();
  // The server's preset close reasons, in their order; none when they cannot be read.
  const presets = useList<{ Label: string; Text?: string | null }>({
    resource: "close-reasons",
    meta: { guildId, onForbidden: "caller" },
    pagination: { mode: "off" },
    errorNotification: false,
  });
  const reasons = presets.query.isError ? [] : presets.result.data;
  const [preset, setPreset] = useState<string>("");
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const reason = composeCloseReason(preset, text);
  const tooLong = reason.length > closeReasonMax;
  return (
    <Modal
      open
      title={title ?? tr("tickets.closeTitle", "Close ticket #{n}", { n: ticket?.TicketId ?? "" })}
      okText={tr("tickets.close", "Close")}
      okButtonProps={{ danger: true, disabled: tooLong }}
      cancelText={tr("tickets.cancel", "Cancel")}
      confirmLoading={sending}
      onCancel={onCancel}
      onOk={async () => {
        if (tooLong) return;
        setSending(true);
        try {
          await onClose(reason || undefined);
        } finally {
          setSending(false);
        }
      }}
    >
      <p>{tr("tickets.closeHelp", "The channel is deleted and its transcript stored. A reason is optional.")}</p>
      <Form layout="vertical">
        <Form.Item label={tr("tickets.presetReason", "Preset reason")}>
          <Select
            aria-label={tr("tickets.presetReason", "Preset reason")}
            value={preset}
            onChange={(v: string) => setPreset(v)}
            options={[{ value: "", label: tr("tickets.noPreset", "None") }, ...reasons.map((r) => ({ value: r.Label, label: r.Label }))]}
          />
        </Form.Item>
        <Form.Item
          label={tr("tickets.reason", "Reason")}
          validateStatus={tooLong ? "error" : undefined}
          help={
            tooLong
              ? tr("tickets.reasonTooLong", "With the preset, the reason must be at most {max} characters.", { max: closeReasonMax })
              : preset
                ? tr("tickets.reasonAdded", "Added after the preset.")
                : undefined
          }
        >
          <Input.TextArea
            aria-label={tr("tickets.reason", "Reason")}
            value={text}
            maxLength={closeReasonMax}
            onChange={(e) => setText(e.target.value)}
            rows={3}
          />
        </Form.Item>
      </Form>
      {reason && (
        <div data-testid="close-reason-preview">
          <Typography.Paragraph type="secondary" style={previewClamp}>
            {tr("tickets.reasonRecorded", "Recorded as: {reason}", { reason })}
          </Typography.Paragraph>
          <Typography.Text type={tooLong ? "danger" : "secondary"}>
            {reason.length} / {closeReasonMax}
          </Typography.Text>
        </div>
      )}
    </Modal>
  );
}
