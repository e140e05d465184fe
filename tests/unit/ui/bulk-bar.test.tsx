import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { changeLocale } from "../../../src/i18n/core";
import { bulkUndoSeconds } from "../../../src/schemas/bulk";
import { DataTable, type DataColumn, type DataSelection } from "../../../src/ui/DataTable";
import { BulkBar, bulkTarget, undoToast } from "../../../src/ui/grid/BulkBar";
import { captureToasts } from "../teams/toasts";

// The grid's bulk bar: the actions on the selected rows, reachable by keyboard, the request's target from a
// selection, and the Undo toast; in English and in Spanish.

interface Row {
  id: string;
  name: string;
}
const rows: Row[] = ["alpha", "bravo", "charlie"].map((name, i) => ({ id: `r${i + 1}`, name }));
const columns: DataColumn<Row>[] = [{ key: "name", dataIndex: "name", title: "Name" }];
const toasts = captureToasts();

afterEach(async () => {
  await act(() => changeLocale("en"));
});

function Grid({ onDelete, busy = false }: { onDelete: (selection: DataSelection) => void; busy?: boolean }) {
  const [selection, setSelection] = useState<DataSelection>({ keys: new Set(), allMatching: false });
  return (
    <DataTable<Row>
      label="Things"
      rowKey="id"
      columns={columns}
      dataSource={rows}
      selection={selection}
      onSelectionChange={setSelection}
      bulkActions={(selected) => (
        <BulkBar
          actions={[
            { key: "delete", label: "Delete selected", busyLabel: "Deleting...", busy, danger: true, onRun: () => onDelete(selected) },
          ]}
        />
      )}
    />
  );
}

describe("the bulk bar", () => {
  it("shows the actions only while rows are selected, and runs one on the selection", () => {
    const onDelete = vi.fn();
    render(<Grid onDelete={onDelete} />);
    expect(screen.queryByRole("group", { name: "Bulk actions" })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select row 1" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select row 3" }));
    expect(screen.getByText("2 selected")).toBeInTheDocument();
    const bar = screen.getByRole("group", { name: "Bulk actions" });
    const button = within(bar).getByRole("button", { name: "Delete selected" });
    // A plain button in the tab order: reachable with Tab, run with Enter or Space.
    expect(button.tabIndex).toBe(0);
    expect(button).toHaveClass("bulk-action-danger");
    fireEvent.click(button);
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect([...onDelete.mock.calls[0][0].keys]).toEqual(["r1", "r3"]);
    fireEvent.click(screen.getByRole("button", { name: "Clear selection" }));
    expect(screen.queryByRole("group", { name: "Bulk actions" })).not.toBeInTheDocument();
  });

  it("says the action is running and cannot be run twice meanwhile", () => {
    render(<Grid onDelete={vi.fn()} busy />);
    fireEvent.click(screen.getByRole("checkbox", { name: "Select row 2" }));
    const button = screen.getByRole("button", { name: "Deleting..." });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("aria-busy", "true");
  });

  it("names the rows of a request: the keys, every record matching the filter, or the keys a client-side search kept", () => {
    const some: DataSelection = { keys: new Set(["3", "7"]), allMatching: false };
    const all: DataSelection = { keys: new Set(["3"]), allMatching: true };
    expect(bulkTarget(some, Number)).toEqual({ ids: [3, 7] });
    expect(bulkTarget(all, Number, { Kind: "User" })).toEqual({ allMatching: { Kind: "User" } });
    expect(bulkTarget(all, String, {}, ["a", "b"])).toEqual({ ids: ["a", "b"] });
  });

  it("offers Undo in a toast for some seconds", () => {
    const onUndo = vi.fn();
    undoToast({ message: "3 deleted", undoLabel: "Undo", onUndo });
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ type: "success", message: "3 deleted", durationMs: bulkUndoSeconds * 1000 });
    expect(toasts[0].action?.label).toBe("Undo");
    toasts[0].action!.onClick();
    expect(onUndo).toHaveBeenCalledTimes(1);
  });

  it("speaks Spanish", async () => {
    await act(() => changeLocale("es"));
    render(<Grid onDelete={vi.fn()} />);
    fireEvent.click(screen.getByRole("checkbox", { name: "Seleccionar la fila 1" }));
    expect(screen.getByRole("group", { name: "Acciones en bloque" })).toBeInTheDocument();
  });
});
