import { useCan, useCustom, useList, type HttpError } from "@refinedev/core";
import { Alert, Button } from "antd";
import { lazy, Suspense, useEffect, useMemo, useReducer, useState } from "react";
import { useNavigate } from "react-router";
import { useSpecT, useSpecText, useTr } from "../../i18n/refine";
import { limits } from "../../schemas/limits";
import { frameMessages, transcriptMessages } from "../../schemas/messages";
import {
  closeReasonLabel,
  ratingLabel,
  transcriptListResponseSchema,
  transcriptSortFields,
  type TranscriptSummary,
} from "../../schemas/transcript";
import { DataTable, type DataColumn, type DataSelection } from "../../ui/DataTable";
import { useTranscriptBulk } from "./TranscriptBulk";
import { Panel, SearchField, SelectField } from "../../ui/blocks";
import { useDraftFollows, useListUrl } from "../../ui/grid/list-url";
import { SavedViews } from "../../ui/grid/SavedViews";
import { PageHeader } from "../../ui/PageHeader";
import type { ResourceScreenProps } from "../engine/types";
import { transcriptLabels as L } from "./labels";
import {
  filtersOfUrl,
  initialListState,
  urlOfFilters,
  lastPage,
  toListParams,
  withFilters,
  withPage,
  withPageSize,
  type TranscriptFilters,
  type TranscriptListState,
} from "./list-state";
import { detailOf, localStatusText } from "../../providers/status-text";
import { InvalidAnswerError } from "../../providers/data-provider";

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
        void navigate(to);
      }}
    >
      {tr("transcripts.view", L.view)}
    </Button>
  );
}

export function TranscriptList({ guildId }: ResourceScreenProps) {
  const tr = useTr();
  const spec = useSpecT();
  const specText = useSpecText();
  // The filters, the sort and the hidden columns live in the URL (a reload, a link and a saved view show the same
  // rows); the page is this visit's.
  const url = useListUrl();
  const urlFilters = filtersOfUrl(url.params);
  const urlKey = JSON.stringify(urlFilters);
  const sort = url.sortOf(transcriptSortFields);
  const [state, dispatch] = useReducer(reducer, undefined, () => withFilters(initialListState, urlFilters));
  const navigate = useNavigate();
  const [ticketDraft, setTicketDraft] = useState<number | null>(urlFilters.ticketId);
  const [usernameDraft, setUsernameDraft] = useState(urlFilters.username);
  const [searchDraft, setSearchDraft] = useState(urlFilters.q);
  const [pageDraft, setPageDraft] = useState<number | null>(state.page);
  const [botKeyOpen, setBotKeyOpen] = useState(false);
  const [botKeyMounted, setBotKeyMounted] = useState(false);

  // Compared by value (a text), so the pause ends once and the URL is written once per change.
  const typed = JSON.stringify({ ticketId: ticketDraft, username: usernameDraft, q: searchDraft });
  const debounced = useDebounced(typed, limits.selectSearchDebounceMs);
  useEffect(() => url.set(urlOfFilters(JSON.parse(debounced) as TranscriptFilters)), [debounced]); // eslint-disable-line react-hooks/exhaustive-deps -- url.set is new each render
  // The URL's filters (typed, picked, or a view opened) are the list's; the typing fields follow a view.
  useEffect(() => dispatch({ type: "filters", patch: urlFilters }), [urlKey]); // eslint-disable-line react-hooks/exhaustive-deps -- urlKey is the filters' value
  useDraftFollows(urlFilters.ticketId, setTicketDraft);
  useDraftFollows(urlFilters.username, setUsernameDraft);
  useDraftFollows(urlFilters.q, setSearchDraft);
  useEffect(() => setPageDraft(state.page), [state.page]);

  // The list: pages, filters and the order on the server (the declaration maps them onto the route's query).
  const { query } = useList<TranscriptSummary, HttpError>({
    resource: "transcripts",
    meta: { guildId },
    ...toListParams(state),
    sorters: sort ? [sort] : [],
    errorNotification: false,
    queryOptions: { placeholderData: (previous) => previous },
  });
  // The Ticket Type filter's choices: a lookup of panel names, not a list of records (useCustom).
  const { query: panelsQuery } = useCustom<{ panels?: string[] }, HttpError>({
    url: `/${guildId}/transcript-panels`,
    method: "get",
    errorNotification: false,
  });
  const canEditSettings = useCan({ resource: "settings", action: "edit", params: { guildId } });
  // Selected transcripts and the bulk bar's actions on them (./TranscriptBulk.tsx); a delete empties the selection.
  const [selection, setSelection] = useState<DataSelection>({ keys: new Set(), allMatching: false });
  const bulkActions = useTranscriptBulk(guildId, () => setSelection({ keys: new Set(), allMatching: false }));

  // The whole answer is checked, as the contract shapes it: the list and its total, page and per_page beside it.
  const parsed = useMemo(
    () => (query.data ? transcriptListResponseSchema.safeParse({ ...query.data, transcripts: query.data.data }) : undefined),
    [query.data],
  );
  const rows = parsed?.success ? parsed.data.transcripts : [];
  // What this page shows, for Previous/Next to ask for the adjacent page by key.
  const shown = rows.length ? { first: rows[0].TicketId, last: rows[rows.length - 1].TicketId } : undefined;
  const total = parsed?.success ? parsed.data.total : 0;
  const last = lastPage(total, state.perPage);

  // 'Failed to fetch transcripts: {statusText} {error}' (§8), in the current language.
  const fetchListFailed = (statusText: string, error: string) =>
    tr("spec.transcript.fetchListFailed", transcriptMessages.fetchListFailed(statusText, error), { statusText, error }).trim();
  const failure = query.isError
    ? query.error instanceof InvalidAnswerError
      ? fetchListFailed("", specText(frameMessages.unknownError))
      : fetchListFailed(localStatusText(query.error, tr), specText(detailOf(query.error)))
    : parsed && !parsed.success
      ? fetchListFailed("", spec(frameMessages, "unknownError"))
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

  const columns: DataColumn<TranscriptSummary>[] = [
    {
      key: "ticket",
      dataIndex: "TicketId",
      title: tr("transcripts.columns.ticketId", L.columns.ticketId),
      width: 110,
      render: (id: number) => <span className="cell-mono">{id}</span>,
    },
    { key: "username", dataIndex: "AuthorUsername", title: tr("transcripts.columns.username", L.columns.username), ellipsis: true },
    {
      key: "rating",
      dataIndex: "Rating",
      title: tr("transcripts.columns.rating", L.columns.rating),
      width: 180,
      sortable: true,
      render: (r: number | null, t: TranscriptSummary) => (
        <>
          <span className={r === null ? "transcript-na" : "transcript-rating"}>
            {r === null ? spec(transcriptMessages, "notApplicable") : ratingLabel(r)}
          </span>
          {/* The comment the member left with the stars. */}
          {t.RatingComment ? (
            <div className="transcript-rating-comment" title={t.RatingComment}>
              “{t.RatingComment}”
            </div>
          ) : null}
        </>
      ),
    },
    {
      key: "panel",
      dataIndex: "PanelName",
      title: tr("transcripts.columns.panel", L.columns.panel),
      render: (name: string) =>
        name === "Unknown" ? <span className="transcript-na">{spec(transcriptMessages, "deletedPanel")}</span> : name,
    },
    {
      key: "reason",
      dataIndex: "CloseReason",
      title: tr("transcripts.columns.closeReason", L.columns.closeReason),
      ellipsis: true,
      render: (reason: string | null) => (
        <span className={reason?.trim() ? undefined : "transcript-na"}>
          {reason?.trim() ? closeReasonLabel(reason) : spec(transcriptMessages, "noReason")}
        </span>
      ),
    },
    {
      key: "actions",
      title: tr("transcripts.columns.actions", L.columns.actions),
      width: 90,
      align: "right",
      stickyEnd: true,
      render: (_: unknown, t: TranscriptSummary) => (
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
      <Panel className="transcripts-card">
        <div className="transcript-filters" role="search">
          <label className="transcript-filter">
            <span>{tr("transcripts.filters.ticketId", L.filters.ticketId)}</span>
            <input
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              value={ticketDraft ?? ""}
              onChange={(event) => {
                const value = event.target.value === "" ? NaN : Math.floor(Number(event.target.value));
                setTicketDraft(Number.isFinite(value) && value >= 0 ? value : null);
              }}
              className="text-field transcript-filter-ticket"
              placeholder="1234"
              aria-label={tr("transcripts.filters.ticketId", L.filters.ticketId)}
            />
          </label>
          <label className="transcript-filter">
            <span>{tr("transcripts.filters.username", L.filters.username)}</span>
            <input
              type="text"
              className="text-field"
              value={usernameDraft}
              onChange={(event) => setUsernameDraft(event.target.value)}
              placeholder={tr("transcripts.filters.usernamePlaceholder", "username")}
            />
          </label>
          <label className="transcript-filter">
            <span>{tr("transcripts.filters.ticketType", L.filters.ticketType)}</span>
            <SelectField
              value={state.filters.panel ?? ""}
              options={[
                { value: "", label: tr("transcripts.filters.anyTicketType", L.anyTicketType) },
                ...(panelsQuery.data?.data.panels ?? []).map((name) => ({
                  value: name,
                  label: name === "Unknown" ? spec(transcriptMessages, "deletedPanel") : name,
                })),
              ]}
              onChange={(value) => url.set({ panel: value })}
              className="transcript-filter-panel"
              label={tr("transcripts.filters.ticketType", L.filters.ticketType)}
            />
          </label>
          <div className="transcript-filter transcript-filter-wide">
            <span>{tr("transcripts.filters.search", L.filters.search)}</span>
            <SearchField
              value={searchDraft}
              onChange={setSearchDraft}
              label={tr("transcripts.filters.search", L.filters.search)}
              placeholder={tr("transcripts.filters.searchPlaceholder", L.searchPlaceholder)}
              maxLength={200}
            />
          </div>
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
          <DataTable<TranscriptSummary>
            tools={<SavedViews guildId={guildId} list="transcripts" />}
            rowKey="TicketId"
            dataSource={rows}
            columns={columns}
            minWidth={720}
            loading={query.isFetching}
            emptyText={spec(transcriptMessages, "empty")}
            sort={sort}
            onSortChange={(next) => {
              url.setSort(next);
              dispatch({ type: "page", page: 1, total });
            }}
            columnChooser
            hiddenColumns={url.hidden}
            onHiddenColumnsChange={url.setHidden}
            selection={selection}
            onSelectionChange={setSelection}
            bulkActions={bulkActions}
            onOpen={(t) => void navigate(`/${guildId}/transcripts/${t.TicketId}`)}
          />
        )}

        <nav className="transcript-pager" aria-label={tr("transcripts.pager.label", "Pagination")}>
          <span className="transcript-total">
            {total === 1
              ? tr("transcripts.pager.totalOne", L.total(total), { n: total })
              : tr("transcripts.pager.totalOther", L.total(total), { n: total })}
          </span>
          <div className="transcript-pager-controls">
            <Button
              disabled={state.page <= 1 || isInitialLoad}
              onClick={() => dispatch({ type: "page", page: state.page - 1, total, shown })}
            >
              {tr("transcripts.pager.previous", L.previous)}
            </Button>
            <label className="transcript-page-input">
              <span>{tr("transcripts.pager.page", L.page)}</span>
              <input
                type="number"
                className="text-field transcript-page-number"
                inputMode="numeric"
                value={pageDraft ?? ""}
                onChange={(event) => setPageDraft(event.target.value === "" ? null : Number(event.target.value))}
                onKeyDown={(event) => {
                  if (event.key === "Enter") commitPage();
                }}
                onBlur={commitPage}
                aria-label={tr("transcripts.pager.page", L.page)}
              />
              <span>{tr("transcripts.pager.of", L.of(last), { last })}</span>
            </label>
            <Button
              disabled={state.page >= last || isInitialLoad}
              onClick={() => dispatch({ type: "page", page: state.page + 1, total, shown })}
            >
              {tr("transcripts.pager.next", L.next)}
            </Button>
            <label className="transcript-page-size">
              <span>{spec(transcriptMessages, "perPage")}</span>
              <SelectField
                value={String(state.perPage)}
                options={limits.transcriptPageSizes.map((n) => ({ value: String(n), label: String(n) }))}
                onChange={(value) => dispatch({ type: "pageSize", perPage: Number(value) })}
                label={spec(transcriptMessages, "perPage")}
              />
            </label>
          </div>
        </nav>
      </Panel>
      {botKeyMounted && (
        <Suspense fallback={null}>
          <BotKeyDialog guildId={guildId} open={botKeyOpen} onClose={() => setBotKeyOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
