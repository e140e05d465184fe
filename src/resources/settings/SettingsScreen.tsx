import { type HttpError, useCan, useList, useNotification, useOne, useUpdate } from "@refinedev/core";
import { Button, Switch } from "antd";
import { Card } from "../../ui/blocks";
import { useEffect, useMemo, useState } from "react";
import { useSpecT, useTr } from "../../i18n/refine";
import { settingsMessages } from "../../schemas/messages";
import type { SettingsResponse, TicketSettingKey, TicketSettings } from "../../schemas/settings";
import { ErrorCard } from "../../ui/ErrorCard";
import { PageHeader } from "../../ui/PageHeader";
import type { ResourceScreenProps } from "../engine/types";
import {
  changeLines,
  channelOptions,
  makeSettingCards,
  type SettingField,
  savePayload,
  toLocalSettings,
  validateSettings,
} from "./settings-form";
import "./settings.css";

function FieldRow({
  field,
  value,
  error,
  disabled,
  channels,
  panels,
  onChange,
}: {
  field: SettingField;
  value: unknown;
  error?: string;
  disabled: boolean;
  channels: Record<string, string>;
  panels: { id: number; name: string }[];
  onChange: (value: unknown) => void;
}) {
  const tr = useTr();
  const id = `setting-${field.key}`;
  const helpId = field.help ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(" ") || undefined;
  let control;
  if (field.kind === "switch") {
    control = (
      <Switch
        id={id}
        checked={value === true}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(checked) => onChange(checked)}
      />
    );
  } else if (field.kind === "channel") {
    control = (
      <select
        id={id}
        className="select-field settings-select"
        value={typeof value === "string" ? value : ""}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      >
        {channelOptions(channels, tr).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === "choice") {
    control = (
      <select
        id={id}
        className="select-field settings-select"
        value={typeof value === "string" ? value : (field.choices?.[0]?.value ?? "")}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      >
        {(field.choices ?? []).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === "panels") {
    // The server's panels, ticked when listed (the stored list keeps the order they were ticked in).
    const listed = Array.isArray(value) ? (value as number[]) : [];
    control = (
      <div id={id} role="group" aria-label={field.label} aria-describedby={describedBy} className="settings-panels">
        {panels.map((p) => (
          <label key={p.id} className="settings-panel-choice">
            <input
              type="checkbox"
              checked={listed.includes(p.id)}
              disabled={disabled}
              onChange={(event) => onChange(event.target.checked ? [...listed, p.id] : listed.filter((x) => x !== p.id))}
            />{" "}
            {p.name}
          </label>
        ))}
      </div>
    );
  } else if (field.kind === "text") {
    control = (
      <input
        id={id}
        type="text"
        className={error ? "text-field settings-select text-field-error" : "text-field settings-select"}
        value={typeof value === "string" ? value : ""}
        placeholder={field.placeholder}
        maxLength={64}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value.trim() === "" ? null : event.target.value.trim())}
      />
    );
  } else {
    control = (
      <span className="settings-number">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          className={error ? "text-field settings-number-input text-field-error" : "text-field settings-number-input"}
          min={0}
          max={field.max}
          step={1}
          value={typeof value === "number" ? value : ""}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          // §5: an empty input means null; whole numbers only.
          onChange={(event) => {
            const typed = event.target.value === "" ? NaN : Math.round(Number(event.target.value));
            onChange(Number.isFinite(typed) ? typed : null);
          }}
          // Out of bounds snaps back within them when the field is left (§5's limits).
          onBlur={() => {
            if (typeof value !== "number") return;
            const bounded = Math.min(field.max ?? Number.MAX_SAFE_INTEGER, Math.max(0, value));
            if (bounded !== value) onChange(bounded);
          }}
        />
        {field.unit && <span className="settings-unit">{field.unit}</span>}
      </span>
    );
  }
  return (
    <div className={`row-spread settings-row settings-row-${field.kind}${field.dependsOn ? " settings-row-sub" : ""}`}>
      <div className="settings-text">
        <label htmlFor={id} className="settings-label">
          {field.label}
        </label>
        {field.help && (
          <div id={helpId} className="settings-help">
            {field.help}
          </div>
        )}
        {error && (
          <div id={errorId} className="settings-error" role="alert">
            {error}
          </div>
        )}
      </div>
      <div className="settings-control">{control}</div>
    </div>
  );
}

/** Settings (§2, §4): General, Claiming and Auto Close; edits stay local until Save Changes. */
export default function SettingsScreen({ guildId }: ResourceScreenProps) {
  const { open: toast } = useNotification();
  const tr = useTr();
  const spec = useSpecT();
  const settingCards = useMemo(() => makeSettingCards(tr), [tr]);
  // The server's settings record (one per server: its id is the guild's).
  const { query } = useOne<SettingsResponse, HttpError>({
    resource: "settings",
    id: guildId,
    meta: { guildId },
    errorNotification: false,
    queryOptions: { gcTime: 0 },
  });
  const canEdit = useCan({ resource: "settings", action: "edit", params: { guildId } }).data?.can === true;
  // Saving reads the answer's message before refetching (§7), so refine's own invalidation is off (`invalidates: []`).
  const { mutateAsync } = useUpdate<{ message?: string; Revision?: number }, HttpError, Record<string, unknown>>();
  const loaded = query.data?.data;

  // §4: the loaded values are copied into local state; edits stay local until Save.
  const baseline = useMemo(() => (loaded ? toLocalSettings(loaded) : null), [loaded]);
  const [local, setLocal] = useState<TicketSettings | null>(null);
  const [saving, setSaving] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  useEffect(() => {
    setLocal(baseline);
  }, [baseline]);

  // The panels a DM may open are chosen among the server's single panels: read once DM tickets are on.
  const { result: panelList } = useList<{ PanelId: number; PanelName: string }, HttpError>({
    resource: "panels",
    meta: { guildId },
    pagination: { mode: "off" },
    errorNotification: false,
    queryOptions: { enabled: local?.DmTickets === true },
  });
  const panels = useMemo(() => (panelList.data ?? []).map((p) => ({ id: p.PanelId, name: p.PanelName })), [panelList.data]);

  const errors = useMemo(() => (local && showErrors ? validateSettings(local, tr) : {}), [local, showErrors, tr]);

  if (query.isError) {
    return (
      <div className="page">
        <PageHeader title={spec(settingsMessages, "pageName")} />
        <ErrorCard page={spec(settingsMessages, "pageName")} message={(query.error as HttpError | null)?.message} />
      </div>
    );
  }

  if (!loaded || !local || !baseline) {
    return (
      <div className="page" aria-busy="true">
        <PageHeader title={spec(settingsMessages, "pageName")} />
        {settingCards.map((card) => (
          <Card key={card.id} title={card.title} className="settings-card">
            {Array.from({ length: Math.min(card.fields.length, 4) }, (_, i) => (
              <div key={i} className="skeleton-block settings-skeleton-row" />
            ))}
          </Card>
        ))}
      </div>
    );
  }

  const channels = loaded.Channels ?? {};
  const set = (key: TicketSettingKey, value: unknown) =>
    setLocal((current) => (current ? ({ ...current, [key]: value } as TicketSettings) : current));

  const save = async () => {
    if (saving) return;
    const found = validateSettings(local, tr);
    if (Object.keys(found).length > 0) {
      // Nothing was sent, so nothing failed to update: the fields say what to fix.
      setShowErrors(true);
      return;
    }
    const lines = changeLines(baseline, local, channels, tr);
    if (lines.length === 0) {
      toast?.({ type: "error", message: settingsMessages.nothingChanged });
      return;
    }
    setSaving(true);
    try {
      const answer = await mutateAsync({
        resource: "settings",
        id: guildId,
        values: savePayload(local, loaded.Revision),
        meta: { guildId },
        invalidates: [],
        successNotification: false,
        errorNotification: false,
      });
      // §7: the answer's message 'Ticket settings updated successfully' is what means success.
      const message = answer.data?.message;
      if (message !== settingsMessages.updatedByServer) {
        toast?.({ type: "error", message: settingsMessages.updateFailed, description: message || undefined });
        return;
      }
      toast?.({ type: "success", message: settingsMessages.updated, description: lines.join("\n") });
      setShowErrors(false);
      await query.refetch();
    } catch (error) {
      toast?.({
        type: "error",
        message: settingsMessages.updateFailed,
        description: error instanceof Error && error.message ? error.message : undefined,
      });
    } finally {
      setSaving(false);
    }
  };

  const saveButton = canEdit ? (
    <Button type="primary" htmlType="submit" loading={saving}>
      {saving ? spec(settingsMessages, "saving") : spec(settingsMessages, "saveChanges")}
    </Button>
  ) : null;

  return (
    <form
      className="page"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <PageHeader title={spec(settingsMessages, "pageName")} />
      {settingCards.map((card) => (
        <Card key={card.id} title={card.title} className="settings-card">
          <p className="settings-card-description">{card.description}</p>
          {card.fields.map((field) => (
            <FieldRow
              key={field.key}
              field={field}
              value={local[field.key]}
              error={errors[field.key]}
              disabled={!canEdit || saving}
              channels={channels}
              panels={panels}
              onChange={(value) => set(field.key, value)}
            />
          ))}
        </Card>
      ))}
      {saveButton && <div className="settings-footer">{saveButton}</div>}
    </form>
  );
}
