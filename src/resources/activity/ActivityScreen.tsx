import { useCustom, useDataProvider, useList, type HttpError } from "@refinedev/core";
import { Alert, Button } from "antd";
import { useEffect, useEffectEvent, useMemo, useState } from "react";
import { useLocale } from "../../i18n/react";
import { useSpecT, useSpecText, useTr } from "../../i18n/refine";
import { notify } from "../../providers/notifications";
import { activityResponseSchema, type ActivityEntry } from "../../schemas/activity";
import { limits } from "../../schemas/limits";
import { activityMessages } from "../../schemas/messages";
import { DataTable, type DataColumn } from "../../ui/DataTable";
import { Panel, SearchField, SelectField } from "../../ui/blocks";
import { useDraftFollows, useListUrl } from "../../ui/grid/list-url";
import { SavedViews } from "../../ui/grid/SavedViews";
import { PageHeader } from "../../ui/PageHeader";
import { actionLabel } from "./action-labels";
import type { ResourceScreenProps } from "../engine/types";
import { EntryChanges } from "./ChangeView";
import { activityFilters, activityQuery, localDateTime, type ActivityFilters } from "./changes";
import { activityLabels as L } from "./labels";
import { detailOf, localStatusText } from "../../providers/status-text";
import { InvalidAnswerError } from "../../providers/data-provider";
import "./activity.css";

const PAGE_SIZES = [25, 50, 100];

/** Text filters apply after the user pauses typing. */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** A day picked in a date field (YYYY-MM-DD, the reader's zone) as the unix second it starts or ends at; "" → null. */
function dayBound(day: string, edge: "start" | "end"): number | null {
  if (!day) return null;
  const [y, m, d] = day.split("-").map(Number);
  const at = edge === "start" ? new Date(y, m - 1, d, 0, 0, 0) : new Date(y, m - 1, d, 23, 59, 59);
  return Math.floor(at.getTime() / 1000);
}

function downloadText(text: string, filename: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A day of a date field as the URL keeps it (YYYY-MM-DD), or "". */
const dayOf = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : "");

export default function ActivityScreen({ guildId }: ResourceScreenProps) {
  // The filters and the hidden columns live in the URL (?user&action&from&to&hide: a reload, a link and a saved view
  // show the same entries); the page is this visit's.
  const url = useListUrl();
  const range = { from: dayOf(url.params.get("from")), to: dayOf(url.params.get("to")) };
  const user = url.params.get("user") ?? "";
  const action = url.params.get("action") || null;
  const filters = useMemo<ActivityFilters>(
    () => ({ user, action, from: dayBound(range.from, "start"), to: dayBound(range.to, "end") }),
    [user, action, range.from, range.to],
  );
  const [userDraft, setUserDraft] = useState(user);
  const [page, setPageNumber] = useState(1);
  /** The next or previous page is asked for by key (after this page's last entry, before its first): fast however deep. */
  const [cursor, setCursor] = useState<{ before: number } | { after: number } | undefined>(undefined);
  const setPage = (next: number, shown?: { first: number; last: number }) => {
    setCursor(
      !shown ? undefined : next === page + 1 ? { before: shown.last } : next === page - 1 && next > 1 ? { after: shown.first } : undefined,
    );
    setPageNumber(next);
  };
  const [perPage, setPerPage] = useState(PAGE_SIZES[0]!);
  const [refreshing, setRefreshing] = useState(false);
  const [exporting, setExporting] = useState(false);
  const dataProvider = useDataProvider();
  const tr = useTr();
  const spec = useSpecT();
  const specText = useSpecText();
  const locale = useLocale();

  /** 'Error: {message}' (§2), in the current language. */
  const errorMessage = (message: string) => tr("spec.activity.error", activityMessages.error(message), { message });
  /** 'Error: {message}' (§2) with §8's 'Failed to fetch: {statusText}'; the server's own words, if any, below it. */
  const errorText = (error: unknown): { message: string; detail?: string } => {
    const statusText = localStatusText(error, tr);
    const detail = detailOf(error);
    return {
      message: errorMessage(tr("spec.activity.fetchFailed", activityMessages.fetchFailed(statusText), { statusText })),
      detail: detail ? specText(detail) : undefined,
    };
  };
  const exportFailed = tr("activity.export.failed", L.exportFailed);

  // Any filter change (typed, picked, or a view opened) starts again at page 1; the user field follows a view.
  const filtersKey = JSON.stringify(filters);
  const startAgain = useEffectEvent(() => setPage(1));
  useEffect(() => startAgain(), [filtersKey]);
  useDraftFollows(user, setUserDraft);
  const debouncedUser = useDebounced(userDraft, limits.selectSearchDebounceMs);
  // Only a new debounced value applies: clearing the filters must not bring back the value still being debounced.
  const applyDebouncedUser = useEffectEvent((typed: string) => {
    if (typed !== filters.user) url.set({ user: typed });
  });
  useEffect(() => applyDebouncedUser(debouncedUser), [debouncedUser]);

  // The log: pages and filters on the server (the declaration maps them onto the route's query).
  const { query } = useList<ActivityEntry, HttpError>({
    resource: "activity",
    meta: { guildId },
    pagination: { mode: "server", currentPage: page, pageSize: perPage },
    filters: activityFilters(filters, cursor),
    errorNotification: false,
    queryOptions: { placeholderData: (previous) => previous },
  });
  // The Action filter's choices: a lookup of the names the log holds, not a list of records (useCustom).
  const { query: actionsQuery } = useCustom<{ actions?: string[] }, HttpError>({
    url: `/${guildId}/activity/actions`,
    method: "get",
    errorNotification: false,
  });

  // The whole answer is checked, as the contract shapes it: the entries and their total beside them.
  const parsed = useMemo(
    () => (query.data ? activityResponseSchema.safeParse({ ...query.data, activity: query.data.data }) : undefined),
    [query.data],
  );
  const rows = parsed?.success ? parsed.data.activity : [];
  const total = parsed?.success ? (parsed.data.total ?? rows.length) : 0;

  const refresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all([query.refetch(), actionsQuery.refetch()]);
    } finally {
      setRefreshing(false);
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const getCsv = dataProvider().custom;
      if (!getCsv) throw new Error(exportFailed);
      const { data } = await getCsv({
        url: `/${guildId}/activity.csv`,
        method: "get",
        query: activityQuery(filters),
        headers: { Accept: "text/csv" },
      });
      const text = typeof data === "string" ? data : "";
      // The UTF-8 mark lets spreadsheet programs read non-ASCII names correctly.
      downloadText(text.startsWith("\ufeff") ? text : `\ufeff${text}`, `activity-${guildId}.csv`, "text/csv;charset=utf-8");
    } catch (error) {
      notify({ type: "error", message: exportFailed, description: error instanceof Error ? error.message : undefined });
    } finally {
      setExporting(false);
    }
  };

  const columns: DataColumn<ActivityEntry>[] = [
    {
      key: "id",
      dataIndex: "ActivityId",
      title: tr("activity.columns.id", L.columns.id),
      width: 90,
      render: (id: number) => <span className="cell-mono">{id}</span>,
    },
    {
      key: "action",
      dataIndex: "Action",
      title: tr("activity.columns.action", L.columns.action),
      width: 200,
      render: (action: string) => actionLabel(tr, action),
    },
    {
      key: "timestamp",
      dataIndex: "Timestamp",
      title: tr("activity.columns.timestamp", L.columns.timestamp),
      width: 210,
      render: (ts: number) => <time dateTime={new Date(ts * 1000).toISOString()}>{localDateTime(ts, locale)}</time>,
    },
    {
      key: "user",
      title: tr("activity.columns.user", L.columns.user),
      render: (_: unknown, entry: ActivityEntry) => (
        <span className="activity-user">
          {entry.Avatar ? (
            <img className="activity-avatar" src={entry.Avatar} alt="" width={28} height={28} />
          ) : (
            <span className="activity-avatar" aria-hidden="true">
              {entry.Username.slice(0, 1).toUpperCase()}
            </span>
          )}
          <span className="activity-username" title={entry.UserId}>
            {entry.Username}
          </span>
        </span>
      ),
    },
    {
      key: "ip",
      dataIndex: "IpAddress",
      title: tr("activity.columns.ip", L.columns.ip),
      width: 160,
      render: (ip: string) => <span className="cell-mono">{ip}</span>,
    },
  ];

  const anyFilter = Boolean(filters.user || userDraft || filters.action || filters.from !== null || filters.to !== null);
  const isInitialLoad = query.isLoading && !query.data;
  const failure = query.isError
    ? query.error instanceof InvalidAnswerError
      ? { message: errorMessage(specText(activityMessages.invalidResponse)) }
      : errorText(query.error)
    : parsed && !parsed.success
      ? { message: errorMessage(spec(activityMessages, "invalidResponse")) }
      : null;

  return (
    <div className="page">
      <PageHeader
        title={tr("activity.title", L.title)}
        extra={
          <div className="activity-actions">
            <Button onClick={exportCsv} loading={exporting} disabled={isInitialLoad || Boolean(failure)}>
              {exporting ? tr("activity.export.pending", L.exporting) : tr("activity.export.button", L.exportCsv)}
            </Button>
            <Button type="primary" onClick={refresh} disabled={refreshing}>
              {refreshing ? spec(activityMessages, "refreshing") : spec(activityMessages, "refresh")}
            </Button>
          </div>
        }
      />
      <Panel className="activity-card">
        <div className="activity-filters" role="search">
          <div className="activity-filter-user">
            <SearchField
              placeholder={tr("activity.filters.userPlaceholder", L.userPlaceholder)}
              label={tr("activity.filters.user", L.userFilter)}
              value={userDraft}
              onChange={setUserDraft}
            />
          </div>
          <SelectField
            className="activity-filter-action"
            label={tr("activity.filters.action", L.actionFilter)}
            value={filters.action ?? ""}
            options={[
              { value: "", label: tr("activity.filters.actionPlaceholder", L.actionPlaceholder) },
              ...(actionsQuery.data?.data.actions ?? []).map((a) => ({ value: a, label: actionLabel(tr, a) })),
            ]}
            onChange={(value) => url.set({ action: value })}
          />
          <div className="activity-filter-range" role="group" aria-label={tr("activity.filters.dateRange", L.dateFilter)}>
            {(["from", "to"] as const).map((end) => (
              <input
                key={end}
                type="date"
                className="text-field"
                aria-label={end === "from" ? tr("activity.filters.from", "From") : tr("activity.filters.to", "To")}
                value={range[end]}
                max={end === "from" ? range.to || undefined : undefined}
                min={end === "to" ? range.from || undefined : undefined}
                onChange={(event) => url.set({ [end]: event.target.value })}
              />
            ))}
          </div>
          {anyFilter && (
            <Button
              type="link"
              onClick={() => {
                setUserDraft("");
                url.set({ user: undefined, action: undefined, from: undefined, to: undefined });
              }}
            >
              {tr("activity.filters.clear", L.clearFilters)}
            </Button>
          )}
        </div>

        {failure ? (
          <Alert type="error" showIcon role="alert" message={failure.message} description={failure.detail} />
        ) : isInitialLoad ? (
          <div className="activity-loading" role="status" aria-live="polite">
            <p>{spec(activityMessages, "loading")}</p>
            {Array.from({ length: 5 }, (_, i) => (
              <div key={i} className="skeleton-block activity-skeleton-row" />
            ))}
          </div>
        ) : (
          <DataTable<ActivityEntry>
            tools={<SavedViews guildId={guildId} list="activity" />}
            rowKey="ActivityId"
            dataSource={rows}
            columns={columns}
            minWidth={860}
            loading={query.isFetching && !refreshing}
            emptyText={spec(activityMessages, "empty")}
            columnChooser
            hiddenColumns={url.hidden}
            onHiddenColumnsChange={url.setHidden}
            expandable={{
              expandedRowRender: (entry) => <EntryChanges guildId={guildId} entry={entry} />,
              rowExpandable: (entry) => entry.Before !== undefined || entry.After !== undefined || entry.ChangesOmitted === true,
              label: tr("activity.showChanges", L.showChanges),
            }}
            pagination={{
              current: page,
              pageSize: perPage,
              total,
              pageSizeOptions: PAGE_SIZES,
              showTotal: (n) => (n === 1 ? tr("activity.totalOne", L.total(n), { n }) : tr("activity.totalOther", L.total(n), { n })),
              hideOnSinglePage: false,
              onChange: (nextPage, nextSize) => {
                if (nextSize !== perPage) {
                  setPerPage(nextSize);
                  setPage(1);
                } else {
                  setPage(nextPage, rows.length ? { first: rows[0].ActivityId, last: rows[rows.length - 1].ActivityId } : undefined);
                }
              },
            }}
          />
        )}
      </Panel>
    </div>
  );
}
