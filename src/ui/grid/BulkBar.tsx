import type { ReactNode } from "react";
import type { BulkTarget } from "../../schemas/bulk";
import { bulkUndoSeconds } from "../../schemas/bulk";
import { useT } from "../../i18n/react";
import { notify } from "../../providers/notifications";
import type { DataSelection } from "../DataTable";
// The grid's tool buttons and its selection bar, for a list that is not a table (the forms' cards).
import "../data-table.css";
import "./bulk-bar.css";

// The grid's bulk actions: the buttons a screen passes to DataTable's `bulkActions` (the grid's own bar says how many
// rows are selected, offers every record matching and clears the selection), the request's target from a selection,
// and the toast that offers Undo after a delete instead of asking first.

export interface BulkAction {
  key: string;
  label: string;
  /** Shown while the action runs (the button is disabled meanwhile). */
  busyLabel?: string;
  busy?: boolean;
  danger?: boolean;
  disabled?: boolean;
  onRun: () => void;
}

/** The actions on the selected rows, in the tab order after the selection's count; they wrap on a narrow screen. */
export function BulkBar({ actions, children }: { actions: readonly BulkAction[]; children?: ReactNode }) {
  const t = useT();
  return (
    <div className="bulk-bar" role="group" aria-label={t("ui.bulkBar.label", "Bulk actions")}>
      {actions.map((action) => (
        <button
          key={action.key}
          type="button"
          className={action.danger ? "dt-tool bulk-action bulk-action-danger" : "dt-tool bulk-action"}
          disabled={action.disabled || action.busy}
          aria-busy={action.busy || undefined}
          onClick={action.onRun}
        >
          {action.busy && action.busyLabel ? action.busyLabel : action.label}
        </button>
      ))}
      {children}
    </div>
  );
}

/**
 * The rows a bulk request names: the selected keys, or every record matching the list's `filters` (what the server
 * reads as the list's own filter). `everyKey`: when the list filters on the client (a search the route cannot run),
 * "every record matching" is the keys it holds, named one by one.
 */
export function bulkTarget(
  selection: DataSelection,
  toId: (key: string) => string | number,
  filters: Record<string, string | number | boolean> = {},
  everyKey?: readonly string[],
): BulkTarget {
  if (!selection.allMatching) return { ids: [...selection.keys].map(toId) };
  return everyKey ? { ids: everyKey.map(toId) } : { allMatching: filters };
}

/** A toast saying what was deleted with an Undo button, for bulkUndoSeconds; its Undo calls `onUndo`. */
export function undoToast({ message, undoLabel, onUndo }: { message: string; undoLabel: string; onUndo: () => void }) {
  notify({
    type: "success",
    message,
    durationMs: bulkUndoSeconds * 1000,
    // The toaster closes the toast as its button is clicked.
    action: { label: undoLabel, onClick: onUndo },
  });
}
