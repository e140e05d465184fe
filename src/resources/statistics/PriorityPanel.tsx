import { useCustom } from "@refinedev/core";
import { useTr } from "../../i18n/refine";
import { priorityStatisticsSchema, type TicketPriority } from "../../schemas/helpdesk";
import { DataTable } from "../../ui/DataTable";
import { Panel } from "../../ui/blocks";
import { formatDuration } from "../engine/ticket-statistics-format";

// Statistics per priority: open tickets of each priority now, and those closed in the range (UTC days)
// with their median first response (GET /{guildId}/statistics/priorities).

export function PriorityPanel({ guildId, range }: { guildId: string; range: { from: string; to: string } }) {
  const tr = useTr();
  const query = useCustom({
    url: `/${guildId}/statistics/priorities`,
    method: "get",
    config: { query: range },
    errorNotification: false,
    queryOptions: { queryKey: ["statistics-priorities", guildId, range.from, range.to] },
  });
  const parsed = query.query.data ? priorityStatisticsSchema.safeParse(query.query.data.data) : undefined;
  const name = (p: TicketPriority) =>
    p === "urgent"
      ? tr("statistics.priority.urgent", "Urgent")
      : p === "high"
        ? tr("statistics.priority.high", "High")
        : p === "normal"
          ? tr("statistics.priority.normal", "Normal")
          : tr("statistics.priority.low", "Low");
  return (
    <Panel title={tr("statistics.perPriority", "Per priority")} className="stats-card">
      <DataTable
        size="small"
        rowKey="Priority"
        loading={query.query.isLoading}
        dataSource={parsed?.success ? parsed.data.priorities : []}
        emptyText={tr("statistics.none", "No tickets in this range.")}
        columns={[
          { title: tr("statistics.priority", "Priority"), dataIndex: "Priority", render: (p: TicketPriority) => name(p) },
          { title: tr("statistics.openNow", "Open now"), dataIndex: "Open" },
          { title: tr("statistics.closed", "Closed"), dataIndex: "Closed" },
          {
            title: tr("statistics.medianResponse", "Median response"),
            dataIndex: "MedianResponseMs",
            render: (v: number | null) => formatDuration(v),
          },
        ]}
      />
    </Panel>
  );
}
