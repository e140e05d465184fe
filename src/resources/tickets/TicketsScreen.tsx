import { Alert, Button, Card, Form, Input, Modal, Select, Space, Table, Tag, type TableColumnsType } from "antd";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useTr } from "../../i18n/refine";
import { useGetIdentity } from "@refinedev/core";
import { http, HttpError } from "../../providers/http";
import { notify } from "../../providers/notifications";
import { closeReasonMax, ticketActionResponseSchema, ticketListResponseSchema, type TicketEvent, type TicketSummary } from "../../schemas/ticket";
import { PageHeader } from "../engine/PageHeader";
import { RelativeTime } from "../engine/RelativeTime";
import type { ResourceScreenProps } from "../types";
import { openLiveTickets } from "./live";
import "./tickets.css";

// The open queue (issue "Live tickets and statistics"): the server's open tickets, filtered by panel, claim and
// "mine", kept current by the live event stream (polling while it is down). Claim, unclaim and close run the
// engine's own steps; the answer's words are the bot's.

const POLL_MS = 15_000;
type Claimed = "claimed" | "unclaimed" | "";

interface PanelOption {
  PanelId: number;
  PanelName: string;
}

/** Applies one live event to the open list. */
export function applyEvent(list: TicketSummary[], event: TicketEvent): TicketSummary[] {
  const rest = list.filter((t) => t.TicketId !== event.ticket.TicketId);
  if (event.type === "closed" || event.ticket.Status === "closed") return rest;
  return [event.ticket, ...rest].sort((a, b) => b.TicketId - a.TicketId);
}

export default function TicketsScreen({ guildId }: ResourceScreenProps) {
  const tr = useTr();
  const [params, setParams] = useSearchParams();
  const panel = params.get("panel") ?? "";
  const claimed = (params.get("claimed") ?? "") as Claimed;
  const mine = params.get("mine") === "1";
  const [tickets, setTickets] = useState<TicketSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState(false);
  const [panels, setPanels] = useState<PanelOption[]>([]);
  const [closing, setClosing] = useState<TicketSummary | null>(null);
  const [pending, setPending] = useState<number | null>(null);
  const { data: identity } = useGetIdentity<{ id: string }>();

  const setFilter = (key: string, value: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    }, { replace: true });

  const load = useCallback(async () => {
    try {
      const answer = ticketListResponseSchema.parse(
        await http.get(`/${guildId}/tickets`, { query: { panel: panel || undefined, claimed: claimed || undefined, mine: mine ? "true" : undefined, per_page: 100 } }),
      );
      setTickets(answer.tickets);
      setError(null);
    } catch (e) {
      setError(e instanceof HttpError ? e.message : tr("tickets.loadFailed", "Couldn't load the tickets."));
    }
  }, [guildId, panel, claimed, mine, tr]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    // The panel filter's choices; staff who may not view panels filter by the names on their tickets instead.
    http
      .get<{ panels?: { SinglePanels?: PanelOption[] } }>(`/${guildId}/panels`, { onForbidden: "caller" })
      .then((answer) => setPanels((answer.panels?.SinglePanels ?? []).map((p) => ({ PanelId: p.PanelId, PanelName: p.PanelName }))))
      .catch(() => setPanels([]));
  }, [guildId]);

  // Live events; the filters decide whether an event's ticket belongs on this list.
  useEffect(() => {
    const fits = (t: TicketSummary) =>
      (!panel || String(t.PanelId) === panel) &&
      (claimed !== "claimed" || t.ClaimedById !== null) &&
      (claimed !== "unclaimed" || t.ClaimedById === null) &&
      (!mine || t.ClaimedById === identity?.id || t.OpenerId === identity?.id);
    const connection = openLiveTickets({
      guildId,
      onStatus: setLive,
      onEvent: (event) => setTickets((list) => (list ? applyEvent(list, fits(event.ticket) ? event : { ...event, type: "closed" }) : list)),
    });
    return () => connection.close();
  }, [guildId, panel, claimed, mine, identity?.id]);

  useEffect(() => {
    if (live) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [live, load]);

  const act = async (ticket: TicketSummary, action: "claim" | "unclaim" | "close", body?: { reason?: string }) => {
    setPending(ticket.TicketId);
    try {
      const answer = ticketActionResponseSchema.parse(await http.post(`/${guildId}/tickets/${ticket.TicketId}/${action}`, body ?? {}, { onForbidden: "caller" }));
      notify({ type: "success", message: answer.message });
      setTickets((list) => (list ? applyEvent(list, { type: answer.ticket.Status === "closed" ? "closed" : "updated", guildId, ticket: answer.ticket }) : list));
      return true;
    } catch (e) {
      notify({ type: "error", message: e instanceof HttpError ? e.message : tr("tickets.actionFailed", "That did not work. Please try again.") });
      return false;
    } finally {
      setPending(null);
    }
  };

  const columns: TableColumnsType<TicketSummary> = useMemo(
    () => [
      { title: tr("tickets.columns.number", "#"), dataIndex: "TicketId", width: 80, render: (n: number) => <span className="mono">#{n}</span> },
      { title: tr("tickets.columns.opener", "Opened by"), dataIndex: "OpenerName", render: (name: string, t) => (<span>{name}{t.Subject ? <div className="tickets-subject">{t.Subject}</div> : null}</span>) },
      { title: tr("tickets.columns.panel", "Panel"), dataIndex: "PanelName", responsive: ["md"] },
      {
        title: tr("tickets.columns.claimedBy", "Claimed by"),
        dataIndex: "ClaimedByName",
        render: (name: string | null) => (name ? name : <Tag>{tr("tickets.unclaimed", "Unclaimed")}</Tag>),
      },
      { title: tr("tickets.columns.opened", "Opened"), dataIndex: "OpenedAt", responsive: ["sm"], render: (at: number) => <RelativeTime value={at} /> },
      { title: tr("tickets.columns.lastActivity", "Last activity"), dataIndex: "LastActivityAt", responsive: ["lg"], render: (at: number) => <RelativeTime value={at} /> },
      {
        title: tr("tickets.columns.actions", "Actions"),
        key: "actions",
        render: (_: unknown, t) => (
          <Space wrap size="small">
            {t.ClaimedById ? (
              <Button size="small" loading={pending === t.TicketId} onClick={() => void act(t, "unclaim")}>{tr("tickets.unclaim", "Unclaim")}</Button>
            ) : (
              <Button size="small" type="primary" loading={pending === t.TicketId} onClick={() => void act(t, "claim")}>{tr("tickets.claim", "Claim")}</Button>
            )}
            <Button size="small" danger onClick={() => setClosing(t)}>{tr("tickets.close", "Close")}</Button>
            {t.ChannelUrl &&
              (t.ChannelUrl.startsWith("/") ? (
                <Link to={t.ChannelUrl}>{tr("tickets.openChannel", "Open channel")}</Link>
              ) : (
                <a href={t.ChannelUrl} target="_blank" rel="noopener noreferrer">{tr("tickets.openChannel", "Open channel")}</a>
              ))}
          </Space>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [tr, pending],
  );

  return (
    <div className="tickets-screen">
      <PageHeader
        title={tr("tickets.title", "Tickets")}
        description={tr("tickets.description", "The open tickets of this server, as they happen.")}
        extra={
          <Tag>
            <span className={`tickets-live-dot${live ? " is-live" : ""}`} aria-hidden />
            <span data-testid="live-status">{live ? tr("tickets.live", "Live") : tr("tickets.polling", "Updating every 15 s")}</span>
          </Tag>
        }
      />
      <Card>
        <div className="tickets-filters">
          <Select
            aria-label={tr("tickets.filters.panel", "Panel")}
            className="tickets-filter"
            value={panel}
            onChange={(v: string) => setFilter("panel", v)}
            options={[{ value: "", label: tr("tickets.filters.anyPanel", "All panels") }, ...panels.map((p) => ({ value: String(p.PanelId), label: p.PanelName }))]}
          />
          <Select
            aria-label={tr("tickets.filters.claimed", "Claim")}
            className="tickets-filter"
            value={claimed}
            onChange={(v: string) => setFilter("claimed", v)}
            options={[
              { value: "", label: tr("tickets.filters.anyClaim", "Claimed or not") },
              { value: "claimed", label: tr("tickets.filters.claimedOnly", "Claimed") },
              { value: "unclaimed", label: tr("tickets.filters.unclaimedOnly", "Unclaimed") },
            ]}
          />
          <Button aria-pressed={mine} type={mine ? "primary" : "default"} onClick={() => setFilter("mine", mine ? "" : "1")}>
            {tr("tickets.filters.mine", "Mine")}
          </Button>
        </div>
        {error && <Alert type="error" showIcon message={error} />}
        <Table<TicketSummary>
          rowKey="TicketId"
          columns={columns}
          dataSource={tickets ?? []}
          loading={tickets === null && !error}
          pagination={false}
          locale={{ emptyText: tr("tickets.empty", "No open tickets.") }}
          expandable={{
            rowExpandable: (t) => t.FormAnswers.length > 0,
            expandedRowRender: (t) => (
              <dl className="tickets-answers">
                {t.FormAnswers.map((a, i) => (
                  <div key={i}>
                    <dt>{a.Label}</dt>
                    <dd>{a.Value}</dd>
                  </div>
                ))}
              </dl>
            ),
          }}
        />
      </Card>
      {closing && <CloseDialog guildId={guildId} ticket={closing} onCancel={() => setClosing(null)} onClose={async (reason) => { if (await act(closing, "close", { reason })) setClosing(null); }} />}
    </div>
  );
}

function CloseDialog({ guildId, ticket, onCancel, onClose }: { guildId: string; ticket: TicketSummary; onCancel: () => void; onClose: (reason?: string) => Promise<void> }) {
  const tr = useTr();
  const [reasons, setReasons] = useState<{ Label: string; Text?: string | null }[]>([]);
  const [preset, setPreset] = useState<string>("");
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  useEffect(() => {
    http
      .get<{ close_reasons?: { Label: string; Text?: string | null }[] }>(`/${guildId}/close-reasons`, { onForbidden: "caller" })
      .then((answer) => setReasons(answer.close_reasons ?? []))
      .catch(() => setReasons([]));
  }, [guildId]);
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
