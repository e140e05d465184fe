import { useCustom } from "@refinedev/core";
import { Alert, Form, Modal, Select } from "antd";
import { useState } from "react";
import { useTr } from "../../i18n/refine";
import { ticketDetailSchema } from "../../schemas/helpdesk";
import type { TicketSummary } from "../../schemas/ticket";

/**
 * "Move ticket #n": the panels the caller may move it to, as the server says (the ticket's facts: a one-off read, not
 * a resource operation); the queue loads it on the first "Move".
 */
export default function MoveDialog({
  guildId,
  ticket,
  onCancel,
  onMove,
}: {
  guildId: string;
  ticket: TicketSummary;
  onCancel: () => void;
  onMove: (panelId: number) => Promise<void>;
}) {
  const tr = useTr();
  const detail = useCustom({
    url: `/${guildId}/tickets/${ticket.TicketId}`,
    method: "get",
    errorNotification: false,
    queryOptions: { queryKey: ["ticket-move-targets", guildId, ticket.TicketId] },
  });
  const parsed = detail.query.data ? ticketDetailSchema.safeParse(detail.query.data.data) : undefined;
  const targets = parsed?.success ? parsed.data.moveTargets : [];
  const [panelId, setPanelId] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const loaded = detail.query.isSuccess || detail.query.isError;
  return (
    <Modal
      open
      title={tr("tickets.moveTitle", "Move ticket #{n}", { n: ticket.TicketId })}
      okText={tr("tickets.move", "Move")}
      okButtonProps={{ disabled: panelId === null }}
      cancelText={tr("tickets.cancel", "Cancel")}
      confirmLoading={sending}
      onCancel={onCancel}
      onOk={async () => {
        if (panelId === null) return;
        setSending(true);
        try {
          await onMove(panelId);
        } finally {
          setSending(false);
        }
      }}
    >
      <p>
        {tr(
          "tickets.moveHelp",
          "The ticket takes the panel's category, support team and channel name, and keeps its number and conversation.",
        )}
      </p>
      {loaded && targets.length === 0 ? (
        <Alert type="info" showIcon message={tr("tickets.moveNone", "There is no other panel you may move this ticket to.")} />
      ) : (
        <Form layout="vertical">
          <Form.Item label={tr("tickets.moveTo", "Move to")}>
            <Select
              aria-label={tr("tickets.moveTo", "Move to")}
              loading={!loaded}
              value={panelId ?? undefined}
              placeholder={tr("tickets.pickPanel", "Pick a panel")}
              onChange={(v: number) => setPanelId(v)}
              options={targets.map((p) => ({ value: p.PanelId, label: p.PanelName }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
