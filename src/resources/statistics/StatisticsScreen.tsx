import { Alert, Segmented } from "antd";
import { lazy, Suspense, useState } from "react";
import { formatDay } from "../../i18n/format";
import { useLocale } from "../../i18n/react";
import { useTr } from "../../i18n/refine";
import { DataTable } from "../../ui/DataTable";
import { Panel } from "../../ui/blocks";
import { PageHeader } from "../../ui/PageHeader";
import type { ResourceScreenProps } from "../engine/types";
import { DayChart } from "./DayChart";
import { PriorityPanel } from "./PriorityPanel";
import { SuggestionsPanel } from "./SuggestionsPanel";
import { WaitingPanel } from "./WaitingPanel";
import { formatDuration, lastDays } from "../engine/ticket-statistics-format";
import { useGuildNow } from "../engine/guild-clock";
import { useStatistics } from "../engine/use-statistics";
import "./statistics.css";

// The date picker (rc-picker and dayjs) loads when "Custom" is chosen, not with the screen.
const RangePicker = lazy(() => import("./RangePicker"));

// Ticket statistics over a date range in the reader's time zone (GET /{guildId}/statistics, computed in SQL).

type Preset = "7" | "30" | "90" | "custom";

export default function StatisticsScreen({ guildId }: ResourceScreenProps) {
  const tr = useTr();
  const locale = useLocale();
  const [preset, setPreset] = useState<Preset>("30");
  // The last days of the server's clock (the demo's, after a skip ahead; else the browser's).
  const today = new Date(useGuildNow(guildId));
  const [custom, setCustom] = useState<{ from: string; to: string }>(lastDays(30, today));
  const range = preset === "custom" ? custom : lastDays(Number(preset), today);
  const { data, error } = useStatistics(guildId, range);
  const average = data?.ratings.average;

  return (
    <div className="stats-screen">
      <PageHeader
        title={tr("statistics.title", "Statistics")}
        extra={
          <div className="stats-range">
            <Segmented<Preset>
              aria-label={tr("statistics.range", "Range")}
              value={preset}
              onChange={setPreset}
              options={[
                { value: "7", label: tr("statistics.last7", "7 days") },
                { value: "30", label: tr("statistics.last30", "30 days") },
                { value: "90", label: tr("statistics.last90", "90 days") },
                { value: "custom", label: tr("statistics.custom", "Custom") },
              ]}
            />
            {preset === "custom" && (
              <Suspense fallback={null}>
                <RangePicker label={tr("statistics.dates", "Dates")} value={custom} onChange={setCustom} />
              </Suspense>
            )}
          </div>
        }
      />
      {error && <Alert type="error" showIcon message={error} />}
      {!data && !error && <div className="skeleton-block stats-skeleton" aria-busy="true" />}
      {data && (
        <>
          <div className="stats-cards">
            <Figure label={tr("statistics.openNow", "Open now")} value={String(data.open_now)} />
            <Figure label={tr("statistics.opened", "Opened")} value={String(data.totals.opened)} />
            <Figure label={tr("statistics.closed", "Closed")} value={String(data.totals.closed)} />
            <Figure
              label={tr("statistics.firstResponse", "First response (median)")}
              value={formatDuration(data.first_response.median_ms)}
              note={`${tr("statistics.p90", "90th percentile")}: ${formatDuration(data.first_response.p90_ms)}`}
            />
            <Figure
              label={tr("statistics.resolution", "Resolution (median)")}
              value={formatDuration(data.resolution.median_ms)}
              note={`${tr("statistics.p90", "90th percentile")}: ${formatDuration(data.resolution.p90_ms)}`}
            />
            <Figure
              label={tr("statistics.rating", "Average rating")}
              value={average === null || average === undefined ? "—" : `${average.toFixed(2)} / 5`}
              note={tr("statistics.ratings", "{n} ratings", { n: data.ratings.count })}
            />
          </div>
          <Panel title={tr("statistics.perDay", "Tickets per day")} className="stats-card">
            <DayChart
              days={data.days}
              label={tr("statistics.chartLabel", "{opened} tickets opened and {closed} closed from {from} to {to}", {
                opened: data.totals.opened,
                closed: data.totals.closed,
                from: formatDay(data.from, locale),
                to: formatDay(data.to, locale),
              })}
              openedLabel={tr("statistics.opened", "Opened")}
              closedLabel={tr("statistics.closed", "Closed")}
            />
            <details className="stats-table-toggle">
              <summary>{tr("statistics.asTable", "Show as a table")}</summary>
              <DataTable
                size="small"
                rowKey="date"
                dataSource={data.days}
                columns={[
                  {
                    title: tr("statistics.date", "Date"),
                    dataIndex: "date",
                    render: (date: string) => <time dateTime={date}>{formatDay(date, locale)}</time>,
                  },
                  { title: tr("statistics.opened", "Opened"), dataIndex: "opened" },
                  { title: tr("statistics.closed", "Closed"), dataIndex: "closed" },
                ]}
              />
            </details>
          </Panel>
          <div className="stats-grid">
            <Panel title={tr("statistics.ratingsTitle", "Ratings")} className="stats-card">
              <ol className="stats-distribution" aria-label={tr("statistics.distribution", "Ratings by stars")}>
                {[5, 4, 3, 2, 1].map((stars) => {
                  const n = data.ratings.distribution[stars - 1] ?? 0;
                  const share = data.ratings.count ? n / data.ratings.count : 0;
                  return (
                    <li key={stars}>
                      <span className="stats-stars">{"★".repeat(stars)}</span>
                      <span className="stats-bar">
                        <span style={{ width: `${Math.round(share * 100)}%` }} />
                      </span>
                      <span className="stats-count">{n}</span>
                    </li>
                  );
                })}
              </ol>
            </Panel>
            <Panel title={tr("statistics.perPanel", "Per panel")} className="stats-card">
              <DataTable
                size="small"
                rowKey={(p) => String(p.PanelId ?? p.PanelName)}
                dataSource={data.panels}
                emptyText={tr("statistics.none", "No tickets in this range.")}
                columns={[
                  { title: tr("statistics.panel", "Panel"), dataIndex: "PanelName" },
                  { title: tr("statistics.opened", "Opened"), dataIndex: "opened" },
                  {
                    title: tr("statistics.medianResponse", "Median response"),
                    dataIndex: "median_response_ms",
                    render: (v: number | null) => formatDuration(v),
                  },
                ]}
              />
            </Panel>
          </div>
          <Panel title={tr("statistics.perStaff", "Per staff member")} className="stats-card">
            <DataTable
              size="small"
              rowKey="UserId"
              dataSource={data.staff}
              emptyText={tr("statistics.none", "No tickets in this range.")}
              columns={[
                { title: tr("statistics.member", "Member"), dataIndex: "Username" },
                { title: tr("statistics.claimed", "Claimed"), dataIndex: "claimed" },
                { title: tr("statistics.closed", "Closed"), dataIndex: "closed" },
                {
                  title: tr("statistics.medianResponse", "Median response"),
                  dataIndex: "median_response_ms",
                  render: (v: number | null) => formatDuration(v),
                },
                {
                  title: tr("statistics.rating", "Average rating"),
                  dataIndex: "average_rating",
                  render: (v: number | null) => (v === null ? "—" : v.toFixed(2)),
                },
              ]}
            />
          </Panel>
          {data.suggestions && <SuggestionsPanel suggestions={data.suggestions} />}
          {/* Per priority */}
          <PriorityPanel guildId={guildId} range={range} />
          {/* Time waiting on staff and on members */}
          <WaitingPanel guildId={guildId} range={range} />
        </>
      )}
    </div>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="panel stats-figure">
      <div className="stats-figure-label">{label}</div>
      <div className="stats-figure-value">{value}</div>
      {note && <div className="stats-figure-note">{note}</div>}
    </div>
  );
}
