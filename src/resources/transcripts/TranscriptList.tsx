import { useCan, useCustom, type HttpError } from "@refinedev/core";
import { Alert, Button, Card, Input, InputNumber, Select, Table, type TableColumnsType } from "antd";
import { lazy, Suspense, useEffect, useMemo, useReducer, useState } from "react";
import { useNavigate } from "react-router";
import { limits } from "../../schemas/limits";
import { frameMessages, transcriptMessages } from "../../schemas/messages";
import {
  closeReasonLabel,
  panelLabel,
  ratingLabel,
  transcriptListResponseSchema,
  type TranscriptSummary,
} from "../../schemas/transcript";
import { SearchIcon } from "../../shell/icons";
import { PageHeader } from "../engine/PageHeader";
import type { ResourceScreenProps } from "../types";
import { transcriptLabels as L } from "./labels";
import {
  initialListState,
  lastPage,
  toQuery,
  withFilters,
  withPage,
  withPageSize,
  type TranscriptFilters,
  type TranscriptListState,
} from "./list-state";
import { detailOf, statusTextOf } from "./status-text";

const BotKeyDialog = lazy(() => import("./BotKeyDialog"));

type Action =
  | { type: "filters"; patch: Partial<TranscriptFilters> }
  | { type: "pageSize"; perPage: number }
  | { type: "page"; page: number; total: number };

function reducer(state: TranscriptListState, action: Action): TranscriptListState {
  switch (action.type) {
    case "filters":
      return withFilters(state, action.patch);
    case "pageSize":
      return withPageSize(state, action.perPage);
    case "page":
      return withPage(state, action.page, action.total);
  }
}

/** Typing filters apply after a pause, so each keystroke does not fetch. */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** A link (open in a new tab works) that looks like a small button and navigates inside the app. */
function ViewButton({ to, label }: { to: string; label: string }) {
  const navigate = useNavigate();
  return (
    <Button
      size="small"
      href={to}
      aria-label={label}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {L.view}
    </Button>
  );
}

export function TranscriptList({ guildId }: ResourceScreenProps) {
  const [state, dispatch] = useReducer(reducer, initialListState);
  const [ticketDraft, setTicketDraft] = useState<number | null>(null);
  const [usernameDraft, setUsernameDraft] = useState("");
  const [searchDraft, setSearchDraft] = useState("");
  const [pageDraft, setPageDraft] = useState<number | null>(state.page);
  const [botKeyOpen, setBotKeyOpen] = useState(false);
  const [botKeyMounted, setBotKeyMounted] = useState(false);

  const debounced = useDebounced({ ticketId: ticketDraft, username: usernameDraft, q: searchDraft }, limits.selectSearchDebounceMs);
  useEffect(() => dispatch({ type: "filters", patch: debounced }), [debounced]);
  useEffect(() => setPageDraft(state.page), [state.page]);

  const { query } = useCustom<Record<string, unknown>, HttpError>({
    url: `/${guildId}/transcripts`,
    method: "get",
    config: { query: toQuery(state) },
    errorNotification: false,
    queryOptions: { placeholderData: (previous) => previous },
  });
  const { query: panelsQuery } = useCustom<{ panels?: string[] }, HttpError>({
    url: `/${guildId}/transcript-panels`,
    method: "get",
    errorNotification: false,
  });
  const canEditSettings = useCan({ resource: "settings", action: "edit", params: { guildId } });

  const parsed = useMemo(() => (query.data ? transcriptListResponseSchema.safeParse(query.data.data) : undefined), [query.data]);
  const rows = parsed?.success ? parsed.data.transcripts : [];
  const total = parsed?.success ? parsed.data.total : 0;
  const last = lastPage(total, state.perPage);

  const failure = query.isError
    ? transcriptMessages.fetchListFailed(statusTextOf(query.error), detailOf(query.error))
    : parsed && !parsed.success
      ? transcriptMessages.fetchListFailed("", frameMessages.unknownError)
      : null;
  const isInitialLoad = query.isLoading && !query.data;

  const commitPage = () => {
    if (pageDraft === null || !Number.isFinite(pageDraft)) {
      setPageDraft(state.page);
      return;
    }
    const next = withPage(state, pageDraft, total).page;
    dispatch({ type: "page", page: pageDraft, total });
    setPageDraft(next);
  };

  const columns: TableColumnsType<TranscriptSummary> = [
    { key: "ticket", dataIndex: "TicketId", title: L.columns.ticketId, width: 110, render: (id: number) => <span className="cell-mono">{id}</span> },
    { key: "username", dataIndex: "AuthorUsername", title: L.columns.username, ellipsis: true },
    { key: "rating", dataIndex: "Rating", title: L.columns.rating, width: 100, render: (r: number | null) => <span className={r === null ? "transcript-na" : "transcript-rating"}>{ratingLabel(r)}</span> },
    { key: "panel", dataIndex: "PanelName", title: L.columns.panel, render: (name: string) => (name === "Unknown" ? <span className="transcript-na">{panelLabel(name)}</span> : name) },
    {
      key: "reason",
      dataIndex: "CloseReason",
      title: L.columns.closeReason,
      ellipsis: true,
      render: (reason: string | null) => <span className={reason?.trim() ? undefined : "transcript-na"}>{closeReasonLabel(reason)}</span>,
    },
    {
      key: "actions",
      title: L.columns.actions,
      width: 90,
      align: "right",
      fixed: "right",
      render: (_: unknown, t) => (
        <ViewButton to={`/${guildId}/transcripts/${t.TicketId}`} label={`${L.view} ${L.viewTitle(String(t.TicketId))}`} />
      ),
    },
  ];

  return (
    <div className="page">
      <PageHeader
        title={L.title}
        extra={
          canEditSettings.data?.can ? (
            <Button
              onClick={() => {
                setBotKeyMounted(true);
                setBotKeyOpen(true);
              }}
            >
              {L.botKey.button}
            </Button>
          ) : null
        }
      />
      <Card className="list-card transcripts-card">
        <div className="transcript-filters" role="search">
          <label className="transcript-filter">
            <span>{L.filters.ticketId}</span>
            <InputNumber<number>
              min={0}
              precision={0}
              value={ticketDraft}
              onChange={(value) => setTicketDraft(typeof value === "number" && value >= 0 ? value : null)}
              className="transcript-filter-ticket"
              placeholder="1234"
              aria-label={L.filters.ticketId}
            />
          </label>
          <label className="transcript-filter">
            <span>{L.filters.username}</span>
            <Input allowClear value={usernameDraft} onChange={(event) => setUsernameDraft(event.target.value)} placeholder="username" />
          </label>
          <label className="transcript-filter">
            <span>{L.filters.ticketType}</span>
            <Select
              allowClear
              value={state.filters.panel ?? undefined}
              placeholder={L.anyTicketType}
              loading={panelsQuery.isLoading}
              options={(panelsQuery.data?.data.panels ?? []).map((name) => ({ value: name, label: panelLabel(name) }))}
              onChange={(value?: string) => dispatch({ type: "filters", patch: { panel: value ?? null } })}
              className="transcript-filter-panel"
              aria-label={L.filters.ticketType}
            />
          </label>
          <label className="transcript-filter transcript-filter-wide">
            <span>{L.filters.search}</span>
            <Input
              allowClear
              prefix={<SearchIcon size={16} />}
              value={searchDraft}
              onChange={(event) => setSearchDraft(event.target.value)}
              placeholder={L.searchPlaceholder}
              maxLength={200}
            />
          </label>
        </div>

        {failure ? (
          <Alert type="error" showIcon role="alert" message={failure} />
        ) : isInitialLoad ? (
          <div className="transcript-skeleton" aria-busy="true">
            {Array.from({ length: 6 }, (_, i) => (
              <div key={i} className="skeleton-block" />
            ))}
          </div>
        ) : (
          <Table<TranscriptSummary>
            rowKey="TicketId"
            dataSource={rows}
            columns={columns}
            size="middle"
            scroll={{ x: 720 }}
            loading={query.isFetching}
            pagination={false}
            locale={{ emptyText: transcriptMessages.empty }}
          />
        )}

        <nav className="transcript-pager" aria-label="Pagination">
          <span className="transcript-total">{L.total(total)}</span>
          <div className="transcript-pager-controls">
            <Button disabled={state.page <= 1 || isInitialLoad} onClick={() => dispatch({ type: "page", page: state.page - 1, total })}>
              {L.previous}
            </Button>
            <label className="transcript-page-input">
              <span>{L.page}</span>
              <InputNumber<number>
                controls={false}
                value={pageDraft}
                onChange={(value) => setPageDraft(typeof value === "number" ? value : null)}
                onPressEnter={commitPage}
                onBlur={commitPage}
                aria-label={L.page}
                style={{ width: 64 }}
              />
              <span>{L.of(last)}</span>
            </label>
            <Button disabled={state.page >= last || isInitialLoad} onClick={() => dispatch({ type: "page", page: state.page + 1, total })}>
              {L.next}
            </Button>
            <label className="transcript-page-size">
              <span>{transcriptMessages.perPage}</span>
              <Select
                value={state.perPage}
                options={limits.transcriptPageSizes.map((n) => ({ value: n, label: String(n) }))}
                onChange={(value: number) => dispatch({ type: "pageSize", perPage: value })}
                aria-label={transcriptMessages.perPage}
                style={{ width: 84 }}
              />
            </label>
          </div>
        </nav>
      </Card>
      {botKeyMounted && (
        <Suspense fallback={null}>
          <BotKeyDialog guildId={guildId} open={botKeyOpen} onClose={() => setBotKeyOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
