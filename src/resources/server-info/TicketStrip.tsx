import { useCan } from "@refinedev/core";
import { Card } from "../../ui/blocks";
import { Link } from "react-router";
import { useTr } from "../../i18n/refine";
import { formatDuration, lastDays } from "../engine/ticket-statistics-format";
import { useGuildNow } from "../engine/guild-clock";
import { useStatistics } from "../engine/use-statistics";

// Server info's ticket strip: open now, and new tickets, median first response and average rating of the last 7 days —
// each card says its period, each a link to the Tickets or Statistics screen. Only for those who may read tickets; a
// failed request shows dashes.

export function TicketStrip({ guildId }: { guildId: string }) {
  const allowed = useCan({ resource: "tickets", action: "list", params: { guildId } }).data?.can === true;
  return allowed ? <Strip guildId={guildId} /> : null;
}

function Strip({ guildId }: { guildId: string }) {
  const tr = useTr();
  const { data } = useStatistics(guildId, lastDays(7, new Date(useGuildNow(guildId))));
  const dash = "—";
  const now = tr("serverInfo.strip.now", "Now");
  const week = tr("serverInfo.strip.last7Days", "Last 7 days");
  const items = [
    {
      label: tr("serverInfo.strip.open", "Open tickets"),
      period: now,
      value: data ? String(data.open_now) : dash,
      to: `/${guildId}/tickets`,
    },
    {
      label: tr("serverInfo.strip.opened", "New tickets"),
      period: week,
      value: data ? String(data.totals.opened) : dash,
      to: `/${guildId}/statistics`,
    },
    {
      label: tr("serverInfo.strip.response", "Median first response"),
      period: week,
      value: data ? formatDuration(data.first_response.median_ms) : dash,
      to: `/${guildId}/statistics`,
    },
    {
      label: tr("serverInfo.strip.rating", "Average rating"),
      period: week,
      value: data?.ratings.average != null ? `${data.ratings.average.toFixed(2)} / 5` : dash,
      to: `/${guildId}/statistics`,
    },
  ];
  return (
    <nav className="ticket-strip" aria-label={tr("serverInfo.strip.label", "Tickets at a glance")}>
      {items.map((item) => (
        <Link key={item.label} to={item.to} className="ticket-strip-item">
          <Card size="small" hoverable>
            <div className="ticket-strip-label">{item.label}</div>
            <div className="ticket-strip-value">{item.value}</div>
            <div className="ticket-strip-period">{item.period}</div>
          </Card>
        </Link>
      ))}
    </nav>
  );
}
