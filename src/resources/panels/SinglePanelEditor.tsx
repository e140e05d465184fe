import { type HttpError, useCan, useCreate, useOne, useUpdate } from "@refinedev/core";
import { Button } from "antd";
import { useEffect, useEffectEvent, useId, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { useSpecT, useSpecText, useTr } from "../../i18n/refine";
import { frameMessages, panelMessages } from "../../schemas/messages";
import { type SinglePanel, singlePanelSchema } from "../../schemas/panel";
import { notify as toast } from "../../providers/notifications";
import { SchemaForm, withDefaults } from "../engine/form/SchemaForm";
import { type StoredSinglePanel, toWidgetData, usePanelProperties, useRefreshPanels } from "./api";
import { EditorFrame } from "./EditorFrame";
import { SinglePanelPreview } from "./preview/PanelPreview";

// Create Panel / Edit Panel (SPEC §2, §4, §5): the editor is generated from singlePanelSchema and its .meta()
// hints (sections Panel Properties, Panel Message, Welcome Message); Clear and 'Save Changes' / 'Update Changes'.

type Created = { message?: string; warning?: string; [key: string]: unknown };

/** The parts of a loaded panel that Clear keeps (which panel it is, and which version was loaded). */
const identity = (record: Record<string, unknown>) => ({ PanelId: record.PanelId, MessageId: record.MessageId, Revision: record.Revision });

export default function SinglePanelEditor({ guildId, mode }: { guildId: string; mode: "create" | "edit" }) {
  const { panelId = "" } = useParams();
  const navigate = useNavigate();
  const tr = useTr();
  const spec = useSpecT();
  const specText = useSpecText();
  const list = `/${guildId}/panels`;
  const formId = `panel-editor-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const refresh = useRefreshPanels(guildId);
  const properties = usePanelProperties(guildId);
  const one = useOne<StoredSinglePanel, HttpError>({
    resource: "panels",
    id: panelId,
    meta: { guildId },
    queryOptions: { enabled: mode === "edit" && panelId !== "", gcTime: 0 },
    errorNotification: false,
  });
  const create = useCreate<Created, HttpError, { SinglePanel: SinglePanel }>();
  const update = useUpdate<Created, HttpError, { Panel: SinglePanel }>();
  const pending = create.mutation.isPending || update.mutation.isPending;
  // The server decides; the button only reflects it (§6 decision 001).
  const allowed = useCan({ resource: "panels", action: mode, params: { guildId } }).data?.can !== false;

  const [formData, setFormData] = useState<Record<string, unknown>>(() => withDefaults(singlePanelSchema));
  const [formKey, setFormKey] = useState(0);
  const loaded = useRef<unknown>(null);

  // Edit: fill the form once the panel arrives; §4: on failure, 'Failed to fetch panel' and back to the list.
  const record = one.result as Record<string, unknown> | undefined;
  const loadFailed =
    mode === "edit" && (one.query.isError || (one.query.isSuccess && (!record || typeof record.PanelMessage !== "object")));
  const leaveOnLoadFailure = useEffectEvent(() => {
    toast({ type: "error", message: panelMessages.fetchPanelFailed, description: one.query.error?.message });
    void navigate(list, { replace: true });
  });
  useEffect(() => {
    if (loadFailed) leaveOnLoadFailure();
  }, [loadFailed]);
  useEffect(() => {
    if (mode === "edit" && record && !loadFailed && loaded.current !== record) {
      loaded.current = record;
      setFormData(withDefaults(singlePanelSchema, record));
      setFormKey((k) => k + 1);
    }
  }, [mode, record, loadFailed]);

  const clear = () => {
    setFormData(withDefaults(singlePanelSchema, mode === "edit" && record ? identity(record) : {}));
    setFormKey((k) => k + 1);
  };

  const done = (expected: string, failed: string) => (response: { data: Created }) => {
    if (response.data?.message !== expected) {
      toast({ type: "error", message: failed, description: response.data?.message });
      return;
    }
    toast({ type: "success", message: expected });
    if (response.data.warning) toast({ type: "warning", message: response.data.warning });
    void refresh();
    void navigate(list);
  };
  const failed = (message: string) => (error: HttpError) =>
    toast({ type: "error", message, description: error.message || frameMessages.unknownError });

  const submit = (panel: SinglePanel) => {
    const quiet = { successNotification: false as const, errorNotification: false as const, meta: { guildId } };
    if (mode === "create") {
      create.mutate(
        { resource: "panels", values: { SinglePanel: panel }, ...quiet },
        { onSuccess: done(panelMessages.created, panelMessages.createFailed), onError: failed(panelMessages.createFailed) },
      );
    } else {
      update.mutate(
        { resource: "panels", id: panelId, values: { Panel: panel }, ...quiet },
        { onSuccess: done(panelMessages.updated, panelMessages.updateFailed), onError: failed(panelMessages.updateFailed) },
      );
    }
  };

  const data = properties.result.data;
  const widgetData = toWidgetData(data as never);
  const submitLabel =
    mode === "create"
      ? spec(panelMessages, pending ? "saving" : "saveChanges")
      : spec(panelMessages, pending ? "updating" : "updateChanges");
  const screenTitle = mode === "create" ? tr("panels.editor.createPanel", "Create Panel") : tr("panels.editor.editPanel", "Edit Panel");

  return (
    <EditorFrame
      guildId={guildId}
      title={screenTitle}
      loading={properties.query.isLoading || (mode === "edit" && !loaded.current)}
      propertiesError={properties.query.isError ? (properties.query.error?.message ?? "") : null}
      form={
        <SchemaForm<SinglePanel>
          key={formKey}
          id={formId}
          textKey="panels"
          schema={singlePanelSchema}
          formData={formData}
          onChange={setFormData}
          data={widgetData}
          disabled={pending}
          onSubmit={submit}
          onInvalid={(messages) =>
            toast({
              type: "error",
              message: tr("spec.frame.validationError", frameMessages.validationError(["{messages}"]), {
                messages: messages.map(specText).join(", "),
              }),
            })
          }
        />
      }
      actions={
        <>
          <Button onClick={clear} disabled={pending}>
            {tr("panels.editor.clear", "Clear")}
          </Button>
          <Button type="primary" htmlType="submit" form={formId} loading={pending} disabled={!allowed}>
            {submitLabel}
          </Button>
        </>
      }
      preview={<SinglePanelPreview values={formData} emojis={widgetData.emojis ?? []} />}
    />
  );
}
