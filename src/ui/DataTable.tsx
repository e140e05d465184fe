import {
  columnVisibilityFeature,
  createSortedRowModel,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type SortingState,
} from "@tanstack/react-table";
import { Fragment, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { useT } from "../i18n/react";
import { ChevronIcon } from "./icons";
import "./data-table.css";

// The dashboard's grid, on TanStack Table (headless: the row model, sorting, column visibility and selection state;
// the markup and styles are ours). antd's Table brought rc-table, rc-tree, rc-pagination and their styles: about
// 100 KB of gzipped JavaScript on every list screen (bench/results.md); TanStack's core is about 15 KB.
// Columns rendered from a record, hidden below a breakpoint or cut with an ellipsis, rows that expand, a page strip
// (on the client, or controlled by a server-paged screen), sort from the header (on the client, or controlled by a
// server-sorted screen), row selection (one, a Shift range, the page, every record matching the filter), a column
// chooser and keyboard use (arrows move between rows, Enter opens, Space selects, ? lists the shortcuts).

export interface DataColumn<T> {
  key?: string;
  dataIndex?: keyof T & string;
  title: ReactNode;
  width?: number | string;
  align?: "left" | "right" | "center";
  /** Hidden below this breakpoint (sm 576, md 768, lg 992 px). */
  hideBelow?: "sm" | "md" | "lg";
  /** One line, cut with an ellipsis; the full text is the cell's title. */
  ellipsis?: boolean;
  /** Stays in view at the row's end while the table scrolls sideways (row actions). */
  stickyEnd?: boolean;
  /** Sorted from its header: by the field on the server (`onSortChange`), or by the value here. */
  sortable?: boolean;
  /** The column chooser's name for it (the title when that is text). Columns without a key or name always show. */
  chooserLabel?: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the field dataIndex names; each render spells its type (as antd does)
  render?: (value: any, record: T, index: number) => ReactNode;
}

export interface DataPagination {
  pageSize: number;
  /** Controlled (a server-paged screen): the page shown and the number of records in all pages. */
  current?: number;
  total?: number;
  onChange?: (page: number, pageSize: number) => void;
  pageSizeOptions?: readonly number[];
  showTotal?: (total: number) => ReactNode;
  hideOnSinglePage?: boolean;
}

export interface DataSort {
  field: string;
  order: "asc" | "desc";
}

export interface DataSelection {
  /** The selected rows' keys. */
  keys: ReadonlySet<string>;
  /** Every record matching the filter, on every page (then `keys` holds the rows on screen). */
  allMatching: boolean;
}

export interface DataTableProps<T> {
  columns: readonly DataColumn<T>[];
  dataSource: readonly T[];
  rowKey: (keyof T & string) | ((record: T) => string);
  loading?: boolean;
  emptyText?: ReactNode;
  size?: "small" | "middle";
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  className?: string;
  rowClassName?: (record: T) => string;
  pagination?: DataPagination;
  expandable?: {
    rowExpandable?: (record: T) => boolean;
    expandedRowRender: (record: T) => ReactNode;
    /** The expand button's accessible name. */
    label?: string;
  };
  /** The table's accessible name. */
  label?: string;
  /** Controlled sort (a server-sorted screen); without `onSortChange`, sortable columns sort the rows here. */
  sort?: DataSort;
  onSortChange?: (sort: DataSort | undefined) => void;
  /** Rows can be selected; the screen keeps the selection (bulk actions act on it). */
  selection?: DataSelection;
  onSelectionChange?: (selection: DataSelection) => void;
  /** Enter on a focused row (or its open action). */
  onOpen?: (record: T) => void;
  /** Offer the column chooser; `hiddenColumns` controlled by the screen (a saved view, the URL) or kept here. */
  columnChooser?: boolean;
  hiddenColumns?: readonly string[];
  onHiddenColumnsChange?: (hidden: string[]) => void;
  /** Shown above the rows while some are selected (the bulk actions). */
  bulkActions?: (selection: DataSelection) => ReactNode;
  /** More controls at the start of the toolbar (the list's saved views). */
  tools?: ReactNode;
}

const keyOf = <T,>(rowKey: DataTableProps<T>["rowKey"], record: T) =>
  typeof rowKey === "function" ? rowKey(record) : String(record[rowKey]);

const columnId = <T,>(column: DataColumn<T>, i: number) => column.key ?? column.dataIndex ?? `__${i}`;

const cellClass = (column: DataColumn<unknown>, base: string) =>
  [
    base,
    column.hideBelow && `dt-hide-below-${column.hideBelow}`,
    column.ellipsis && "dt-ellipsis",
    column.align && `dt-align-${column.align}`,
    column.stickyEnd && "dt-sticky-end",
  ]
    .filter(Boolean)
    .join(" ");

const chooserName = <T,>(column: DataColumn<T>) => column.chooserLabel ?? (typeof column.title === "string" ? column.title : undefined);

/** The keys a Shift-click selects: every row between the anchor and the clicked one, both included. */
export function rangeKeys(keys: readonly string[], anchor: string | undefined, target: string): string[] {
  const to = keys.indexOf(target);
  const from = anchor === undefined ? -1 : keys.indexOf(anchor);
  if (from < 0 || to < 0) return [target];
  return keys.slice(Math.min(from, to), Math.max(from, to) + 1);
}

// Only the features the grid uses, so the rest of the library stays out of the bundle. Selection stays with the
// screen (a Set of keys and "every record matching"), which TanStack's page-bound row selection cannot say.
const features = tableFeatures({
  rowSortingFeature,
  columnVisibilityFeature,
  sortedRowModel: createSortedRowModel(),
});

/** Client-side order of two cell values: numbers by size, anything else as text in the reader's collation. */
const compareValues = (a: unknown, b: unknown) =>
  typeof a === "number" && typeof b === "number" ? a - b : String(a ?? "").localeCompare(String(b ?? ""), undefined, { numeric: true });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's row type; our records are any T
type GridRow = Record<string, any>;

const noSelection: DataSelection = { keys: new Set(), allMatching: false };

export function DataTable<T>({
  columns,
  dataSource,
  rowKey,
  loading,
  emptyText,
  size = "middle",
  minWidth,
  className,
  rowClassName,
  pagination,
  expandable,
  label,
  sort,
  onSortChange,
  selection,
  onSelectionChange,
  onOpen,
  columnChooser,
  hiddenColumns,
  onHiddenColumnsChange,
  bulkActions,
  tools,
}: DataTableProps<T>) {
  const t = useT();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [clientPage, setClientPage] = useState(1);
  const [clientSorting, setClientSorting] = useState<SortingState>([]);
  const [ownHidden, setOwnHidden] = useState<readonly string[]>([]);
  const [activeKey, setActiveKey] = useState<string | undefined>(undefined);
  const [helpOpen, setHelpOpen] = useState(false);
  const [chooserOpen, setChooserOpen] = useState(false);
  const anchor = useRef<string | undefined>(undefined);
  const body = useRef<HTMLTableSectionElement>(null);
  const selectable = onSelectionChange !== undefined;
  /** Enter does something: opens the row, or shows its details. */
  const opens = onOpen !== undefined || expandable !== undefined;
  const current = selection ?? noSelection;
  const hidden = hiddenColumns ?? ownHidden;
  const setHidden = (next: string[]) => (onHiddenColumnsChange ? onHiddenColumnsChange(next) : setOwnHidden(next));

  const serverSorted = onSortChange !== undefined;
  const sorting: SortingState = serverSorted ? (sort ? [{ id: sort.field, desc: sort.order === "desc" }] : []) : clientSorting;
  const visibility: Record<string, boolean> = Object.fromEntries(hidden.map((id) => [id, false]));
  const byId = useMemo(() => new Map(columns.map((column, i) => [columnId(column, i), column])), [columns]);
  const defs = useMemo<ColumnDef<typeof features, GridRow>[]>(
    () =>
      columns.map((column, i) => ({
        id: columnId(column, i),
        accessorFn: (record: GridRow) => (column.dataIndex ? record[column.dataIndex] : undefined),
        enableSorting: column.sortable === true,
        sortFn: (a: { getValue: (id: string) => unknown }, b: { getValue: (id: string) => unknown }, id: string) =>
          compareValues(a.getValue(id), b.getValue(id)),
        enableHiding: chooserName(column) !== undefined && !column.stickyEnd,
      })),
    [columns],
  );
  const table = useTable<typeof features, GridRow>({
    features,
    data: dataSource as unknown as GridRow[],
    columns: defs,
    state: { sorting, columnVisibility: visibility },
    manualSorting: serverSorted,
    enableSortingRemoval: true,
    sortDescFirst: false,
    getRowId: (record: GridRow) => keyOf(rowKey, record as T),
    onSortingChange: (updater: SortingState | ((old: SortingState) => SortingState)) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      if (serverSorted) onSortChange(next[0] ? { field: next[0].id, order: next[0].desc ? "desc" : "asc" } : undefined);
      else setClientSorting(next);
    },
  });
  const shownColumns = table.getVisibleLeafColumns().map((c) => byId.get(c.id)!);
  const sortedRecords = table.getRowModel().rows.map((row) => row.original as T);

  const controlled = pagination?.onChange !== undefined;
  const total = pagination ? (pagination.total ?? dataSource.length) : dataSource.length;
  const pageSize = pagination?.pageSize ?? Math.max(1, dataSource.length);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(controlled ? (pagination?.current ?? 1) : clientPage, pages);
  // A client-paged list that shrank (a search, a delete) stays on a page that exists.
  useEffect(() => {
    if (!controlled && clientPage > pages) setClientPage(pages);
  }, [controlled, clientPage, pages]);
  const rows = pagination && !controlled ? sortedRecords.slice((page - 1) * pageSize, page * pageSize) : sortedRecords;
  const rowKeys = rows.map((record) => keyOf(rowKey, record));
  const span = shownColumns.length + (expandable ? 1 : 0) + (selectable ? 1 : 0);
  const focusKey = activeKey !== undefined && rowKeys.includes(activeKey) ? activeKey : rowKeys[0];

  const toggle = (key: string) =>
    setExpanded((keys) => {
      const next = new Set(keys);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  const goTo = (next: number, nextSize = pageSize) => {
    if (controlled) pagination?.onChange?.(next, nextSize);
    else setClientPage(next);
  };

  const select = (keys: ReadonlySet<string>, allMatching = false) => onSelectionChange?.({ keys, allMatching });
  const toggleRow = (key: string, shift: boolean) => {
    const next = new Set(current.keys);
    if (shift) {
      const on = !current.keys.has(key);
      for (const k of rangeKeys(rowKeys, anchor.current, key)) {
        if (on) next.add(k);
        else next.delete(k);
      }
    } else if (!next.delete(key)) next.add(key);
    anchor.current = key;
    select(next);
  };
  const pageSelected = rowKeys.length > 0 && rowKeys.every((k) => current.keys.has(k));
  const someSelected = rowKeys.some((k) => current.keys.has(k));
  const selectedCount = current.allMatching ? total : current.keys.size;

  const focusRow = (key: string | undefined) => {
    if (key === undefined) return;
    setActiveKey(key);
    body.current?.querySelector<HTMLElement>(`tr[data-row-key="${CSS.escape(key)}"]`)?.focus();
  };
  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, record: T, key: string) => {
    if (event.key === "?") {
      event.preventDefault();
      setHelpOpen(true);
      return;
    }
    // Keys typed in a cell's own control (a button, a checkbox) are that control's.
    if (event.target !== event.currentTarget) return;
    const at = rowKeys.indexOf(key);
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      focusRow(rowKeys[at + (event.key === "ArrowDown" ? 1 : -1)]);
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      focusRow(event.key === "Home" ? rowKeys[0] : rowKeys[rowKeys.length - 1]);
    } else if (event.key === "Enter" && opens) {
      event.preventDefault();
      // Without an open action, Enter shows or hides the row's details.
      if (onOpen) onOpen(record);
      else if (expandable?.rowExpandable?.(record) ?? true) toggle(key);
    } else if (event.key === " " && selectable) {
      event.preventDefault();
      toggleRow(key, event.shiftKey);
    }
  };

  const choosable = table.getAllLeafColumns().filter((c) => c.getCanHide());
  const toolbar = (selectable && selectedCount > 0) || (columnChooser && choosable.length > 0) || opens || selectable || tools;

  return (
    <div className={["data-table", `data-table-${size}`, loading && "data-table-busy", className].filter(Boolean).join(" ")}>
      {toolbar && (
        <div className="dt-toolbar">
          {tools}
          {selectable && selectedCount > 0 && (
            <div className="dt-bulk" role="status">
              <span className="dt-selected-count">{t("ui.dataTable.selected", "{n} selected", { n: selectedCount })}</span>
              {!current.allMatching && pageSelected && total > rowKeys.length && (
                <button type="button" className="dt-link" onClick={() => select(new Set(rowKeys), true)}>
                  {t("ui.dataTable.selectAllMatching", "Select all {n} matching", { n: total })}
                </button>
              )}
              <button type="button" className="dt-link" onClick={() => select(new Set())}>
                {t("ui.dataTable.clearSelection", "Clear selection")}
              </button>
              {bulkActions?.(current)}
            </div>
          )}
          <span className="dt-toolbar-end">
            {columnChooser && choosable.length > 0 && (
              <span className="dt-chooser">
                <button type="button" className="dt-tool" aria-expanded={chooserOpen} onClick={() => setChooserOpen((open) => !open)}>
                  {t("ui.dataTable.columns", "Columns")}
                </button>
                {chooserOpen && (
                  <fieldset className="dt-chooser-list">
                    <legend className="dt-sr-only">{t("ui.dataTable.columnsShown", "Columns shown")}</legend>
                    {choosable.map((column) => (
                      <label key={column.id} className="dt-chooser-item">
                        <input
                          type="checkbox"
                          checked={column.getIsVisible()}
                          // The last column shown stays: a grid without columns says nothing.
                          disabled={column.getIsVisible() && choosable.filter((c) => c.getIsVisible()).length === 1}
                          onChange={(event) =>
                            setHidden(event.target.checked ? hidden.filter((id) => id !== column.id) : [...hidden, column.id])
                          }
                        />
                        {chooserName(byId.get(column.id)!)}
                      </label>
                    ))}
                  </fieldset>
                )}
              </span>
            )}
            {(selectable || opens) && (
              <button
                type="button"
                className="dt-tool"
                aria-label={t("ui.dataTable.shortcuts", "Keyboard shortcuts")}
                title={t("ui.dataTable.shortcuts", "Keyboard shortcuts")}
                onClick={() => setHelpOpen(true)}
              >
                ?
              </button>
            )}
          </span>
        </div>
      )}
      <div className="dt-scroll">
        <table style={minWidth ? { width: `max(100%, ${minWidth}px)` } : undefined} aria-label={label} aria-busy={loading || undefined}>
          <thead>
            <tr>
              {selectable && (
                <th className="dt-cell dt-select-cell" scope="col">
                  <input
                    type="checkbox"
                    aria-label={t("ui.dataTable.selectPage", "Select all rows on this page")}
                    checked={pageSelected}
                    ref={(box) => {
                      if (box) box.indeterminate = someSelected && !pageSelected;
                    }}
                    disabled={rowKeys.length === 0}
                    onChange={() =>
                      select(
                        pageSelected
                          ? new Set([...current.keys].filter((k) => !rowKeys.includes(k)))
                          : new Set([...current.keys, ...rowKeys]),
                      )
                    }
                  />
                </th>
              )}
              {expandable && <th className="dt-cell dt-expand-cell" aria-hidden="true" />}
              {table.getVisibleLeafColumns().map((tc) => {
                const column = byId.get(tc.id)!;
                const sorted = tc.getIsSorted();
                return (
                  <th
                    key={tc.id}
                    scope="col"
                    className={cellClass(column as DataColumn<unknown>, "dt-cell")}
                    style={column.width ? { width: column.width } : undefined}
                    aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : tc.getCanSort() ? "none" : undefined}
                  >
                    {tc.getCanSort() ? (
                      <button type="button" className="dt-sort" onClick={tc.getToggleSortingHandler()}>
                        {column.title}
                        {/* The mark is drawn by CSS, so the header's text stays its title alone. */}
                        <span className={`dt-sort-mark dt-sort-${sorted || "none"}`} aria-hidden="true" />
                      </button>
                    ) : (
                      column.title
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody ref={body}>
            {rows.length === 0 ? (
              <tr className="dt-empty">
                <td colSpan={span}>{loading ? " " : emptyText}</td>
              </tr>
            ) : (
              rows.map((record, index) => {
                const key = rowKeys[index];
                const canExpand = expandable && (expandable.rowExpandable?.(record) ?? true);
                const open = canExpand && expanded.has(key);
                const isSelected = current.allMatching || current.keys.has(key);
                return (
                  <Fragment key={key}>
                    <tr
                      className={["dt-row", isSelected && "dt-row-selected", rowClassName?.(record)].filter(Boolean).join(" ")}
                      data-row-key={key}
                      tabIndex={key === focusKey ? 0 : -1}
                      aria-selected={selectable ? isSelected : undefined}
                      onFocus={() => setActiveKey(key)}
                      onKeyDown={(event) => onRowKey(event, record, key)}
                    >
                      {selectable && (
                        <td className="dt-cell dt-select-cell">
                          <input
                            type="checkbox"
                            tabIndex={-1}
                            aria-label={t("ui.dataTable.selectRow", "Select row {n}", { n: (page - 1) * pageSize + index + 1 })}
                            checked={isSelected}
                            onChange={() => undefined}
                            onClick={(event: MouseEvent<HTMLInputElement>) => toggleRow(key, event.shiftKey)}
                          />
                        </td>
                      )}
                      {expandable && (
                        <td className="dt-cell dt-expand-cell">
                          {canExpand && (
                            <button
                              type="button"
                              className={open ? "dt-expand dt-expand-open" : "dt-expand"}
                              aria-expanded={open}
                              aria-label={expandable.label ?? t("ui.dataTable.expand", "Expand row")}
                              onClick={() => toggle(key)}
                            >
                              <ChevronIcon size={16} />
                            </button>
                          )}
                        </td>
                      )}
                      {shownColumns.map((column) => {
                        const i = columns.indexOf(column);
                        const value = column.dataIndex ? record[column.dataIndex] : undefined;
                        const content = column.render ? column.render(value, record, index) : (value as ReactNode);
                        return (
                          <td
                            key={columnId(column, i)}
                            className={cellClass(column as DataColumn<unknown>, "dt-cell")}
                            title={
                              column.ellipsis && (typeof content === "string" || typeof content === "number") ? String(content) : undefined
                            }
                          >
                            {content}
                          </td>
                        );
                      })}
                    </tr>
                    {open && (
                      <tr className="dt-expanded-row">
                        <td colSpan={span}>{expandable!.expandedRowRender(record)}</td>
                      </tr>
                    )}
                  </Fragment>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      {pagination && !(pagination.hideOnSinglePage !== false && pages <= 1 && !pagination.showTotal) && (
        <PageStrip page={page} pages={pages} pageSize={pageSize} total={total} pagination={pagination} goTo={goTo} />
      )}
      {helpOpen && <ShortcutHelp selectable={selectable} canOpen={opens} onClose={() => setHelpOpen(false)} />}
    </div>
  );
}

/** The grid's keys, listed by `?` (or its button); Escape or the button closes it and focus goes back. */
function ShortcutHelp({ selectable, canOpen, onClose }: { selectable: boolean; canOpen: boolean; onClose: () => void }) {
  const t = useT();
  const back = useRef<Element | null>(typeof document === "undefined" ? null : document.activeElement);
  const close = () => {
    onClose();
    if (back.current instanceof HTMLElement) back.current.focus();
  };
  const keys: [string, string][] = [
    ["↑ ↓", t("ui.dataTable.keys.move", "Move between rows")],
    [t("ui.dataTable.keys.homeEnd", "Home / End"), t("ui.dataTable.keys.firstLast", "First or last row")],
    ...(canOpen ? [[t("ui.dataTable.keys.enter", "Enter"), t("ui.dataTable.keys.open", "Open the row")] as [string, string]] : []),
    ...(selectable
      ? [
          [t("ui.dataTable.keys.space", "Space"), t("ui.dataTable.keys.select", "Select or unselect the row")] as [string, string],
          [t("ui.dataTable.keys.shiftClick", "Shift + click"), t("ui.dataTable.keys.range", "Select a range of rows")] as [string, string],
        ]
      : []),
    ["?", t("ui.dataTable.keys.help", "Show these shortcuts")],
  ];
  return (
    <div
      className="dt-help"
      role="dialog"
      aria-modal="true"
      aria-label={t("ui.dataTable.shortcuts", "Keyboard shortcuts")}
      onKeyDown={(event) => {
        if (event.key === "Escape") close();
      }}
    >
      <h2 className="dt-help-title">{t("ui.dataTable.shortcuts", "Keyboard shortcuts")}</h2>
      <dl className="dt-help-keys">
        {keys.map(([key, what]) => (
          <Fragment key={key}>
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </Fragment>
        ))}
      </dl>
      <button type="button" className="dt-tool" autoFocus onClick={close}>
        {t("ui.dataTable.close", "Close")}
      </button>
    </div>
  );
}

/** The page numbers, with the first, the last and two around the current one; a gap reads as "…". */
export function pageWindow(page: number, pages: number): (number | "gap")[] {
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const out: (number | "gap")[] = [];
  let last = 0;
  for (const p of [...shown].sort((a, b) => a - b)) {
    if (p - last > 1) out.push("gap");
    out.push(p);
    last = p;
  }
  return out;
}

function PageStrip({
  page,
  pages,
  pageSize,
  total,
  pagination,
  goTo,
}: {
  page: number;
  pages: number;
  pageSize: number;
  total: number;
  pagination: DataPagination;
  goTo: (page: number, pageSize?: number) => void;
}) {
  const t = useT();
  return (
    <nav className="dt-pages" aria-label={t("ui.dataTable.pages", "Pages")}>
      {pagination.showTotal && <span className="dt-total">{pagination.showTotal(total)}</span>}
      {pages > 1 && (
        <>
          <button
            type="button"
            className="dt-page dt-page-step"
            disabled={page <= 1}
            aria-label={t("ui.dataTable.previous", "Previous page")}
            onClick={() => goTo(page - 1)}
          >
            ‹
          </button>
          {pageWindow(page, pages).map((p, i) =>
            p === "gap" ? (
              <span key={`gap${i}`} className="dt-page-gap" aria-hidden="true">
                …
              </span>
            ) : (
              <button
                key={p}
                type="button"
                className={p === page ? "dt-page dt-page-current" : "dt-page"}
                aria-current={p === page ? "page" : undefined}
                aria-label={t("ui.dataTable.page", "Page {page}", { page: p })}
                onClick={() => goTo(p)}
              >
                {p}
              </button>
            ),
          )}
          <button
            type="button"
            className="dt-page dt-page-step"
            disabled={page >= pages}
            aria-label={t("ui.dataTable.next", "Next page")}
            onClick={() => goTo(page + 1)}
          >
            ›
          </button>
        </>
      )}
      {pagination.pageSizeOptions && (
        <select
          className="input-box dt-page-size"
          aria-label={t("ui.dataTable.pageSize", "Rows per page")}
          value={pageSize}
          onChange={(event) => goTo(1, Number(event.target.value))}
        >
          {pagination.pageSizeOptions.map((n) => (
            <option key={n} value={n}>
              {t("ui.dataTable.perPage", "{n} / page", { n })}
            </option>
          ))}
        </select>
      )}
    </nav>
  );
}
