import { useCreate, type HttpError } from "@refinedev/core";
import { Alert, Button, Modal } from "antd";
import { useId, useState } from "react";
import { useTr } from "../../i18n/refine";
import type { ResourceDeclaration } from "../types";
import { mutationNotifications } from "./notifications";
import { ResourceForm } from "./ResourceForm";
import { useMessageText, useDeclarationText } from "./texts";

export interface EditorDialogProps {
  guildId: string;
  declaration: ResourceDeclaration;
  open: boolean;
  onClose: () => void;
}

/**
 * The generated create dialog. Invalid input is not sent; after a send the form is reset whatever the result;
 * success closes the dialog; a server error shows in a toast and inside the dialog.
 */
export default function EditorDialog({ guildId, declaration, open, onClose }: EditorDialogProps) {
  const create = declaration.create!;
  const tr = useTr();
  const text = useDeclarationText(declaration);
  const apiText = useMessageText(declaration);
  const formId = `editor-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const [formKey, setFormKey] = useState(0);
  const [serverError, setServerError] = useState<string | null>(null);
  const { mutate, mutation } = useCreate<Record<string, unknown>, HttpError, Record<string, unknown>>();
  const isPending = mutation.isPending;

  const reset = () => setFormKey((key) => key + 1);
  const close = () => {
    setServerError(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={text("create.title", create.title)}
      onCancel={close}
      maskClosable={!isPending}
      destroyOnHidden={false}
      footer={[
        <Button key="cancel" onClick={close} disabled={isPending}>
          {tr("engine.editor.cancel", "Cancel")}
        </Button>,
        <Button key="submit" type="primary" htmlType="submit" form={formId} loading={isPending}>
          {isPending ? text("create.pending", create.pendingLabel) : text("create.submit", create.submitLabel)}
        </Button>,
      ]}
    >
      {serverError && (
        <Alert className="editor-server-error" type="error" showIcon message={apiText(serverError)} role="alert" />
      )}
      <ResourceForm
        key={formKey}
        formId={formId}
        declaration={declaration}
        disabled={isPending}
        onSubmit={(values) => {
          setServerError(null);
          mutate(
            { resource: declaration.name, values, meta: { guildId }, ...mutationNotifications(text("create.success", create.successMessage), apiText) },
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
