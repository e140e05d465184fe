import { useCan, useDelete, useList, type BaseRecord, type HttpError } from "@refinedev/core";
import { Button } from "antd";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { useTr } from "../../i18n/refine";
import { DataTable, type DataColumn, type DataSelection, type DataSort } from "../../ui/DataTable";
import { BulkBar, bulkTarget } from "../../ui/grid/BulkBar";
import { useListUrl } from "../../ui/grid/list-url";
import { SavedViews } from "../../ui/grid/SavedViews";
import { ErrorCard } from "../../ui/ErrorCard";
import { PencilIcon, PlusIcon, TrashIcon } from "../../ui/icons";
import { Panel, SearchField } from "../../ui/blocks";
import { ConfirmButton } from "./ConfirmButton";
import { InlineEditCell } from "./InlineEditCell";
import type { ResourceScreenProps } from "./types";
import { mutationNotifications } from "./notifications";
import { PageHeader } from "../../ui/PageHeader";
import { keySegment, useMessageText, useDeclarationText } from "./texts";
import { useBulkDelete } from "./use-bulk-delete";

// rjsf and the editor load when the dialog first opens.
const PAGE_SIZE = 10;
const EditorDialog = lazy(() => import("./EditorDialog"));
const noSelection: DataSelection = { keys: new Set(), allMatching: false };

/** A column's value as text: monospaced (ids) or cut with an ellipsis as the column says. */
function plainCell(value: unknown, column: { mono?: boolean; truncate?: boolean }) {
  const text = value === null || value === undefined ? "" : String(value);
  const content = column.mono ? <span className="cell-mono">{text}</span> : text;
  return column.truncate ? (
    <span className="cell-truncate" title={text}>
      {content}
    </span>
  ) : (
    content
  );
}

/** The generated list: title, create action, search, table with delete, empty text and load error card. */
export function ListScreen({ guildId, declaration }: ResourceScreenProps) {
  const list = declaration.list;
  const idKey = declaration.endpoint?.idKey ?? "id";
  const navigate = useNavigate();
  const tr = useTr();
  const text = useDeclarationText(declaration);
  const apiText = useMessageText(declaration);
  // The list's state lives in the URL (?q, ?page, ?sort&order, ?hide), so a reload, the back button and a shared link
  // show the same rows in the same order with the same columns; a saved view is that state under a name.
  const url = useListUrl();
  const { params, set: setParam } = url;
  const search = params.get("q") ?? "";
  const [selection, setSelection] = useState<DataSelection>(noSelection);
  const setSearch = (q: string) => {
    setParam({ q, page: undefined });
    // A new search is a new set of rows: what was selected among the old ones is let go.
    setSelection(noSelection);
  };
  const sortFields = useMemo(() => declaration.endpoint?.list?.sort?.fields ?? [], [declaration]);
  const sort: DataSort | undefined = url.sortOf(sortFields);
  const sorters = sort ? [{ field: sort.field, order: sort.order }] : undefined;
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogMounted, setDialogMounted] = useState(false);
  /** The record the edit dialog is open for. */
  const [editing, setEditing] = useState<BaseRecord | undefined>(undefined);
  const [deletingIds, setDeletingIds] = useState<ReadonlySet<string>>(new Set());

  // Browsing: one page at a time from the server (?page&per_page, the total from the answer). Searching: the whole
  // list (at most the resource's limit), matched here — the search's rules (a resource's own case rule, fields the
  // server presents but does not store) are the declaration's, not an equality the route could filter by. Until
  // the whole list arrives, the search runs over the page on screen.
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const setPage = (next: number) => setParam({ page: next > 1 ? String(next) : undefined });
  const searching = search !== "" && !!list?.search;
  const cacheOptions = { staleTime: declaration.cache?.staleTime, gcTime: declaration.cache?.gcTime };
  const paged = useList<BaseRecord, HttpError>({
    resource: declaration.name,
    meta: { guildId },
    pagination: { mode: "server", currentPage: page, pageSize: PAGE_SIZE },
    sorters,
    errorNotification: false,
    queryOptions: { ...cacheOptions, placeholderData: (previous) => previous },
  });
  const whole = useList<BaseRecord, HttpError>({
    resource: declaration.name,
    meta: { guildId },
    pagination: { mode: "off" },
    sorters,
    errorNotification: false,
    queryOptions: { ...cacheOptions, enabled: searching },
  });
  const { result, query } = searching && whole.query.data ? whole : paged;
  const total = paged.result.total ?? 0;
  // A page emptied by a delete (the last one) gives way to the page before it.
  useEffect(() => {
    const last = Math.max(1, Math.ceil(total / PAGE_SIZE));
    if (!paged.query.isFetching && page > last) setParam({ page: last > 1 ? String(last) : undefined });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setParam is a new function each render; the page is what moves
  }, [page, total, paged.query.isFetching]);
  const canCreate = useCan({ resource: declaration.name, action: "create", params: { guildId } });
  const canDelete = useCan({ resource: declaration.name, action: "delete", params: { guildId } });
  const canEdit = useCan({ resource: declaration.name, action: "edit", params: { guildId } });
  const editInDialog = declaration.edit?.mode === "dialog" && canEdit.data?.can === true;
  const { mutate: remove } = useDelete();
  // Rows are selectable where the resource offers a bulk delete and the caller may delete: the selection's delete
  // goes at once, with Undo in its toast for some seconds.
  const bulkDelete = declaration.bulk?.includes("delete") === true && canDelete.data?.can === true;
  const { action: deleteMany } = useBulkDelete(declaration, guildId);

  const rows = useMemo(() => {
    const data = result.data ?? [];
    const match = list?.search?.match;
    return searching && match ? data.filter((record) => match(record as never, search)) : data;
  }, [result.data, search, searching, list?.search?.match]);

  const columns = useMemo<DataColumn<BaseRecord>[]>(() => {
    const cols: DataColumn<BaseRecord>[] = (list?.columns ?? []).map((column) => {
      const title = text(`columns.${keySegment(column.key)}`, column.title);
      return {
        key: column.key,
        dataIndex: column.key,
        title,
        width: column.width,
        sortable: sortFields.includes(column.key),
        chooserLabel: text(`columns.${keySegment(column.key)}`, column.title),
        hideBelow: column.hideOnMobile ? "md" : undefined,
        ellipsis: column.truncate,
        render: (value: unknown, record: BaseRecord) => {
          const cell = column.render ? column.render(value, record as never) : plainCell(value, column);
          return column.inlineEdit && canEdit.data?.can === true && declaration.schema ? (
            <InlineEditCell guildId={guildId} declaration={declaration} record={record} field={column.key} label={title}>
              {cell}
            </InlineEditCell>
          ) : (
            cell
          );
        },
      };
    });
    const removal = declaration.remove;
    if (removal) {
      cols.push({
        key: "__actions",
        title: tr("ui.listScreen.actions", "Actions"),
        width: editInDialog ? 220 : 140,
        align: "right",
        // In view while a narrow screen scrolls the table sideways, as the transcripts' actions are.
        stickyEnd: true,
        render: (_: unknown, record: BaseRecord) => {
          const editButton = editInDialog ? (
            <Button size="small" icon={<PencilIcon size={14} />} onClick={() => setEditing(record)}>
              {text("edit.title", declaration.edit!.title)}
            </Button>
          ) : null;
          const id = String(record[idKey]);
          const pending = deletingIds.has(id);
          const doDelete = () => {
            setDeletingIds((ids) => new Set(ids).add(id));
            remove(
              {
                resource: declaration.name,
                id,
                meta: { guildId },
                ...mutationNotifications(undefined, apiText),
              },
              {
                onSettled: () =>
                  setDeletingIds((ids) => {
                    const next = new Set(ids);
                    next.delete(id);
                    return next;
                  }),
              },
            );
          };
          const button = (
            <Button
              danger
              size="small"
              icon={<TrashIcon size={14} />}
              disabled={pending || canDelete.data?.can === false}
              onClick={removal.confirm ? undefined : doDelete}
            >
              {pending ? text("remove.pending", removal.pendingLabel) : text("remove.label", removal.label)}
            </Button>
          );
          const removeControl =
            removal.confirm && !pending ? (
              <ConfirmButton
                title={text("remove.confirm.title", removal.confirm.title)}
                description={text("remove.confirm.description", removal.confirm.description)}
                okText={removal.confirm.okText ? text("remove.confirm.ok", removal.confirm.okText) : text("remove.label", removal.label)}
                cancelText={text("remove.confirm.cancel", removal.confirm.cancelText)}
                onConfirm={doDelete}
                disabled={canDelete.data?.can === false}
              >
                {button}
              </ConfirmButton>
            ) : (
              button
            );
          return editButton ? (
            <span className="list-actions">
              {editButton}
              {removeControl}
            </span>
          ) : (
            removeControl
          );
        },
      });
    }
    return cols;
  }, [
    list?.columns,
    sortFields,
    declaration,
    deletingIds,
    canDelete.data?.can,
    canEdit.data?.can,
    idKey,
    guildId,
    remove,
    text,
    tr,
    apiText,
    editInDialog,
  ]);

  const create = declaration.create;
  const createAllowed = canCreate.data?.can === true;
  const createButton =
    create && createAllowed ? (
      create.mode === "page" ? (
        <Button type="primary" icon={<PlusIcon size={16} />} onClick={() => navigate("create")}>
          {text("create.title", create.title)}
        </Button>
      ) : (
        <Button
          type="primary"
          icon={<PlusIcon size={16} />}
          onClick={() => {
            setDialogMounted(true);
            setDialogOpen(true);
          }}
        >
          {text("create.title", create.title)}
        </Button>
      )
    ) : null;

  const failed = paged.query.isError ? paged.query : searching && whole.query.isError ? whole.query : null;
  if (failed) {
    return (
      <div className="page">
        <PageHeader title={text("title", declaration.title)} />
        <ErrorCard
          page={text("pageName", declaration.pageName)}
          message={failed.error?.message ? apiText(failed.error.message) : undefined}
        />
      </div>
    );
  }

  return (
    <div className="page">
      <PageHeader title={text("title", declaration.title)} extra={createButton} />
      {list && (
        <Panel
          className="list-card"
          title={text("list.title", list.title)}
          extra={
            list.search ? (
              <div className="list-search">
                <SearchField placeholder={text("list.search", list.search.placeholder)} value={search} onChange={setSearch} />
              </div>
            ) : undefined
          }
        >
          <DataTable<BaseRecord>
            tools={<SavedViews guildId={guildId} list={declaration.name} />}
            rowKey={(record) => String(record[idKey])}
            dataSource={rows}
            columns={columns}
            loading={query.isLoading || (searching && whole.query.isLoading && rows.length === 0)}
            minWidth={640}
            pagination={
              searching
                ? { pageSize: PAGE_SIZE, hideOnSinglePage: true }
                : { pageSize: PAGE_SIZE, current: page, total, onChange: (next) => setPage(next), hideOnSinglePage: true }
            }
            emptyText={text("list.empty", list.emptyText)}
            sort={sort}
            onSortChange={url.setSort}
            columnChooser
            hiddenColumns={url.hidden}
            onHiddenColumnsChange={url.setHidden}
            selection={bulkDelete ? selection : undefined}
            onSelectionChange={bulkDelete ? setSelection : undefined}
            bulkActions={
              bulkDelete
                ? (selected) => (
                    <BulkBar
                      actions={[
                        deleteMany(
                          // A search matches here, not on the server: "every record matching" is the rows it kept.
                          () => bulkTarget(selected, String, {}, searching ? rows.map((record) => String(record[idKey])) : undefined),
                          () => setSelection(noSelection),
                        ),
                      ]}
                    />
                  )
                : undefined
            }
            onOpen={
              editInDialog
                ? (record) => setEditing(record)
                : declaration.edit?.mode === "page" && canEdit.data?.can === true
                  ? (record) => navigate(`edit/${encodeURIComponent(String(record[idKey]))}`)
                  : undefined
            }
          />
        </Panel>
      )}
      {editing && (
        <Suspense fallback={null}>
          <EditorDialog
            key={String(editing[idKey])}
            guildId={guildId}
            declaration={declaration}
            record={editing}
            open
            onClose={() => setEditing(undefined)}
          />
        </Suspense>
      )}
      {create?.mode === "dialog" && dialogMounted && (
        <Suspense fallback={null}>
          <EditorDialog guildId={guildId} declaration={declaration} open={dialogOpen} onClose={() => setDialogOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
