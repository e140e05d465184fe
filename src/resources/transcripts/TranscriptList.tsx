import { useCan, useCustom, type HttpError } from "@refinedev/core";
import { Alert, Button, Card, Input, InputNumber, Select, Table, type TableColumnsType } from "antd";
import { lazy, Suspense, useEffect, useMemo, useReducer, useState } from "react";
import { useNavigate } from "react-router";
import { useSpecText, useTr } from "../../i18n/refine";
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
import { detailOf, localStatusText } from "../../providers/status-text";

const BotKeyDialog = lazy(() => import("./BotKeyDialog"));

type Action =
  | { type: "filters"; patch: Partial<TranscriptFilters> }
  | { type: "pageSize"; perPage: number }
  | { type: "page"; page: number; total: number; shown?: { first: number; last: number } };

function reducer(state: TranscriptListState, action: Action): TranscriptListState {
  switch (action.type) {
    case "filters":
      return withFilters(state, action.patch);
    case "pageSize":
      return withPageSize(state, action.perPage);
    case "page":
      return withPage(state, action.page, action.total, action.shown);
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
  const tr = useTr();
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
      {tr("transcripts.view", L.view)}
    </Button>
  );
}

export function TranscriptList({ guildId }: ResourceScreenProps) {
  const tr = useTr();
  const specText = useSpecText();
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
  // What this page shows, for Previous/Next to ask for the adjacent page by key.
  const shown = rows.length ? { first: rows[0].TicketId, last: rows[rows.length - 1].TicketId } : undefined;
  const total = parsed?.success ? parsed.data.total : 0;
  const last = lastPage(total, state.perPage);

  // 'Failed to fetch transcripts: {statusText} {error}' (§8), in the current language.
  const fetchListFailed = (statusText: string, error: string) =>
    tr("spec.transcript.fetchListFailed", transcriptMessages.fetchListFailed(statusText, error), { statusText, error }).trim();
  const failure = query.isError
    ? fetchListFailed(localStatusText(query.error, tr), specText(detailOf(query.error)))
    : parsed && !parsed.success
      ? fetchListFailed("", specText(frameMessages.unknownError))
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
    { key: "ticket", dataIndex: "TicketId", title: tr("transcripts.columns.ticketId", L.columns.ticketId), width: 110, render: (id: number) => <span className="cell-mono">{id}</span> },
    { key: "username", dataIndex: "AuthorUsername", title: tr("transcripts.columns.username", L.columns.username), ellipsis: true },
    { key: "rating", dataIndex: "Rating", title: tr("transcripts.columns.rating", L.columns.rating), width: 100, render: (r: number | null) => <span className={r === null ? "transcript-na" : "transcript-rating"}>{specText(ratingLabel(r))}</span> },
    { key: "panel", dataIndex: "PanelName", title: tr("transcripts.columns.panel", L.columns.panel), render: (name: string) => (name === "Unknown" ? <span className="transcript-na">{specText(panelLabel(name))}</span> : name) },
    {
      key: "reason",
      dataIndex: "CloseReason",
      title: tr("transcripts.columns.closeReason", L.columns.closeReason),
      ellipsis: true,
      render: (reason: string | null) => <span className={reason?.trim() ? undefined : "transcript-na"}>{reason?.trim() ? closeReasonLabel(reason) : specText(closeReasonLabel(reason))}</span>,
    },
    {
      key: "actions",
      title: tr("transcripts.columns.actions", L.columns.actions),
      width: 90,
      align: "right",
      fixed: "right",
      render: (_: unknown, t) => (
        <ViewButton
          to={`/${guildId}/transcripts/${t.TicketId}`}
          label={`${tr("transcripts.view", L.view)} ${tr("transcripts.viewTitle", L.viewTitle(String(t.TicketId)), { id: t.TicketId })}`}
        />
      ),
    },
  ];

  return (
    <div className="page">
      <PageHeader
        title={tr("transcripts.title", L.title)}
        extra={
          canEditSettings.data?.can ? (
            <Button
              onClick={() => {
                setBotKeyMounted(true);
                setBotKeyOpen(true);
              }}
            >
              {tr("transcripts.botKey.button", L.botKey.button)}
            </Button>
          ) : null
        }
      />
      <Card className="list-card transcripts-card">
        <div className="transcript-filters" role="search">
          <label className="transcript-filter">
            <span>{tr("transcripts.filters.ticketId", L.filters.ticketId)}</span>
            <InputNumber<number>
              min={0}
              precision={0}
              value={ticketDraft}
              onChange={(value) => setTicketDraft(typeof value === "number" && value >= 0 ? value : null)}
              className="transcript-filter-ticket"
              placeholder="1234"
              aria-label={tr("transcripts.filters.ticketId", L.filters.ticketId)}
            />
          </label>
          <label className="transcript-filter">
            <span>{tr("transcripts.filters.username", L.filters.username)}</span>
            <Input
              allowClear
              value={usernameDraft}
              onChange={(event) => setUsernameDraft(event.target.value)}
              placeholder={tr("transcripts.filters.usernamePlaceholder", "username")}
            />
          </label>
          <label className="transcript-filter">
            <span>{tr("transcripts.filters.ticketType", L.filters.ticketType)}</span>
            <Select
              allowClear
              value={state.filters.panel ?? undefined}
              placeholder={tr("transcripts.filters.anyTicketType", L.anyTicketType)}
              loading={panelsQuery.isLoading}
              options={(panelsQuery.data?.data.panels ?? []).map((name) => ({ value: name, label: name === "Unknown" ? specText(panelLabel(name)) : name }))}
              onChange={(value?: string) => dispatch({ type: "filters", patch: { panel: value ?? null } })}
              className="transcript-filter-panel"
              aria-label={tr("transcripts.filters.ticketType", L.filters.ticketType)}
            />
          </label>
          <label className="transcript-filter transcript-filter-wide">
            <span>{tr("transcripts.filters.search", L.filters.search)}</span>
            <Input
              allowClear
              prefix={<SearchIcon size={16} />}
              value={searchDraft}
              onChange={(event) => setSearchDraft(event.target.value)}
              placeholder={tr("transcripts.filters.searchPlaceholder", L.searchPlaceholder)}
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
            locale={{ emptyText: specText(transcriptMessages.empty) }}
          />
        )}

        <nav className="transcript-pager" aria-label={tr("transcripts.pager.label", "Pagination")}>
          <span className="transcript-total">
            {total === 1
              ? tr("transcripts.pager.totalOne", L.total(total), { n: total })
              : tr("transcripts.pager.totalOther", L.total(total), { n: total })}
          </span>
          <div className="transcript-pager-controls">
            <Button disabled={state.page <= 1 || isInitialLoad} onClick={() => dispatch({ type: "page", page: state.page - 1, total, shown })}>
              {tr("transcripts.pager.previous", L.previous)}
            </Button>
            <label className="transcript-page-input">
              <span>{tr("transcripts.pager.page", L.page)}</span>
              <InputNumber<number>
                controls={false}
                value={pageDraft}
                onChange={(value) => setPageDraft(typeof value === "number" ? value : null)}
                onPressEnter={commitPage}
                onBlur={commitPage}
                aria-label={tr("transcripts.pager.page", L.page)}
                style={{ width: 64 }}
              />
              <span>{tr("transcripts.pager.of", L.of(last), { last })}</span>
            </label>
            <Button disabled={state.page >= last || isInitialLoad} onClick={() => dispatch({ type: "page", page: state.page + 1, total, shown })}>
              {tr("transcripts.pager.next", L.next)}
            </Button>
            <label className="transcript-page-size">
              <span>{specText(transcriptMessages.perPage)}</span>
              <Select
                value={state.perPage}
                options={limits.transcriptPageSizes.map((n) => ({ value: n, label: String(n) }))}
                onChange={(value: number) => dispatch({ type: "pageSize", perPage: value })}
                aria-label={specText(transcriptMessages.perPage)}
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
