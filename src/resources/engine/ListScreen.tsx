import { useCan, useDelete, useList, type BaseRecord, type HttpError } from "@refinedev/core";
import { Button } from "antd";
import { lazy, Suspense, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { useTr } from "../../i18n/refine";
import { DataTable, type DataColumn } from "../../ui/DataTable";
import { ErrorCard } from "../../ui/ErrorCard";
import { PencilIcon, PlusIcon, TrashIcon } from "../../ui/icons";
import { Panel, SearchField } from "../../ui/blocks";
import { ConfirmButton } from "./ConfirmButton";
import type { ResourceScreenProps } from "./types";
import { mutationNotifications } from "./notifications";
import { PageHeader } from "../../ui/PageHeader";
import { keySegment, useMessageText, useDeclarationText } from "./texts";

// rjsf and the editor load when the dialog first opens.
const EditorDialog = lazy(() => import("./EditorDialog"));

/** The generated list: title, create action, search, table with delete, empty text and load error card. */
export function ListScreen({ guildId, declaration }: ResourceScreenProps) {
  const list = declaration.list;
  const idKey = declaration.endpoint?.idKey ?? "id";
  const navigate = useNavigate();
  const tr = useTr();
  const text = useDeclarationText(declaration);
  const apiText = useMessageText(declaration);
  const [search, setSearch] = useState("");
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogMounted, setDialogMounted] = useState(false);
  /** The record the edit dialog is open for. */
  const [editing, setEditing] = useState<BaseRecord | undefined>(undefined);
  const [deletingIds, setDeletingIds] = useState<ReadonlySet<string>>(new Set());

  const { result, query } = useList<BaseRecord, HttpError>({
    resource: declaration.name,
    meta: { guildId },
    pagination: { mode: "off" },
    errorNotification: false,
    queryOptions: { staleTime: declaration.cache?.staleTime, gcTime: declaration.cache?.gcTime },
  });
  const canCreate = useCan({ resource: declaration.name, action: "create", params: { guildId } });
  const canDelete = useCan({ resource: declaration.name, action: "delete", params: { guildId } });
  const canEdit = useCan({ resource: declaration.name, action: "edit", params: { guildId } });
  const editInDialog = declaration.edit?.mode === "dialog" && canEdit.data?.can === true;
  const { mutate: remove } = useDelete();

  const rows = useMemo(() => {
    const data = result.data ?? [];
    const match = list?.search?.match;
    return search && match ? data.filter((record) => match(record as never, search)) : data;
  }, [result.data, search, list?.search?.match]);

  const columns = useMemo<DataColumn<BaseRecord>[]>(() => {
    const cols: DataColumn<BaseRecord>[] = (list?.columns ?? []).map((column) => ({
      key: column.key,
      dataIndex: column.key,
      title: text(`columns.${keySegment(column.key)}`, column.title),
      width: column.width,
      hideBelow: column.hideOnMobile ? "md" : undefined,
      ellipsis: column.truncate,
      render: (value: unknown, record: BaseRecord) => {
        if (column.render) return column.render(value, record as never);
        const text = value === null || value === undefined ? "" : String(value);
        const content = column.mono ? <span className="cell-mono">{text}</span> : text;
        return column.truncate ? (
          <span className="cell-truncate" title={text}>
            {content}
          </span>
        ) : (
          content
        );
      },
    }));
    const removal = declaration.remove;
    if (removal) {
      cols.push({
        key: "__actions",
        title: tr("ui.listScreen.actions", "Actions"),
        width: editInDialog ? 220 : 140,
        align: "right",
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
          const removeControl = removal.confirm && !pending ? (
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
  }, [list?.columns, declaration, deletingIds, canDelete.data?.can, idKey, guildId, remove, text, tr, apiText, editInDialog]);

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

  if (query.isError) {
    return (
      <div className="page">
        <PageHeader title={text("title", declaration.title)} />
        <ErrorCard page={text("pageName", declaration.pageName)} message={query.error?.message ? apiText(query.error.message) : undefined} />
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
            rowKey={(record) => String(record[idKey])}
            dataSource={rows}
            columns={columns}
            loading={query.isLoading}
            minWidth={640}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            emptyText={text("list.empty", list.emptyText)}
          />
        </Panel>
      )}
      {editing && (
        <Suspense fallback={null}>
          <EditorDialog key={String(editing[idKey])} guildId={guildId} declaration={declaration} record={editing} open onClose={() => setEditing(undefined)} />
        </Suspense>
      )}
      {create?.mode === "dialog" && dialogMounted && (
        <Suspense fallback={null}>
          <EditorDialog
            guildId={guildId}
            declaration={declaration}
            open={dialogOpen}
            onClose={() => setDialogOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}

