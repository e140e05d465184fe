import { theme } from "antd";
import { useTr } from "../../i18n/refine";
import { changeRows, type ChangeRow } from "./changes";
import { activityLabels as L } from "./labels";

// Before → after of one activity entry, as a small table: changed fields first, removed values struck through.
export function ChangeView({ before, after }: { before: unknown; after: unknown }) {
  const { token } = theme.useToken();
  const tr = useTr();
  const rows = changeRows(before, after);
  if (rows.length === 0) return <p className="change-none">{tr("activity.changes.noDetails", L.noDetails)}</p>;
  const tint = (row: ChangeRow, side: "before" | "after") => {
    if (row.kind === "same") return undefined;
    if (side === "before" && (row.kind === "changed" || row.kind === "removed")) return token.colorErrorBg;
    if (side === "after" && (row.kind === "changed" || row.kind === "added")) return token.colorSuccessBg;
    return undefined;
  };
  const cell = (row: ChangeRow, side: "before" | "after") => {
    const text = side === "before" ? row.before : row.after;
    return (
      <td style={{ background: tint(row, side) }} className={`change-cell change-${side}`} data-kind={row.kind}>
        {text === undefined ? <span className="change-empty">—</span> : text === "" ? <span className="change-empty">{tr("activity.changes.empty", L.empty)}</span> : text}
      </td>
    );
  };
  return (
    <div className="change-view" role="region" aria-label={tr("activity.changes.label", L.changes)}>
      <table>
        <thead>
          <tr>
            <th scope="col">{tr("activity.changes.field", L.field)}</th>
            <th scope="col">{tr("activity.changes.before", L.before)}</th>
            <th scope="col">{tr("activity.changes.after", L.after)}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.path || "(value)"}>
              <th scope="row" className="cell-mono">{row.path || "—"}</th>
              {cell(row, "before")}
              {cell(row, "after")}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
