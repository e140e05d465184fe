import { Alert, Button } from "antd";
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useTr } from "../../i18n/refine";
import { useGetIdentity } from "@refinedev/core";
import { http, HttpError } from "../../providers/http";
import { notify } from "../../providers/notifications";
import { ticketActionResponseSchema, ticketListResponseSchema, type TicketEvent, type TicketSummary } from "../../schemas/ticket";
import { DataTable, type DataColumn } from "../../ui/DataTable";
import { Panel, SelectField } from "../../ui/blocks";
import { PageHeader } from "../../ui/PageHeader";
import { RelativeTime } from "../engine/RelativeTime";
import type { ResourceScreenProps } from "../engine/types";
import { openLiveTickets } from "./live";
import "./tickets.css";

// The open queue (issue "Live tickets and statistics"): the server's open tickets, filtered by panel, claim and
// "mine", kept current by the live event stream (polling while it is down). Claim, unclaim and close run the
// engine's own steps; the answer's words are the bot's.

const POLL_MS = 15_000;

// The close dialog (a modal with a form) loads on the first "Close", not with the queue.
const CloseDialog = lazy(() => import("./CloseDialog"));
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

  const columns: DataColumn<TicketSummary>[] = useMemo(
    () => [
      { title: tr("tickets.columns.number", "#"), dataIndex: "TicketId", width: 80, render: (n: number) => <span className="mono">#{n}</span> },
      { title: tr("tickets.columns.opener", "Opened by"), dataIndex: "OpenerName", render: (name: string, t: TicketSummary) => (<span>{name}{t.Subject ? <div className="tickets-subject">{t.Subject}</div> : null}</span>) },
      { title: tr("tickets.columns.panel", "Panel"), dataIndex: "PanelName", hideBelow: "md" },
      {
        title: tr("tickets.columns.claimedBy", "Claimed by"),
        dataIndex: "ClaimedByName",
        render: (name: string | null) => (name ? name : <span className="cell-badge cell-badge-gray">{tr("tickets.unclaimed", "Unclaimed")}</span>),
      },
      { title: tr("tickets.columns.opened", "Opened"), dataIndex: "OpenedAt", hideBelow: "sm", render: (at: number) => <RelativeTime value={at} /> },
      { title: tr("tickets.columns.lastActivity", "Last activity"), dataIndex: "LastActivityAt", hideBelow: "lg", render: (at: number) => <RelativeTime value={at} /> },
      {
        title: tr("tickets.columns.actions", "Actions"),
        key: "actions",
        render: (_: unknown, t: TicketSummary) => (
          <span className="list-actions tickets-actions">
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
          </span>
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
          <span className="cell-badge cell-badge-gray tickets-live">
            <span className={`tickets-live-dot${live ? " is-live" : ""}`} aria-hidden />
            <span data-testid="live-status">{live ? tr("tickets.live", "Live") : tr("tickets.polling", "Updating every 15 s")}</span>
          </span>
        }
      />
      <Panel>
        <div className="tickets-filters">
          <SelectField
            label={tr("tickets.filters.panel", "Panel")}
            className="tickets-filter"
            value={panel}
            onChange={(v) => setFilter("panel", v)}
            options={[{ value: "", label: tr("tickets.filters.anyPanel", "All panels") }, ...panels.map((p) => ({ value: String(p.PanelId), label: p.PanelName }))]}
          />
          <SelectField
            label={tr("tickets.filters.claimed", "Claim")}
            className="tickets-filter"
            value={claimed}
            onChange={(v) => setFilter("claimed", v)}
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
        <DataTable<TicketSummary>
          rowKey="TicketId"
          columns={columns}
          dataSource={tickets ?? []}
          loading={tickets === null && !error}
          minWidth={560}
          emptyText={tr("tickets.empty", "No open tickets.")}
          expandable={{
            label: tr("tickets.showAnswers", "Show the form answers"),
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
      </Panel>
      {closing && (
        <Suspense fallback={null}>
          <CloseDialog guildId={guildId} ticket={closing} onCancel={() => setClosing(null)} onClose={async (reason) => { if (await act(closing, "close", { reason })) setClosing(null); }} />
        </Suspense>
      )}
    </div>
  );
}
