import { useCan, useCreate, useInvalidate, useNotification, useOne, useUpdate, type BaseRecord, type HttpError } from "@refinedev/core";
import { Alert } from "antd";
import { Card } from "../../ui/blocks";
import { useEffect, useMemo, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { useSpecT } from "../../i18n/refine";
import type { Form } from "../../schemas/form";
import { authMessages, formMessages, frameMessages } from "../../schemas/messages";
import { http } from "../../providers/http";
import type { FormField } from "../../schemas/form";
import { type FormApi, formEditSteps, runFormSteps, stepFailure } from "./edit-steps";
import { PageHeader } from "../../ui/PageHeader";
import { SkeletonLines } from "../../ui/PageFallback";
import { FormEditor } from "./editor/FormEditor";
import { ArrowLeftIcon } from "../../ui/icons";
import { LinkButton } from "./LinkButton";
import { type FormValues, formToValues, saveFormError, toFormPayload } from "./logic";

export interface FormEditorPageProps {
  guildId: string;
  mode: "create" | "edit";
}

/**
 * Create Form (/:guildId/forms/create: heading 'Create Form' and a back arrow) and Edit form
 * (/:guildId/forms/edit/:formId: 'Back to forms', 'Update Form'). Success toasts and goes back to the list;
 * loading a form that fails toasts 'Failed to fetch form' and goes back to the list.
 */
export default function FormEditorPage({ guildId, mode }: FormEditorPageProps) {
  const { formId = "" } = useParams();
  const navigate = useNavigate();
  const spec = useSpecT();
  const { open } = useNotification();
  const listPath = `/${guildId}/forms`;
  const can = useCan({ resource: "forms", action: mode === "create" ? "create" : "edit", params: { guildId } });
  const { mutate: createForm, mutation: createMutation } = useCreate<BaseRecord, HttpError, Record<string, unknown>>();
  const { mutation: updateMutation } = useUpdate<BaseRecord, HttpError, Record<string, unknown>>();
  const one = useOne<Form, HttpError>({
    resource: "forms",
    id: formId,
    meta: { guildId },
    errorNotification: false,
    queryOptions: { enabled: mode === "edit" && formId !== "", retry: false },
  });
  const [saving, setSaving] = useState(false);
  const invalidate = useInvalidate();
  const pending = createMutation.isPending || updateMutation.isPending || saving;

  const failedToLoad = mode === "edit" && one.query.isError;
  useEffect(() => {
    if (!failedToLoad) return;
    const status = one.query.error?.statusCode;
    // 401/403 already send the browser home with their own notice.
    if (status === 401 || status === 403) return;
    open?.({ type: "error", message: formMessages.fetchFormFailed });
    void navigate(listPath, { replace: true });
  }, [failedToLoad, one.query.error, open, navigate, listPath]);

  const loaded = one.result;
  const initialValues = useMemo(() => (mode === "edit" && loaded ? formToValues(loaded) : undefined), [mode, loaded]);

  const submit = (values: FormValues) => {
    let payload;
    try {
      payload = toFormPayload(values, mode);
    } catch (error) {
      open?.({ type: "error", message: saveFormError(error, mode) });
      return;
    }
    const notifications = {
      successNotification: () => ({ type: "success" as const, message: mode === "create" ? formMessages.created : formMessages.updated }),
      errorNotification: (error?: HttpError) => ({ type: "error" as const, message: saveFormError(error, mode) }),
    };
    const onSuccess = () => void navigate(listPath);
    if (mode === "create") {
      createForm(
        { resource: "forms", values: payload as unknown as Record<string, unknown>, meta: { guildId }, ...notifications },
        { onSuccess },
      );
      return;
    }
    // Edit: each change through its own endpoint (§7), each failure with its own text (§8).
    const steps = formEditSteps(initialValues!, payload);
    if (steps.length === 0) {
      open?.({ type: "success", message: formMessages.updated });
      onSuccess();
      return;
    }
    setSaving(true);
    void runFormSteps(steps, formApi(guildId, formId))
      .then(async (result) => {
        await invalidate({ resource: "forms", invalidates: ["list", "detail"], id: formId });
        if (result.ok) {
          open?.({ type: "success", message: formMessages.updated });
          onSuccess();
        } else {
          open?.({
            type: "error",
            message: stepFailure(result.step),
            description: (result.error as Error)?.message || frameMessages.unknownErrorShort,
          });
        }
      })
      .finally(() => setSaving(false));
  };

  const header =
    mode === "create" ? (
      <div className="form-editor-head">
        <LinkButton
          to={listPath}
          type="text"
          shape="circle"
          aria-label={spec(formMessages, "backToForms")}
          icon={<ArrowLeftIcon size={18} />}
        />
        <PageHeader title={spec(formMessages, "createForm")} />
      </div>
    ) : (
      <div className="form-editor-head form-editor-head-edit">
        <LinkButton to={listPath} type="link" className="form-back-link" icon={<ArrowLeftIcon size={16} />}>
          {spec(formMessages, "backToForms")}
        </LinkButton>
        <PageHeader title={spec(formMessages, "editForm")} description={loaded?.FormName} />
      </div>
    );

  let content;
  if (can.data?.can === false) {
    content = <Alert type="warning" showIcon message={spec(authMessages, "accessDenied")} />;
  } else if (mode === "edit" && (one.query.isLoading || failedToLoad || !initialValues)) {
    content = <SkeletonLines rows={8} />;
  } else {
    content = <FormEditor key={formId || "new"} mode={mode} initialValues={initialValues} pending={pending} onSubmit={submit} />;
  }

  return (
    <div className="page form-editor-page">
      {header}
      <Card className="form-editor-card">{content}</Card>
    </div>
  );
}

/** The single-purpose form endpoints of §7 (every call's failure is the step's). */
function formApi(guildId: string, formId: string): FormApi {
  const base = `/${guildId}/forms/${formId}`;
  return {
    rename: async (FormName) => void (await http.patch(base, { FormName }, { onForbidden: "caller" })),
    deleteField: async (fieldId) => void (await http.delete(`${base}/fields/${fieldId}`, { onForbidden: "caller" })),
    updateField: async (fieldId, patch) => void (await http.patch(`${base}/fields/${fieldId}`, patch, { onForbidden: "caller" })),
    createField: async (field: FormField) =>
      (await http.post<{ field: { FieldId: number } }>(`${base}/fields`, field, { onForbidden: "caller" })).field.FieldId,
    moveField: async (fieldId, position) =>
      void (await http.patch(`${base}/fields/${fieldId}/position`, { NewPosition: position }, { onForbidden: "caller" })),
  };
}
