import { useCan, useDelete, useList, useNotification, type HttpError } from "@refinedev/core";
import { Button, type MenuProps } from "antd";
import { ActionsMenu } from "../../ui/ActionsMenu";
import { Card } from "../../ui/blocks";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useSpecT, useSpecText, useTr } from "../../i18n/refine";
import type { Form } from "../../schemas/form";
import { formMessages } from "../../schemas/messages";
import { ErrorCard } from "../../ui/ErrorCard";
import { CopyIcon, EditIcon, MoreIcon, PlusIcon, TrashIcon } from "../../ui/icons";
import { PageHeader } from "../../ui/PageHeader";
import { BulkBar } from "../../ui/grid/BulkBar";
import { useBulkDelete } from "../engine/use-bulk-delete";
import { formsResource } from "./declaration";
import { copyText } from "./clipboard";
import { LinkButton } from "./LinkButton";
import { deleteFormError, fetchFormsError, fieldLines, formsRetryDelay, isDeleteConfirmed, shouldRetryForms } from "./logic";

export const copyFailedMessage = "Could not copy the command";
const skeletonCards = 3;

/** §2 Forms list: cards with the fields, an Actions menu (edit, copy command, delete), empty state, skeletons. */
export function FormsList({ guildId }: { guildId: string }) {
  const navigate = useNavigate();
  const tr = useTr();
  const spec = useSpecT();
  const specText = useSpecText();
  const { open } = useNotification();
  const [deleting, setDeleting] = useState<ReadonlySet<number>>(new Set());
  const { result, query } = useList<Form, HttpError>({
    resource: "forms",
    meta: { guildId },
    pagination: { mode: "off" },
    errorNotification: false,
    queryOptions: { retry: shouldRetryForms, retryDelay: formsRetryDelay },
  });
  const canCreate = useCan({ resource: "forms", action: "create", params: { guildId } }).data?.can === true;
  const canEdit = useCan({ resource: "forms", action: "edit", params: { guildId } }).data?.can === true;
  const canDelete = useCan({ resource: "forms", action: "delete", params: { guildId } }).data?.can === true;
  const { mutate: remove } = useDelete();
  // Cards are selectable for the bulk delete (with Undo in its toast) where the caller may delete forms.
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const { action: deleteMany } = useBulkDelete(formsResource, guildId);
  const toggleSelected = (formId: number) =>
    setSelected((ids) => {
      const next = new Set(ids);
      if (!next.delete(formId)) next.add(formId);
      return next;
    });

  const listPath = `/${guildId}/forms`;
  const createButton = canCreate ? (
    <LinkButton to={`${listPath}/create`} type="primary" icon={<PlusIcon size={16} />}>
      {spec(formMessages, "createForm")}
    </LinkButton>
  ) : null;

  const deleteForm = (form: Form) => {
    setDeleting((ids) => new Set(ids).add(form.FormId));
    remove(
      {
        resource: "forms",
        id: form.FormId,
        meta: { guildId },
        successNotification: (data) => (isDeleteConfirmed(data?.data) ? { type: "success", message: formMessages.deletedByServer } : false),
        errorNotification: (error) => ({ type: "error", message: deleteFormError(error) }),
      },
      {
        onSettled: () =>
          setDeleting((ids) => {
            const next = new Set(ids);
            next.delete(form.FormId);
            return next;
          }),
      },
    );
  };

  const copyCommand = async (form: Form) => {
    try {
      await copyText(formMessages.command(form.FormId));
      open?.({ type: "success", message: formMessages.commandCopied });
    } catch {
      open?.({ type: "error", message: tr("forms.list.copyFailed", copyFailedMessage) });
    }
  };

  const menuFor = (form: Form): MenuProps => ({
    items: [
      ...(canEdit ? [{ key: "edit", icon: <EditIcon size={16} />, label: spec(formMessages, "editForm") }] : []),
      { key: "copy", icon: <CopyIcon size={16} />, label: spec(formMessages, "copyCommand") },
      ...(canDelete
        ? [
            { type: "divider" as const },
            { key: "delete", icon: <TrashIcon size={16} />, danger: true, label: spec(formMessages, "deleteForm") },
          ]
        : []),
    ],
    onClick: ({ key }) => {
      if (key === "edit") void navigate(`${listPath}/edit/${form.FormId}`);
      else if (key === "copy") void copyCommand(form);
      else if (key === "delete") deleteForm(form);
    },
  });

  let body;
  if (query.isError) {
    body = <ErrorCard page={spec(formMessages, "title")} message={fetchFormsError(query.error, tr, specText)} />;
  } else if (query.isLoading) {
    body = (
      <div className="forms-grid" aria-busy="true">
        {Array.from({ length: skeletonCards }, (_, i) => (
          <Card key={i} className="form-card form-card-skeleton" data-testid="form-skeleton">
            {/* The UI kit's shimmer blocks (src/ui/ui.css): a title and three lines, without antd's Skeleton. */}
            <div className="skeleton-block" style={{ width: "50%", height: 16 }} />
            {[100, 100, 60].map((width, line) => (
              <div key={line} className="skeleton-block" style={{ width: `${width}%`, height: 14, marginTop: 12 }} />
            ))}
          </Card>
        ))}
      </div>
    );
  } else if (result.data.length === 0) {
    body = (
      <Card className="forms-empty">
        <div className="forms-empty-body">
          <p className="forms-empty-text">{spec(formMessages, "emptyState")}</p>
          {canCreate && (
            <LinkButton to={`${listPath}/create`} type="primary" icon={<PlusIcon size={16} />}>
              {spec(formMessages, "createFirst")}
            </LinkButton>
          )}
        </div>
      </Card>
    );
  } else {
    const shown = selected.size > 0 && result.data.some((form) => selected.has(form.FormId));
    body = (
      <>
        {shown && (
          <div className="dt-toolbar forms-bulk" role="status">
            <span className="dt-selected-count">{tr("ui.dataTable.selected", "{n} selected", { n: selected.size })}</span>
            <button type="button" className="dt-link" onClick={() => setSelected(new Set())}>
              {tr("ui.dataTable.clearSelection", "Clear selection")}
            </button>
            <BulkBar
              actions={[
                deleteMany(
                  () => ({ ids: [...selected] }),
                  () => setSelected(new Set()),
                ),
              ]}
            />
          </div>
        )}
        <div className="forms-grid">
          {result.data.map((form) => {
            const lines = fieldLines(form, tr);
            const pending = deleting.has(form.FormId);
            return (
              <Card
                key={form.FormId}
                className={pending ? "form-card form-card-pending" : "form-card"}
                aria-busy={pending}
                title={
                  <div className="form-card-title">
                    {canDelete && (
                      <input
                        type="checkbox"
                        className="form-card-select"
                        aria-label={tr("forms.list.select", "Select {name}", { name: form.FormName })}
                        checked={selected.has(form.FormId)}
                        onChange={() => toggleSelected(form.FormId)}
                      />
                    )}
                    <span className="form-card-name">{form.FormName}</span>
                    <span className="form-card-id">#{form.FormId}</span>
                  </div>
                }
                extra={
                  <ActionsMenu menu={menuFor(form)} disabled={pending}>
                    <Button
                      type="text"
                      aria-label={tr("forms.list.actionsFor", "Actions for {name}", { name: form.FormName })}
                      title={tr("forms.list.actions", "Actions")}
                      icon={<MoreIcon size={18} />}
                    />
                  </ActionsMenu>
                }
              >
                {lines.length ? (
                  <ul className="form-card-fields">
                    {lines.map((line, i) => (
                      <li key={i}>{line}</li>
                    ))}
                  </ul>
                ) : (
                  <p className="form-card-nofields">{spec(formMessages, "noFields")}</p>
                )}
              </Card>
            );
          })}
        </div>
      </>
    );
  }

  return (
    <div className="page forms-page">
      <PageHeader title={spec(formMessages, "title")} extra={createButton} />
      {body}
    </div>
  );
}
