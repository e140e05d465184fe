import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { changeLocale } from "../../../src/i18n/core";
import { DataTable, rangeKeys, type DataColumn, type DataSelection, type DataSort } from "../../../src/ui/DataTable";

// The grid every list uses: selection (one, a Shift range, the page, every matching record), keyboard use and the
// column chooser, in English and in Spanish.

interface Row {
  id: string;
  name: string;
  uses: number;
}
const rows: Row[] = ["alpha", "bravo", "charlie", "delta", "echo"].map((name, i) => ({ id: `r${i + 1}`, name, uses: (i * 7) % 5 }));
const columns: DataColumn<Row>[] = [
  { key: "name", dataIndex: "name", title: "Name", sortable: true },
  { key: "uses", dataIndex: "uses", title: "Uses", sortable: true },
];

afterEach(async () => {
  await act(() => changeLocale("en"));
});

function Grid({ onOpen, total, onSort }: { onOpen?: (row: Row) => void; total?: number; onSort?: (sort?: DataSort) => void }) {
  const [selection, setSelection] = useState<DataSelection>({ keys: new Set(), allMatching: false });
  const [sort, setSort] = useState<DataSort | undefined>(undefined);
  return (
    <DataTable<Row>
      label="Things"
      rowKey="id"
      columns={columns}
      dataSource={rows}
      selection={selection}
      onSelectionChange={setSelection}
      onOpen={onOpen}
      columnChooser
      pagination={total ? { pageSize: 5, current: 1, total, onChange: () => undefined } : undefined}
      sort={onSort ? sort : undefined}
      onSortChange={
        onSort
          ? (next) => {
              setSort(next);
              onSort(next);
            }
          : undefined
      }
      bulkActions={(s) => <span data-testid="bulk">{s.allMatching ? "all" : [...s.keys].join(",")}</span>}
    />
  );
}

const bodyRows = () =>
  within(screen.getByRole("table", { name: "Things" }))
    .getAllByRole("row")
    .slice(1);
const names = () => bodyRows().map((row) => row.querySelectorAll("td")[1].textContent);

describe("the data grid", () => {
  it("rangeKeys: every key between the anchor and the target, in either direction", () => {
    expect(rangeKeys(["a", "b", "c", "d"], "b", "d")).toEqual(["b", "c", "d"]);
    expect(rangeKeys(["a", "b", "c", "d"], "d", "a")).toEqual(["a", "b", "c", "d"]);
    expect(rangeKeys(["a", "b"], undefined, "b")).toEqual(["b"]);
  });

  it("selects one row, a range with Shift, the page, then every record matching the filter", () => {
    render(<Grid total={12} />);
    fireEvent.click(screen.getByRole("checkbox", { name: "Select row 2" }));
    expect(screen.getByText("1 selected")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select row 4" }), { shiftKey: true });
    expect(screen.getByTestId("bulk")).toHaveTextContent("r2,r3,r4");
    expect(bodyRows().map((row) => row.getAttribute("aria-selected"))).toEqual(["false", "true", "true", "true", "false"]);
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all rows on this page" }));
    expect(screen.getByText("5 selected")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Select all 12 matching" }));
    expect(screen.getByText("12 selected")).toBeInTheDocument();
    expect(screen.getByTestId("bulk")).toHaveTextContent("all");
    fireEvent.click(screen.getByRole("button", { name: "Clear selection" }));
    expect(screen.queryByTestId("bulk")).toBeNull();
  });

  it("moves between rows with the arrows, selects with Space, opens with Enter and lists the shortcuts with ?", () => {
    const onOpen = vi.fn();
    render(<Grid onOpen={onOpen} />);
    const [first] = bodyRows();
    expect(bodyRows().map((row) => row.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    first.focus();
    fireEvent.keyDown(first, { key: "ArrowDown" });
    expect(document.activeElement).toBe(bodyRows()[1]);
    fireEvent.keyDown(bodyRows()[1], { key: "ArrowDown" });
    expect(document.activeElement).toBe(bodyRows()[2]);
    fireEvent.keyDown(bodyRows()[2], { key: "ArrowUp" });
    expect(document.activeElement).toBe(bodyRows()[1]);
    fireEvent.keyDown(bodyRows()[1], { key: "End" });
    expect(document.activeElement).toBe(bodyRows()[4]);
    fireEvent.keyDown(bodyRows()[4], { key: " " });
    expect(bodyRows()[4]).toHaveAttribute("aria-selected", "true");
    fireEvent.keyDown(bodyRows()[4], { key: "Enter" });
    expect(onOpen).toHaveBeenCalledWith(rows[4]);
    fireEvent.keyDown(bodyRows()[4], { key: "?" });
    const help = screen.getByRole("dialog", { name: "Keyboard shortcuts" });
    expect(within(help).getByText("Open the row")).toBeInTheDocument();
    expect(within(help).getByText("Select or unselect the row")).toBeInTheDocument();
    fireEvent.keyDown(help, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("hides and shows columns from the chooser, never the last one", () => {
    render(<Grid />);
    fireEvent.click(screen.getByRole("button", { name: "Columns" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Uses" }));
    expect(screen.queryByRole("columnheader", { name: "Uses" })).toBeNull();
    expect(screen.getByRole("checkbox", { name: "Name" })).toBeDisabled();
    fireEvent.click(screen.getByRole("checkbox", { name: "Uses" }));
    expect(screen.getByRole("columnheader", { name: /Uses/ })).toBeInTheDocument();
  });

  it("sorts from the header on the client, and asks the server when the screen sorts there", () => {
    const { unmount } = render(<Grid />);
    fireEvent.click(screen.getByRole("button", { name: /Uses/ }));
    expect(screen.getByRole("columnheader", { name: /Uses/ })).toHaveAttribute("aria-sort", "ascending");
    expect(bodyRows().map((row) => row.querySelectorAll("td")[2].textContent)).toEqual(["0", "1", "2", "3", "4"]);
    fireEvent.click(screen.getByRole("button", { name: /Uses/ }));
    expect(bodyRows().map((row) => row.querySelectorAll("td")[2].textContent)).toEqual(["4", "3", "2", "1", "0"]);
    unmount();
    const onSort = vi.fn();
    render(<Grid onSort={onSort} />);
    fireEvent.click(screen.getByRole("button", { name: /Name/ }));
    expect(onSort).toHaveBeenLastCalledWith({ field: "name", order: "asc" });
    // Server-sorted: the rows stay in the order the server gave.
    expect(names()).toEqual(["alpha", "bravo", "charlie", "delta", "echo"]);
  });

  it("speaks Spanish", async () => {
    await act(() => changeLocale("es"));
    render(<Grid total={12} />);
    fireEvent.click(screen.getByRole("checkbox", { name: "Seleccionar todas las filas de esta página" }));
    expect(screen.getByText("5 seleccionadas")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Seleccionar las 12 que coinciden" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Columnas" }));
    expect(screen.getByRole("group", { name: "Columnas visibles" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Atajos de teclado" }));
    expect(within(screen.getByRole("dialog", { name: "Atajos de teclado" })).getByText("Moverse entre filas")).toBeInTheDocument();
  });
});
