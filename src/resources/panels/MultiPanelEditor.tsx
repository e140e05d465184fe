import { type HttpError, useCan, useCreate, useOne, useUpdate } from "@refinedev/core";
import { Button } from "antd";
import { useEffect, useEffectEvent, useId, useMemo, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { useSpecT, useSpecText, useTr } from "../../i18n/refine";
import { formMessages, frameMessages, panelMessages } from "../../schemas/messages";
import { limits } from "../../schemas/limits";
import { type MultiPanel, multiPanelCreateSchema, multiPanelSchema } from "../../schemas/multi-panel";
import { notify as toast } from "../../providers/notifications";
import { SchemaForm, withDefaults } from "../engine/form/SchemaForm";
import { type StoredMultiPanel, toWidgetData, usePanelList, usePanelProperties, useRefreshPanels } from "./api";
import { EditorFrame } from "./EditorFrame";
import { MultiPanelPreview } from "./preview/PanelPreview";

// Create Multi-Panel / Edit Multi-Panel (SPEC §2, §4, §5): generated from the multi-panel schema; the screen
// words two schema messages its own way; creating needs at least 2 panels (the button stays disabled below).

const screenMessages = {
  [panelMessages.multiChannelRequired]: panelMessages.selectChannel,
  [panelMessages.multiTwoPanels]: panelMessages.selectTwoPanels,
};
type Answer = { message?: string; warning?: string; [key: string]: unknown };

export default function MultiPanelEditor({ guildId, mode }: { guildId: string; mode: "create" | "edit" }) {
  const { panelId = "" } = useParams();
  const navigate = useNavigate();
  const tr = useTr();
  const spec = useSpecT();
  const specText = useSpecText();
  const list = `/${guildId}/panels`;
  const formId = `multi-panel-editor-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const schema = mode === "create" ? multiPanelCreateSchema : multiPanelSchema;
  const refresh = useRefreshPanels(guildId);
  const properties = usePanelProperties(guildId);
  const panels = usePanelList(guildId);
  const one = useOne<StoredMultiPanel, HttpError>({
    resource: "panels",
    id: panelId,
    meta: { guildId },
    queryOptions: { enabled: mode === "edit" && panelId !== "", gcTime: 0 },
    errorNotification: false,
  });
  const create = useCreate<Answer, HttpError, { MultiPanel: MultiPanel }>();
  const update = useUpdate<Answer, HttpError, { MultiPanel: MultiPanel }>();
  const pending = create.mutation.isPending || update.mutation.isPending;
  // The server decides; the button only reflects it (§6 decision 001).
  const allowed = useCan({ resource: "multi-panels", action: mode, params: { guildId } }).data?.can !== false;

  const [formData, setFormData] = useState<Record<string, unknown>>(() => withDefaults(schema));
  const [formKey, setFormKey] = useState(0);
  const loaded = useRef<Record<string, unknown> | null>(null);

  const record = one.result as Record<string, unknown> | undefined;
  const loadFailed =
    mode === "edit" && (one.query.isError || (one.query.isSuccess && (!record || typeof record.PanelChannelId !== "string")));
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
      setFormData(withDefaults(schema, record));
      setFormKey((k) => k + 1);
    }
  }, [mode, record, loadFailed, schema]);

  const reset = () => {
    setFormData(withDefaults(schema, mode === "edit" && loaded.current ? loaded.current : {}));
    setFormKey((k) => k + 1);
  };

  const failed = (message: string) => (error: HttpError) =>
    toast({ type: "error", message, description: error.message || frameMessages.unknownError });
  const submit = (panel: MultiPanel) => {
    const quiet = { successNotification: false as const, errorNotification: false as const, meta: { guildId } };
    if (mode === "create") {
      create.mutate(
        { resource: "panels", values: { MultiPanel: panel }, ...quiet },
        {
          onSuccess: (response) => {
            if (response.data?.message !== panelMessages.created) {
              toast({ type: "error", message: panelMessages.createFailed, description: response.data?.message });
              return;
            }
            toast({ type: "success", message: panelMessages.created });
            if (response.data.warning) toast({ type: "warning", message: response.data.warning });
            void refresh();
            reset(); // §4: a multi-panel create resets the form and goes to the list
            void navigate(list);
          },
          onError: failed(panelMessages.createFailed),
        },
      );
    } else {
      update.mutate(
        { resource: "panels", id: panelId, values: { MultiPanel: panel }, ...quiet },
        {
          onSuccess: (response) => {
            if (response.data?.message !== panelMessages.updated) {
              toast({ type: "error", message: panelMessages.updateFailed, description: response.data?.message });
              return;
            }
            toast({ type: "success", message: panelMessages.updated });
            void refresh();
            void navigate(list);
          },
          onError: failed(panelMessages.updateFailed),
        },
      );
    }
  };

  const singlePanels = panels.singles;
  const widgetData = useMemo(() => toWidgetData(properties.result.data as never, singlePanels), [properties.result.data, singlePanels]);
  const selected = Array.isArray(formData.Panels) ? formData.Panels.length : 0;
  const tooFew = selected < limits.multiPanelMinPanels;
  const submitLabel =
    mode === "create"
      ? spec(panelMessages, pending ? "creating" : "createMultiPanel")
      : spec(panelMessages, pending ? "updating" : "updateMultiPanel");

  return (
    <EditorFrame
      guildId={guildId}
      title={spec(panelMessages, mode === "create" ? "createMultiPanel" : "editMultiPanel")}
      loading={properties.query.isLoading || panels.query.isLoading || (mode === "edit" && !loaded.current)}
      propertiesError={
        properties.query.isError ? (properties.query.error?.message ?? "") : panels.query.isError ? panelMessages.fetchPanelsFailed : null
      }
      form={
        <SchemaForm<MultiPanel>
          key={formKey}
          id={formId}
          textKey="panels"
          schema={schema}
          formData={formData}
          onChange={setFormData}
          data={widgetData}
          disabled={pending}
          screenMessages={screenMessages}
          rootSection="Panel Message"
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
          <Button onClick={reset} disabled={pending}>
            {spec(formMessages, "reset")}
          </Button>
          <Button type="primary" htmlType="submit" form={formId} loading={pending} disabled={tooFew || !allowed}>
            {submitLabel}
          </Button>
          {/* The hint in the secondary text colour: a span, not antd's Typography (8 KB of this page's first visit). */}
          {tooFew && <span className="panel-editor-hint">{spec(panelMessages, "selectTwoPanels")}</span>}
        </>
      }
      preview={<MultiPanelPreview values={formData} panels={singlePanels as never} emojis={widgetData.emojis ?? []} />}
    />
  );
}
