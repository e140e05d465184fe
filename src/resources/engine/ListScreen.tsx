import { useCan, useDelete, useList, type BaseRecord, type HttpError } from "@refinedev/core";
import { Button, Card, Input, Popconfirm, Table, Tooltip, type TableColumnsType } from "antd";
import { lazy, Suspense, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { ErrorCard } from "../../shell/ErrorCard";
import { PlusIcon, SearchIcon, TrashIcon } from "../../shell/icons";
import type { ResourceScreenProps } from "../types";
import { mutationNotifications } from "./notifications";
import { PageHeader } from "./PageHeader";

// rjsf and the editor load when the dialog first opens.
const EditorDialog = lazy(() => import("./EditorDialog"));

/** The generated list: title, create action, search, table with delete, empty text and load error card. */
export function ListScreen({ guildId, declaration }: ResourceScreenProps) {
  const list = declaration.list;
  const idKey = declaration.endpoint?.idKey ?? "id";
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogMounted, setDialogMounted] = useState(false);
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
  const { mutate: remove } = useDelete();

  const rows = useMemo(() => {
    const data = result.data ?? [];
    const match = list?.search?.match;
    return search && match ? data.filter((record) => match(record as never, search)) : data;
  }, [result.data, search, list?.search?.match]);

  const columns = useMemo<TableColumnsType<BaseRecord>>(() => {
    const cols: TableColumnsType<BaseRecord> = (list?.columns ?? []).map((column) => ({
      key: column.key,
      dataIndex: column.key,
      title: column.title,
      width: column.width,
      responsive: column.hideOnMobile ? ["md"] : undefined,
      ellipsis: column.truncate ? { showTitle: false } : undefined,
      render: (value: unknown, record: BaseRecord) => {
        if (column.render) return column.render(value, record as never);
        const text = value === null || value === undefined ? "" : String(value);
        const content = column.mono ? <span className="cell-mono">{text}</span> : text;
        return column.truncate ? (
          <Tooltip title={text} placement="topLeft" mouseEnterDelay={0.7}>
            <span className="cell-truncate">{content}</span>
          </Tooltip>
        ) : (
          content
        );
      },
    }));
    const removal = declaration.remove;
    if (removal) {
      cols.push({
        key: "__actions",
        title: "Actions",
        width: 140,
        align: "right",
        render: (_: unknown, record: BaseRecord) => {
          const id = String(record[idKey]);
          const pending = deletingIds.has(id);
          const doDelete = () => {
            setDeletingIds((ids) => new Set(ids).add(id));
            remove(
              {
                resource: declaration.name,
                id,
                meta: { guildId },
                ...mutationNotifications(),
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
              {pending ? removal.pendingLabel : removal.label}
            </Button>
          );
          return removal.confirm && !pending ? (
            <Popconfirm
              title={removal.confirm.title}
              description={removal.confirm.description}
              okText={removal.confirm.okText ?? removal.label}
              cancelText={removal.confirm.cancelText}
              okButtonProps={{ danger: true }}
              onConfirm={doDelete}
              disabled={canDelete.data?.can === false}
            >
              {button}
            </Popconfirm>
          ) : (
            button
          );
        },
      });
    }
    return cols;
  }, [list?.columns, declaration, deletingIds, canDelete.data?.can, idKey, guildId, remove]);

  const create = declaration.create;
  const createAllowed = canCreate.data?.can === true;
  const createButton =
    create && createAllowed ? (
      create.mode === "page" ? (
        <Button type="primary" icon={<PlusIcon size={16} />} onClick={() => navigate("create")}>
          {create.title}
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
          {create.title}
        </Button>
      )
    ) : null;

  if (query.isError) {
    return (
      <div className="page">
        <PageHeader title={declaration.title} />
        <ErrorCard page={declaration.pageName} message={query.error?.message} />
      </div>
    );
  }

  return (
    <div className="page">
      <PageHeader title={declaration.title} extra={createButton} />
      {list && (
        <Card
          className="list-card"
          title={list.title}
          extra={
            list.search ? (
              <Input
                className="list-search"
                allowClear
                prefix={<SearchIcon size={16} />}
                placeholder={list.search.placeholder}
                aria-label={list.search.placeholder}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            ) : undefined
          }
        >
          <Table<BaseRecord>
            rowKey={(record) => String(record[idKey])}
            dataSource={rows}
            columns={columns}
            loading={query.isLoading}
            size="middle"
            scroll={{ x: 640 }}
            tableLayout="fixed"
            pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
            locale={{ emptyText: query.isLoading ? " " : list.emptyText }}
          />
        </Card>
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

