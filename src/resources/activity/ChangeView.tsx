import { useOne, type HttpError } from "@refinedev/core";
import { theme } from "antd";
import { activityEntryResponseSchema, type ActivityEntry } from "../../schemas/activity";
import { useTr } from "../../i18n/refine";
import { changeRows, type ChangeRow } from "./changes";
import { activityLabels as L } from "./labels";

/**
 * What an entry changed. The list leaves big changes out (ChangesOmitted); they are fetched when the row opens.
 */
export function EntryChanges({ guildId, entry }: { guildId: string; entry: ActivityEntry }) {
  if (!entry.ChangesOmitted) return <ChangeView before={entry.Before} after={entry.After} />;
  return <OmittedChanges guildId={guildId} activityId={entry.ActivityId} />;
}

function OmittedChanges({ guildId, activityId }: { guildId: string; activityId: number }) {
  const tr = useTr();
  const { query } = useOne<ActivityEntry, HttpError>({ resource: "activity", id: activityId, meta: { guildId }, errorNotification: false });
  // The provider unwraps {entry}; the check is the answer's, as the contract shapes it.
  const parsed = query.data ? activityEntryResponseSchema.safeParse({ entry: query.data.data }) : undefined;
  if (query.isError || parsed?.success === false)
    return (
      <p className="change-none" role="alert">
        {tr("activity.changes.failed", L.changesFailed)}
      </p>
    );
  if (!parsed)
    return (
      <p className="change-none" role="status">
        {tr("activity.changes.loading", L.loadingChanges)}
      </p>
    );
  return <ChangeView before={parsed.data.entry.Before} after={parsed.data.entry.After} />;
}

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
        {text === undefined ? (
          <span className="change-empty">—</span>
        ) : text === "" ? (
          <span className="change-empty">{tr("activity.changes.empty", L.empty)}</span>
        ) : (
          text
        )}
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
              <th scope="row" className="cell-mono">
                {row.path || "—"}
              </th>
              {cell(row, "before")}
              {cell(row, "after")}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
