import { Fragment, useEffect, useState, type ReactNode } from "react";
import { useT } from "../i18n/react";
import { ChevronIcon } from "./icons";
import "./data-table.css";

// The dashboard's table: a plain <table> with the few things our lists use — columns rendered from a record,
// hidden below a breakpoint or cut with an ellipsis, rows that expand, a page strip (on the client, or controlled
// by a server-paged screen), an empty text and a busy state. antd's Table brings rc-table, rc-tree, rc-pagination,
// Select, Dropdown, Checkbox and their styles: about 100 KB of gzipped JavaScript on every list screen
// (bench/results.md), for features no screen here uses.

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
}

const keyOf = <T,>(rowKey: DataTableProps<T>["rowKey"], record: T) =>
  typeof rowKey === "function" ? rowKey(record) : String(record[rowKey]);

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
}: DataTableProps<T>) {
  const t = useT();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [clientPage, setClientPage] = useState(1);
  const controlled = pagination?.onChange !== undefined;
  const total = pagination ? (pagination.total ?? dataSource.length) : dataSource.length;
  const pageSize = pagination?.pageSize ?? Math.max(1, dataSource.length);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(controlled ? (pagination?.current ?? 1) : clientPage, pages);
  // A client-paged list that shrank (a search, a delete) stays on a page that exists.
  useEffect(() => {
    if (!controlled && clientPage > pages) setClientPage(pages);
  }, [controlled, clientPage, pages]);
  const rows = pagination && !controlled ? dataSource.slice((page - 1) * pageSize, page * pageSize) : dataSource;
  const span = columns.length + (expandable ? 1 : 0);

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

  return (
    <div className={["data-table", `data-table-${size}`, loading && "data-table-busy", className].filter(Boolean).join(" ")}>
      <div className="dt-scroll">
        <table style={minWidth ? { width: `max(100%, ${minWidth}px)` } : undefined} aria-label={label} aria-busy={loading || undefined}>
          <thead>
            <tr>
              {expandable && <th className="dt-cell dt-expand-cell" aria-hidden="true" />}
              {columns.map((column, i) => (
                <th
                  key={column.key ?? column.dataIndex ?? i}
                  scope="col"
                  className={cellClass(column as DataColumn<unknown>, "dt-cell")}
                  style={column.width ? { width: column.width } : undefined}
                >
                  {column.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr className="dt-empty">
                <td colSpan={span}>{loading ? " " : emptyText}</td>
              </tr>
            ) : (
              rows.map((record, index) => {
                const key = keyOf(rowKey, record);
                const canExpand = expandable && (expandable.rowExpandable?.(record) ?? true);
                const open = canExpand && expanded.has(key);
                return (
                  <Fragment key={key}>
                    <tr className={["dt-row", rowClassName?.(record)].filter(Boolean).join(" ")} data-row-key={key}>
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
                      {columns.map((column, i) => {
                        const value = column.dataIndex ? record[column.dataIndex] : undefined;
                        const content = column.render ? column.render(value, record, index) : (value as ReactNode);
                        return (
                          <td
                            key={column.key ?? column.dataIndex ?? i}
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
