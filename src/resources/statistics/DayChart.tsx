import { theme } from "antd";
import { formatDay } from "../../i18n/format";
import { useLocale } from "../../i18n/react";

// Tickets opened and closed per day as two bar series in one SVG (no chart library: a few hundred bytes of code
// instead of a heavy suite). The figure has a text summary for screen readers; the numbers are in a table too.

export interface DayPoint {
  date: string;
  opened: number;
  closed: number;
}

export function DayChart({
  days,
  label,
  openedLabel,
  closedLabel,
}: {
  days: DayPoint[];
  label: string;
  openedLabel: string;
  closedLabel: string;
}) {
  const { token } = theme.useToken();
  const locale = useLocale();
  const day = (date: string) => formatDay(date, locale);
  const width = 720;
  const height = 220;
  const pad = { top: 12, right: 12, bottom: 28, left: 36 };
  const max = Math.max(1, ...days.map((d) => Math.max(d.opened, d.closed)));
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const slot = plotW / Math.max(1, days.length);
  const bar = Math.max(1, Math.min(14, slot / 2 - 1));
  const y = (n: number) => pad.top + plotH - (n / max) * plotH;
  const ticks = [0, Math.ceil(max / 2), max].filter((v, i, a) => a.indexOf(v) === i);
  const labelEvery = Math.ceil(days.length / 8);
  const colours = { opened: token.colorPrimary, closed: token.colorSuccess };
  return (
    <figure className="stats-chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} preserveAspectRatio="none">
        {ticks.map((t) => (
          <g key={t}>
            <line x1={pad.left} x2={width - pad.right} y1={y(t)} y2={y(t)} stroke={token.colorBorderSecondary} />
            <text x={pad.left - 6} y={y(t) + 4} textAnchor="end" fontSize="11" fill={token.colorTextSecondary}>
              {t}
            </text>
          </g>
        ))}
        {days.map((d, i) => {
          const x = pad.left + i * slot + slot / 2;
          return (
            <g key={d.date}>
              <rect x={x - bar - 0.5} y={y(d.opened)} width={bar} height={plotH + pad.top - y(d.opened)} fill={colours.opened}>
                <title>{`${day(d.date)}: ${d.opened} ${openedLabel}`}</title>
              </rect>
              <rect x={x + 0.5} y={y(d.closed)} width={bar} height={plotH + pad.top - y(d.closed)} fill={colours.closed}>
                <title>{`${day(d.date)}: ${d.closed} ${closedLabel}`}</title>
              </rect>
              {i % labelEvery === 0 && (
                <text x={x} y={height - 8} textAnchor="middle" fontSize="11" fill={token.colorTextSecondary}>
                  {formatDay(d.date, locale, { day: "numeric", month: "short" })}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="stats-legend">
        <span>
          <i style={{ background: colours.opened }} aria-hidden /> {openedLabel}
        </span>
        <span>
          <i style={{ background: colours.closed }} aria-hidden /> {closedLabel}
        </span>
      </figcaption>
    </figure>
  );
}
