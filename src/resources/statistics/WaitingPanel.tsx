import { useCustom } from "@refinedev/core";
import { useTr } from "../../i18n/refine";
import { waitingStatisticsSchema, type WaitingStatistics } from "../../schemas/helpdesk";
import { DataTable } from "../../ui/DataTable";
import { Panel } from "../../ui/blocks";
import { formatDuration } from "../engine/ticket-statistics-format";

// Time waiting on staff and on members, over the tickets closed in the range (UTC days), and the open tickets waiting
// on each side now (GET /{guildId}/statistics/waiting): a one-off read, not a resource (useCustom).

type Row = { side: "staff" | "member"; total: number; median: number | null; open: number };

/** The panel's rows: one per side, with its total, its median per ticket and the open tickets waiting on it now. */
export function waitingRows(figures: WaitingStatistics): Row[] {
  return [
    { side: "staff", total: figures.Staff.TotalMs, median: figures.Staff.MedianMs, open: figures.OpenOnStaff },
    { side: "member", total: figures.Member.TotalMs, median: figures.Member.MedianMs, open: figures.OpenOnMember },
  ];
}

export function WaitingPanel({ guildId, range }: { guildId: string; range: { from: string; to: string } }) {
  const tr = useTr();
  const query = useCustom({
    url: `/${guildId}/statistics/waiting`,
    method: "get",
    config: { query: range },
    errorNotification: false,
    queryOptions: { queryKey: ["statistics-waiting", guildId, range.from, range.to] },
  });
  const parsed = query.query.data ? waitingStatisticsSchema.safeParse(query.query.data.data) : undefined;
  const figures = parsed?.success ? parsed.data : null;
  return (
    <Panel title={tr("statistics.waiting", "Waiting on staff and on members")} className="stats-card">
      <DataTable<Row>
        size="small"
        rowKey="side"
        loading={query.query.isLoading}
        dataSource={figures ? waitingRows(figures) : []}
        emptyText={tr("statistics.none", "No tickets in this range.")}
        columns={[
          {
            title: tr("statistics.waitingOn", "Waiting on"),
            dataIndex: "side",
            render: (side: Row["side"]) =>
              side === "staff" ? tr("statistics.waitingOn.staff", "Staff") : tr("statistics.waitingOn.member", "Members"),
          },
          { title: tr("statistics.waitingTotal", "Total"), dataIndex: "total", render: (v: number) => formatDuration(v) },
          {
            title: tr("statistics.waitingMedian", "Median per ticket"),
            dataIndex: "median",
            render: (v: number | null) => formatDuration(v),
          },
          { title: tr("statistics.waitingNow", "Open, waiting now"), dataIndex: "open" },
        ]}
      />
      {figures && (
        <p className="stats-figure-note">
          {tr("statistics.waitingNote", "Tickets closed in the range: {count}. Snoozed now: {snoozed}.", {
            count: figures.Tickets,
            snoozed: figures.Snoozed,
          })}
        </p>
      )}
    </Panel>
  );
}
