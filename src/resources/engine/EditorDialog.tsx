import { useCreate, useUpdate, type HttpError } from "@refinedev/core";
import { Alert, Button, Modal } from "antd";
import { useId, useState } from "react";
import { useTr } from "../../i18n/refine";
import type { ResourceDeclaration } from "./types";
import { mutationNotifications } from "./notifications";
import { SchemaForm } from "./form/SchemaForm";
import { declarationFormProps, useDeclarationText, useMessageText } from "./texts";

export interface EditorDialogProps {
  guildId: string;
  declaration: ResourceDeclaration;
  open: boolean;
  onClose: () => void;
  /** Edit this record (with its Revision, when the API gives one) instead of creating one. */
  record?: Record<string, unknown>;
}

/**
 * The generated create and edit dialogs. Invalid input is not sent; after a create the form is reset whatever the
 * result; success closes the dialog; a server error shows in a toast and inside the dialog. An edit sends the
 * Revision it started from, so a change made meanwhile by someone else is refused rather than overwritten.
 */
export default function EditorDialog({ guildId, declaration, open, onClose, record }: EditorDialogProps) {
  const mode = record ? "edit" : "create";
  const create = (record ? declaration.edit : declaration.create)!;
  const tr = useTr();
  const text = useDeclarationText(declaration);
  const apiText = useMessageText(declaration);
  const formId = `editor-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const [formKey, setFormKey] = useState(0);
  const [serverError, setServerError] = useState<string | null>(null);
  const { mutate, mutation } = useCreate<Record<string, unknown>, HttpError, Record<string, unknown>>();
  const { mutate: update, mutation: updateMutation } = useUpdate<Record<string, unknown>, HttpError, Record<string, unknown>>();
  const isPending = mutation.isPending || updateMutation.isPending;
  const idKey = declaration.endpoint?.idKey ?? "id";

  const reset = () => setFormKey((key) => key + 1);
  const close = () => {
    setServerError(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={text(`${mode}.title`, create.title)}
      onCancel={close}
      maskClosable={!isPending}
      destroyOnHidden={false}
      footer={[
        <Button key="cancel" onClick={close} disabled={isPending}>
          {tr("ui.editorDialog.cancel", "Cancel")}
        </Button>,
        <Button key="submit" type="primary" htmlType="submit" form={formId} loading={isPending}>
          {isPending ? text(`${mode}.pending`, create.pendingLabel) : text(`${mode}.submit`, create.submitLabel)}
        </Button>,
      ]}
    >
      {serverError && <Alert className="editor-server-error" type="error" showIcon message={apiText(serverError)} role="alert" />}
      <SchemaForm<Record<string, unknown>>
        key={formKey}
        id={formId}
        {...declarationFormProps(declaration, apiText)}
        disabled={isPending}
        initialData={record}
        onSubmit={(values) => {
          setServerError(null);
          if (record) {
            const revision = typeof record.Revision === "number" ? { Revision: record.Revision } : {};
            update(
              {
                resource: declaration.name,
                id: String(record[idKey]),
                values: { ...values, ...revision },
                meta: { guildId },
                ...mutationNotifications(text("edit.success", create.successMessage), apiText),
              },
              { onSuccess: close, onError: (error) => setServerError(error.message) },
            );
            return;
          }
          mutate(
            {
              resource: declaration.name,
              values,
              meta: { guildId },
              ...mutationNotifications(text("create.success", create.successMessage), apiText),
            },
            {
              onSuccess: () => {
                reset();
                close();
              },
              onError: (error) => {
                reset();
                setServerError(error.message);
              },
            },
          );
        }}
      />
    </Modal>
  );
}
