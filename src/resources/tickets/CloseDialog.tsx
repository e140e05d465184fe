import { useList } from "@refinedev/core";
import { Form, Input, Modal, Select } from "antd";
import { useState } from "react";
import { useTr } from "../../i18n/refine";
import { closeReasonMax, type TicketSummary } from "../../schemas/ticket";

/** "Close ticket #n": a preset reason or a typed one (optional); the queue loads it on the first "Close". */
export default function CloseDialog({ guildId, ticket, onCancel, onClose }: { guildId: string; ticket: TicketSummary; onCancel: () => void; onClose: (reason?: string) => Promise<void> }) {
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
  const reason = (text.trim() || preset).slice(0, closeReasonMax);
  return (
    <Modal
      open
      title={tr("tickets.closeTitle", "Close ticket #{n}", { n: ticket.TicketId })}
      okText={tr("tickets.close", "Close")}
      okButtonProps={{ danger: true }}
      cancelText={tr("tickets.cancel", "Cancel")}
      confirmLoading={sending}
      onCancel={onCancel}
      onOk={async () => {
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
        <Form.Item label={tr("tickets.reason", "Reason")}>
          <Input.TextArea aria-label={tr("tickets.reason", "Reason")} value={text} maxLength={closeReasonMax} onChange={(e) => setText(e.target.value)} placeholder={preset || undefined} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
