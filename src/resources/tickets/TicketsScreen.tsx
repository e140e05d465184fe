import { Alert, Button } from "antd";
import { lazy, Suspense, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { z } from "zod";
import { useTr } from "../../i18n/refine";
import {
  keys,
  useCustomMutation,
  useGetIdentity,
  useList,
  useSubscription,
  type CrudFilter,
  type GetListResponse,
  type LiveEvent,
} from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { ticketsChannel, type LiveStatusPayload, type TicketLivePayload } from "../../providers/live-provider";
import { InvalidAnswerError } from "../../providers/data-provider";
import { notify } from "../../providers/notifications";
import { notifyActionFailed } from "./action-error";
import { ticketActionResponseSchema, ticketSummarySchema, type TicketEvent, type TicketSummary } from "../../schemas/ticket";
import { FormAnswers } from "./FormAnswers";
import { DataTable, type DataColumn, type DataSelection } from "../../ui/DataTable";
import { useListUrl } from "../../ui/grid/list-url";
import { SavedViews } from "../../ui/grid/SavedViews";
import { useTicketBulk } from "./TicketBulk";
import { ticketPriorities } from "../../schemas/helpdesk";
import type { Label } from "../../schemas/label";
import { priorityText } from "./helpdesk-texts";
import { fitsWaiting, SnoozeSelect, type SnoozeChoice, WaitingOn, waitingFilterOptions } from "./waiting";
import { Panel, SelectField } from "../../ui/blocks";
import { PageHeader } from "../../ui/PageHeader";
import { RelativeTime } from "../engine/RelativeTime";
import type { ResourceScreenProps } from "../engine/types";
import "./tickets.css";

// The open queue (issue "Live tickets and statistics"): the server's open tickets, filtered by panel, claim and
// "mine" (refine's useList; the filters are the server's), kept current by the live provider (liveMode: each event
// is applied to the list in place; while the stream is down the provider's fallback refetches it every 15 s).
// Claim, unclaim, move and close run the engine's own steps (actions, not resource operations: useCustomMutation); the
// answer's words are the bot's.

// The close dialog (a modal with a form) loads on the first "Close", not with the queue.
const CloseDialog = lazy(() => import("./CloseDialog"));
// … and the move dialog on the first "Move".
const MoveDialog = lazy(() => import("./MoveDialog"));
type Claimed = "claimed" | "unclaimed" | "";

/** The queue shows the newest 100 open tickets (one page of the route). */
const queueSize = 100;
const ticketRows = z.array(ticketSummarySchema);
/** The cached ticket lists refine keeps (its query keys start so), patched in place by events and actions. */
const ticketLists = keys().data("default").resource("tickets").action("list").get();

/** Applies one live event to the open list. */
export function applyEvent(list: TicketSummary[], event: TicketEvent): TicketSummary[] {
  const rest = list.filter((t) => t.TicketId !== event.ticket.TicketId);
  if (event.type === "closed" || event.ticket.Status === "closed") return rest;
  return [event.ticket, ...rest].sort((a, b) => b.TicketId - a.TicketId);
}

export default function TicketsScreen({ guildId }: ResourceScreenProps) {
  const navigate = useNavigate();
  const tr = useTr();
  // The filters, the order and the hidden columns live in the URL (a reload, a link and a saved view show the same list).
  const url = useListUrl();
  const params = url.params;
  const panel = params.get("panel") ?? "";
  const claimed = (params.get("claimed") ?? "") as Claimed;
  const mine = params.get("mine") === "1";
  // Priority and label filters, the priority sort
  const priority = params.get("priority") ?? "";
  const label = params.get("label") ?? "";
  const byPriority = params.get("sort") === "priority";
  // Who the tickets wait on ("attention": on staff, not snoozed)
  const waiting = params.get("waiting") ?? "";
  const [live, setLive] = useState(false);
  const [closing, setClosing] = useState<TicketSummary | null>(null);
  const [moving, setMoving] = useState<TicketSummary | null>(null);
  const [pending, setPending] = useState<number | null>(null);
  const { data: identity } = useGetIdentity<{ id: string }>();
  const queryClient = useQueryClient();

  const setFilter = (key: string, value: string) => url.set({ [key]: value });

  /** Applies an event (or an action's answer) to the list on screen. */
  const patch = (event: TicketEvent) =>
    queryClient.setQueriesData<GetListResponse<TicketSummary>>({ queryKey: ticketLists, type: "active" }, (old) => {
      if (!old) return old;
      const data = applyEvent(old.data, event);
      return { ...old, data, total: (old.total ?? old.data.length) + data.length - old.data.length };
    });

  // The live provider calls back with what it had when the list subscribed: the latest filters come from here.
  const latest = useRef({ panel, claimed, mine, priority, label, waiting, me: identity?.id, patch, refetch: () => {} });
  const fits = (t: TicketSummary) => {
    const { panel, claimed, mine, me } = latest.current;
    return (
      (!panel || String(t.PanelId) === panel) &&
      (claimed !== "claimed" || t.ClaimedById !== null) &&
      (claimed !== "unclaimed" || t.ClaimedById === null) &&
      (!mine || t.ClaimedById === me || t.OpenerId === me) &&
      (!latest.current.priority || t.Priority === latest.current.priority) &&
      (!latest.current.label || t.LabelIds.includes(Number(latest.current.label))) &&
      fitsWaiting(t, latest.current.waiting)
    );
  };

  const filters: CrudFilter[] = [
    { field: "PanelId", operator: "eq", value: panel || undefined },
    claimed === "claimed"
      ? { field: "ClaimedById", operator: "nnull", value: true }
      : { field: "ClaimedById", operator: "null", value: claimed === "unclaimed" },
    { field: "mine", operator: "eq", value: mine },
    { field: "Priority", operator: "eq", value: priority || undefined },
    { field: "LabelIds", operator: "eq", value: label || undefined },
    { field: "waiting", operator: "eq", value: waiting || undefined },
  ];
  const { result, query } = useList<TicketSummary>({
    resource: "tickets",
    meta: { guildId },
    pagination: { mode: "server", currentPage: 1, pageSize: queueSize },
    filters,
    sorters: byPriority ? [{ field: "priority", order: "desc" }] : [],
    errorNotification: false,
    // A change of filters keeps the rows on screen until the new ones arrive.
    queryOptions: { placeholderData: (previous) => previous },
    liveMode: "manual",
    onLiveEvent: (event: LiveEvent) => {
      if (event.type === "refresh") return latest.current.refetch();
      const { event: ticketEvent } = event.payload as TicketLivePayload;
      // The filters decide whether an event's ticket belongs on this list.
      latest.current.patch(fits(ticketEvent.ticket) ? ticketEvent : { ...ticketEvent, type: "closed" });
    },
  });
  latest.current = { panel, claimed, mine, priority, label, waiting, me: identity?.id, patch, refetch: () => void query.refetch() };
  useSubscription({
    channel: ticketsChannel,
    types: ["status"],
    meta: { guildId },
    onLiveEvent: (event) => setLive((event.payload as LiveStatusPayload).live),
  });

  // The panel filter's choices; staff who may not view panels filter by the names on their tickets instead.
  const panelList = useList<{ PanelId: number; PanelName: string }>({
    resource: "panels",
    meta: { guildId, onForbidden: "caller" },
    pagination: { mode: "off" },
    errorNotification: false,
  });
  const panels = panelList.query.isError ? [] : panelList.result.data;
  // The server's labels (chips in the queue, the label filter)
  const labelList = useList<Label>({
    resource: "labels",
    meta: { guildId, onForbidden: "caller" },
    pagination: { mode: "off" },
    errorNotification: false,
  });
  const labels = useMemo(() => (labelList.query.isError ? [] : labelList.result.data), [labelList.query.isError, labelList.result.data]);
  const labelsById = useMemo(() => new Map(labels.map((l) => [l.LabelId, l])), [labels]);

  const rows = useMemo(() => (query.data ? ticketRows.safeParse(result.data) : undefined), [query.data, result.data]);
  const tickets = rows?.success ? rows.data : null;
  const error = query.isError
    ? (!(query.error instanceof InvalidAnswerError) && query.error.message) || tr("tickets.loadFailed", "Couldn't load the tickets.")
    : rows && !rows.success
      ? tr("tickets.loadFailed", "Couldn't load the tickets.")
      : null;

  const { mutateAsync: runAction } = useCustomMutation<Record<string, unknown>>();
  // Selected tickets and what the bulk bar does with them (./TicketBulk.tsx); a done step empties the selection.
  const [selection, setSelection] = useState<DataSelection>({ keys: new Set(), allMatching: false });
  const bulk = useTicketBulk(guildId, () => {
    setSelection({ keys: new Set(), allMatching: false });
    void query.refetch();
  });
  const act = async (
    ticket: TicketSummary,
    action: "claim" | "unclaim" | "close" | "move" | "snooze" | "unsnooze",
    body?: { reason?: string } | { panelId: number } | { Minutes: number },
  ) => {
    setPending(ticket.TicketId);
    try {
      const response = await runAction({
        url: `/${guildId}/tickets/${ticket.TicketId}/${action}`,
        method: "post",
        values: body ?? {},
        meta: { onForbidden: "caller" },
        successNotification: false,
        errorNotification: false,
      });
      const answer = ticketActionResponseSchema.parse(response.data);
      notify({ type: "success", message: answer.message });
      const gone = answer.ticket.Status === "closed" || !fits(answer.ticket);
      patch({ type: gone ? "closed" : "updated", guildId, ticket: answer.ticket });
      return true;
    } catch (e) {
      notifyActionFailed(e, tr);
      return false;
    } finally {
      setPending(null);
    }
  };

  const columns: DataColumn<TicketSummary>[] = useMemo(
    () => [
      {
        title: tr("tickets.columns.number", "#"),
        dataIndex: "TicketId",
        width: 80,
        // The ticket's page
        render: (n: number, t: TicketSummary) => (
          <span>
            <Link className="mono" to={`/${guildId}/tickets/${n}`} aria-label={tr("tickets.openTicket", "Open ticket #{n}", { n })}>
              #{n}
            </Link>
            {t.WaitingSince ? <div className="cell-badge cell-badge-red tickets-waiting">{tr("tickets.waiting", "Waiting")}</div> : null}
          </span>
        ),
      },
      {
        title: tr("tickets.columns.priority", "Priority"),
        dataIndex: "Priority",
        render: (p: TicketSummary["Priority"], t: TicketSummary) => (
          <span>
            <span className={`tickets-priority tickets-priority-${p}`}>{priorityText(tr, p)}</span>
            {t.LabelIds.map((id) => labelsById.get(id))
              .filter((l) => l !== undefined)
              .map((l) => (
                <span key={l.LabelId} className="tickets-label" style={{ borderColor: l.Colour }}>
                  {l.Name}
                </span>
              ))}
          </span>
        ),
      },
      {
        title: tr("tickets.columns.waitingOn", "Waiting on"),
        key: "waitingOn",
        hideBelow: "sm",
        render: (_: unknown, t: TicketSummary) => <WaitingOn ticket={t} tr={tr} />,
      },
      {
        title: tr("tickets.columns.opener", "Opened by"),
        dataIndex: "OpenerName",
        render: (name: string, t: TicketSummary) => (
          <span>
            {name}
            {t.Subject ? <div className="tickets-subject">{t.Subject}</div> : null}
          </span>
        ),
      },
      { title: tr("tickets.columns.panel", "Panel"), dataIndex: "PanelName", hideBelow: "md" },
      {
        title: tr("tickets.columns.claimedBy", "Claimed by"),
        dataIndex: "ClaimedByName",
        render: (name: string | null) =>
          name ? name : <span className="cell-badge cell-badge-gray">{tr("tickets.unclaimed", "Unclaimed")}</span>,
      },
      {
        title: tr("tickets.columns.opened", "Opened"),
        dataIndex: "OpenedAt",
        hideBelow: "sm",
        render: (at: number) => <RelativeTime value={at} />,
      },
      {
        title: tr("tickets.columns.lastActivity", "Last activity"),
        dataIndex: "LastActivityAt",
        hideBelow: "lg",
        render: (at: number) => <RelativeTime value={at} />,
      },
      {
        title: tr("tickets.columns.actions", "Actions"),
        key: "actions",
        render: (_: unknown, t: TicketSummary) => (
          <span className="list-actions tickets-actions">
            {t.ClaimedById ? (
              <Button size="small" loading={pending === t.TicketId} onClick={() => void act(t, "unclaim")}>
                {tr("tickets.unclaim", "Unclaim")}
              </Button>
            ) : (
              <Button size="small" type="primary" loading={pending === t.TicketId} onClick={() => void act(t, "claim")}>
                {tr("tickets.claim", "Claim")}
              </Button>
            )}
            <Button size="small" onClick={() => setMoving(t)}>
              {tr("tickets.move", "Move")}
            </Button>
            {t.Status === "open" && (
              <SnoozeSelect
                ticket={t}
                tr={tr}
                onChoose={(choice: SnoozeChoice) =>
                  void (choice === "end" ? act(t, "unsnooze") : act(t, "snooze", { Minutes: choice.minutes }))
                }
              />
            )}
            <Button size="small" danger onClick={() => setClosing(t)}>
              {tr("tickets.close", "Close")}
            </Button>
            {t.ChannelUrl &&
              (t.ChannelUrl.startsWith("/") ? (
                <Link to={t.ChannelUrl}>{tr("tickets.openChannel", "Open channel")}</Link>
              ) : (
                <a href={t.ChannelUrl} target="_blank" rel="noopener noreferrer">
                  {tr("tickets.openChannel", "Open channel")}
                </a>
              ))}
          </span>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the screen remounts per guild (engine/routes.tsx); act reads nothing else that changes
    [tr, pending, labelsById],
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
            options={[
              { value: "", label: tr("tickets.filters.anyPanel", "All panels") },
              ...panels.map((p) => ({ value: String(p.PanelId), label: p.PanelName })),
            ]}
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
          <SelectField
            label={tr("tickets.filters.priority", "Priority")}
            className="tickets-filter"
            value={priority}
            onChange={(v) => setFilter("priority", v)}
            options={[
              { value: "", label: tr("tickets.filters.anyPriority", "Any priority") },
              ...ticketPriorities.map((p) => ({ value: p, label: priorityText(tr, p) })),
            ]}
          />
          {labels.length > 0 && (
            <SelectField
              label={tr("tickets.filters.label", "Label")}
              className="tickets-filter"
              value={label}
              onChange={(v) => setFilter("label", v)}
              options={[
                { value: "", label: tr("tickets.filters.anyLabel", "Any label") },
                ...labels.map((l) => ({ value: String(l.LabelId), label: l.Name })),
              ]}
            />
          )}
          <SelectField
            label={tr("tickets.filters.waiting", "Waiting on")}
            className="tickets-filter"
            value={waiting}
            onChange={(v) => setFilter("waiting", v)}
            options={waitingFilterOptions(tr)}
          />
          <Button aria-pressed={mine} type={mine ? "primary" : "default"} onClick={() => setFilter("mine", mine ? "" : "1")}>
            {tr("tickets.filters.mine", "Mine")}
          </Button>
          <Button
            aria-pressed={byPriority}
            type={byPriority ? "primary" : "default"}
            onClick={() => setFilter("sort", byPriority ? "" : "priority")}
          >
            {tr("tickets.filters.byPriority", "Most urgent first")}
          </Button>
        </div>
        {error && <Alert type="error" showIcon message={error} />}
        <DataTable<TicketSummary>
          tools={<SavedViews guildId={guildId} list="tickets" />}
          rowKey="TicketId"
          columns={columns}
          dataSource={tickets ?? []}
          loading={query.isLoading}
          minWidth={560}
          emptyText={tr("tickets.empty", "No open tickets.")}
          columnChooser
          hiddenColumns={url.hidden}
          onHiddenColumnsChange={url.setHidden}
          selection={selection}
          onSelectionChange={setSelection}
          bulkActions={bulk.bar}
          onOpen={(t) => void navigate(`/${guildId}/tickets/${t.TicketId}`)}
          expandable={{
            label: tr("tickets.showAnswers", "Show the form answers"),
            rowExpandable: (t) => t.FormAnswers.length > 0,
            expandedRowRender: (t) => <FormAnswers answers={t.FormAnswers} />,
          }}
        />
      </Panel>
      {moving && (
        <Suspense fallback={null}>
          <MoveDialog
            guildId={guildId}
            ticket={moving}
            onCancel={() => setMoving(null)}
            onMove={async (panelId) => {
              if (await act(moving, "move", { panelId })) setMoving(null);
            }}
          />
        </Suspense>
      )}
      {bulk.dialog}
      {closing && (
        <Suspense fallback={null}>
          <CloseDialog
            guildId={guildId}
            ticket={closing}
            onCancel={() => setClosing(null)}
            onClose={async (reason) => {
              if (await act(closing, "close", { reason })) setClosing(null);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
