import { useCustom, useDataProvider, type HttpError } from "@refinedev/core";
import { Alert, Avatar, Button, Card, DatePicker, Input, Select, Table, Tooltip, type TableColumnsType } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useLocale } from "../../i18n/react";
import { useSpecText, useTr } from "../../i18n/refine";
import { notify } from "../../providers/notifications";
import { activityResponseSchema, type ActivityEntry } from "../../schemas/activity";
import { limits } from "../../schemas/limits";
import { activityMessages } from "../../schemas/messages";
import { ChevronIcon, SearchIcon } from "../../shell/icons";
import { PageHeader } from "../engine/PageHeader";
import { dateLocale } from "../engine/RelativeTime";
import { actionLabel } from "./action-labels";
import type { ResourceScreenProps } from "../types";
import { EntryChanges } from "./ChangeView";
import { activityQuery, emptyActivityFilters, localDateTime, type ActivityFilters } from "./changes";
import { activityLabels as L } from "./labels";
import { detailOf, localStatusText } from "../../providers/status-text";
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

export default function ActivityScreen({ guildId }: ResourceScreenProps) {
  const [userDraft, setUserDraft] = useState("");
  const [filters, setFilters] = useState<ActivityFilters>(emptyActivityFilters);
  const [page, setPageNumber] = useState(1);
  /** The next or previous page is asked for by key (after this page's last entry, before its first): fast however deep. */
  const [cursor, setCursor] = useState<{ before: number } | { after: number } | undefined>(undefined);
  const setPage = (next: number, shown?: { first: number; last: number }) => {
    setCursor(!shown ? undefined : next === page + 1 ? { before: shown.last } : next === page - 1 && next > 1 ? { after: shown.first } : undefined);
    setPageNumber(next);
  };
  const [perPage, setPerPage] = useState(PAGE_SIZES[0]!);
  const [refreshing, setRefreshing] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [rangeKey, setRangeKey] = useState(0);
  const dataProvider = useDataProvider();
  const tr = useTr();
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

  // Any filter change starts again at page 1.
  const updateFilters = (patch: Partial<ActivityFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const debouncedUser = useDebounced(userDraft, limits.selectSearchDebounceMs);
  useEffect(() => {
    if (debouncedUser !== filters.user) updateFilters({ user: debouncedUser });
  }, [debouncedUser]);

  const { query } = useCustom<Record<string, unknown>, HttpError>({
    url: `/${guildId}/activity`,
    method: "get",
    config: { query: { ...activityQuery(filters, page, perPage), ...cursor } },
    errorNotification: false,
    queryOptions: { placeholderData: (previous) => previous },
  });
  const { query: actionsQuery } = useCustom<{ actions?: string[] }, HttpError>({
    url: `/${guildId}/activity/actions`,
    method: "get",
    errorNotification: false,
  });

  const parsed = useMemo(() => (query.data ? activityResponseSchema.safeParse(query.data.data) : undefined), [query.data]);
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
      const { data } = await getCsv({ url: `/${guildId}/activity.csv`, method: "get", query: activityQuery(filters), headers: { Accept: "text/csv" } });
      const text = typeof data === "string" ? data : "";
      // The UTF-8 mark lets spreadsheet programs read non-ASCII names correctly.
      downloadText(text.startsWith("\ufeff") ? text : `\ufeff${text}`, `activity-${guildId}.csv`, "text/csv;charset=utf-8");
    } catch (error) {
      notify({ type: "error", message: exportFailed, description: error instanceof Error ? error.message : undefined });
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumnsType<ActivityEntry> = [
    { key: "id", dataIndex: "ActivityId", title: tr("activity.columns.id", L.columns.id), width: 90, render: (id: number) => <span className="cell-mono">{id}</span> },
    { key: "action", dataIndex: "Action", title: tr("activity.columns.action", L.columns.action), width: 200, render: (action: string) => actionLabel(tr, action) },
    {
      key: "timestamp",
      dataIndex: "Timestamp",
      title: tr("activity.columns.timestamp", L.columns.timestamp),
      width: 210,
      render: (ts: number) => <time dateTime={new Date(ts * 1000).toISOString()}>{localDateTime(ts, dateLocale(locale))}</time>,
    },
    {
      key: "user",
      title: tr("activity.columns.user", L.columns.user),
      render: (_: unknown, entry) => (
        <span className="activity-user">
          <Avatar size={28} src={entry.Avatar || undefined} alt="">
            {entry.Username.slice(0, 1).toUpperCase()}
          </Avatar>
          <Tooltip title={entry.UserId} mouseEnterDelay={0.7}>
            <span className="activity-username">{entry.Username}</span>
          </Tooltip>
        </span>
      ),
    },
    { key: "ip", dataIndex: "IpAddress", title: tr("activity.columns.ip", L.columns.ip), width: 160, render: (ip: string) => <span className="cell-mono">{ip}</span> },
  ];

  const anyFilter = Boolean(filters.user || userDraft || filters.action || filters.from !== null || filters.to !== null);
  const isInitialLoad = query.isLoading && !query.data;
  const failure = query.isError
    ? errorText(query.error)
    : parsed && !parsed.success
      ? { message: errorMessage(specText(activityMessages.invalidResponse)) }
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
              {refreshing ? specText(activityMessages.refreshing) : specText(activityMessages.refresh)}
            </Button>
          </div>
        }
      />
      <Card className="list-card activity-card">
        <div className="activity-filters" role="search">
          <Input
            allowClear
            className="activity-filter-user"
            prefix={<SearchIcon size={16} />}
            placeholder={tr("activity.filters.userPlaceholder", L.userPlaceholder)}
            aria-label={tr("activity.filters.user", L.userFilter)}
            value={userDraft}
            onChange={(event) => setUserDraft(event.target.value)}
          />
          <Select
            allowClear
            showSearch
            className="activity-filter-action"
            placeholder={tr("activity.filters.actionPlaceholder", L.actionPlaceholder)}
            aria-label={tr("activity.filters.action", L.actionFilter)}
            optionFilterProp="label"
            value={filters.action ?? undefined}
            loading={actionsQuery.isLoading}
            options={(actionsQuery.data?.data.actions ?? []).map((a) => ({ value: a, label: actionLabel(tr, a) }))}
            onChange={(value?: string) => updateFilters({ action: value ?? null })}
          />
          <DatePicker.RangePicker
            key={rangeKey}
            className="activity-filter-range"
            aria-label={tr("activity.filters.dateRange", L.dateFilter)}
            allowEmpty={[true, true]}
            onChange={(dates) =>
              updateFilters({
                from: dates?.[0] ? dates[0].startOf("day").unix() : null,
                to: dates?.[1] ? dates[1].endOf("day").unix() : null,
              })
            }
          />
          {anyFilter && (
            <Button
              type="link"
              onClick={() => {
                setUserDraft("");
                updateFilters(emptyActivityFilters);
                setRangeKey((k) => k + 1);
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
            <p>{specText(activityMessages.loading)}</p>
            {Array.from({ length: 5 }, (_, i) => (
              <div key={i} className="skeleton-block activity-skeleton-row" />
            ))}
          </div>
        ) : (
          <Table<ActivityEntry>
            rowKey="ActivityId"
            dataSource={rows}
            columns={columns}
            size="middle"
            scroll={{ x: "max-content" }}
            loading={query.isFetching && !refreshing}
            locale={{ emptyText: specText(activityMessages.empty) }}
            expandable={{
              // A fixed column keeps the expanded details within the visible width on narrow screens.
              fixed: "left",
              expandedRowRender: (entry) => <EntryChanges guildId={guildId} entry={entry} />,
              rowExpandable: (entry) => entry.Before !== undefined || entry.After !== undefined || entry.ChangesOmitted === true,
              expandIcon: ({ expanded, onExpand, record, expandable }) =>
                expandable ? (
                  <Button
                    type="text"
                    size="small"
                    aria-label={tr("activity.showChanges", L.showChanges)}
                    aria-expanded={expanded}
                    className={expanded ? "activity-expand activity-expand-open" : "activity-expand"}
                    icon={<ChevronIcon size={16} />}
                    onClick={(event) => onExpand(record, event)}
                  />
                ) : null,
            }}
            pagination={{
              current: page,
              pageSize: perPage,
              total,
              showSizeChanger: true,
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
      </Card>
    </div>
  );
}
