import { useCreate, useOne, useUpdate, type BaseRecord, type HttpError } from "@refinedev/core";
import { Alert, Button } from "antd";
import { Card } from "../../ui/blocks";
import { useId, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ErrorCard } from "../../ui/ErrorCard";
import type { ResourceScreenProps } from "./types";
import { mutationNotifications } from "./notifications";
import { PageHeader } from "../../ui/PageHeader";
import { SkeletonLines } from "../../ui/PageFallback";
import { SchemaForm } from "./form/SchemaForm";
import { declarationFormProps, useDeclarationText, useMessageText } from "./texts";

/** The generated create/edit page (declarations with `mode: "page"`); back to the list on success. */
export default function EditorPage({ guildId, declaration, mode }: ResourceScreenProps & { mode: "create" | "edit" }) {
  const settings = mode === "create" ? declaration.create! : declaration.edit!;
  const text = useDeclarationText(declaration);
  const apiText = useMessageText(declaration);
  const { id } = useParams();
  const navigate = useNavigate();
  const formId = `editor-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const [formKey, setFormKey] = useState(0);
  const [serverError, setServerError] = useState<string | null>(null);
  const { mutate: createOne, mutation: createMutation } = useCreate<BaseRecord, HttpError, Record<string, unknown>>();
  const { mutate: update, mutation: updateMutation } = useUpdate<BaseRecord, HttpError, Record<string, unknown>>();
  const one = useOne<BaseRecord, HttpError>({
    resource: declaration.name,
    id: id ?? "",
    meta: { guildId },
    queryOptions: { enabled: mode === "edit" && !!id },
    errorNotification: false,
  });
  const pending = createMutation.isPending || updateMutation.isPending;
  const backToList = `/${guildId}/${declaration.route}`;

  const callbacks = {
    onSuccess: () => navigate(backToList),
    onError: (error: HttpError) => {
      setServerError(error.message);
      if (mode === "create") setFormKey((k) => k + 1);
    },
  };

  if (mode === "edit" && one.query.isError) {
    const message = one.query.error?.message;
    return <ErrorCard page={text("pageName", declaration.pageName)} message={message ? apiText(message) : message} />;
  }

  return (
    <div className="page">
      <PageHeader title={text(`${mode}.title`, settings.title)} extra={<Link to={backToList}>{text("title", declaration.title)}</Link>} />
      <Card>
        {serverError && <Alert className="editor-server-error" type="error" showIcon message={apiText(serverError)} role="alert" />}
        {mode === "edit" && one.query.isLoading ? (
          <SkeletonLines rows={3} />
        ) : (
          <SchemaForm<Record<string, unknown>>
            key={formKey}
            id={formId}
            {...declarationFormProps(declaration, apiText)}
            disabled={pending}
            initialData={mode === "edit" ? (one.result as Record<string, unknown> | undefined) : undefined}
            onSubmit={(values) => {
              setServerError(null);
              const notifications = mutationNotifications(text(`${mode}.success`, settings.successMessage), apiText);
              if (mode === "create") {
                createOne({ resource: declaration.name, values, meta: { guildId }, ...notifications }, callbacks);
              } else {
                update({ resource: declaration.name, id: id!, values, meta: { guildId }, ...notifications }, callbacks);
              }
            }}
          />
        )}
        <div className="editor-actions">
          <Button type="primary" htmlType="submit" form={formId} loading={pending}>
            {pending ? text(`${mode}.pending`, settings.pendingLabel) : text(`${mode}.submit`, settings.submitLabel)}
          </Button>
        </div>
      </Card>
    </div>
  );
}
