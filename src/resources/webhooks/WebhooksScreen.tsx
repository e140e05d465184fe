import { type HttpError, useCustom } from "@refinedev/core";
import { Alert, Button, Checkbox, Input, Radio, Switch } from "antd";
import { useState } from "react";
import { formatDateTime } from "../../i18n/format";
import { useLocale } from "../../i18n/react";
import { useTr } from "../../i18n/refine";
import { notify } from "../../providers/notifications";
import {
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
  webhookEvents,
  type WebhookFormat,
  webhookFormats,
} from "../../schemas/webhooks";
import { Card } from "../../ui/blocks";
import { ConfirmButton } from "../../ui/ConfirmButton";
import { ErrorPage } from "../../ui/ErrorCard";
import { PageHeader } from "../../ui/PageHeader";
import { SecretOnce } from "../../ui/SecretOnce";
import type { ResourceScreenProps } from "../engine/types";
import { useScreenAction } from "../engine/use-screen-action";

// Webhooks (docs/webhooks.md): the server's endpoints — add, change, delete, send a test, reveal the signing secret —
// and the latest deliveries with their status, attempts and the endpoint's answer, each with "Redeliver". The lists are
// one-off reads of this screen (useCustom), the rest actions on them (useCustomMutation), each followed by a reload.

export const webhookText = {
  pageName: "Webhooks",
  intro:
    "Ticketeer calls your URL when something happens to a ticket. Each delivery is signed (Ticketeer-Signature): verify it with the endpoint's secret as the documentation shows.",
  endpoints: "Endpoints",
  add: "Add endpoint",
  none: "No endpoint yet.",
  url: "URL",
  events: "Events",
  format: "Format",
  description: "Description",
  enabled: "On",
  save: "Save",
  cancel: "Cancel",
  edit: "Edit",
  remove: "Delete",
  confirmRemove: "Delete for good",
  sendTest: "Send test",
  revealSecret: "Reveal secret",
  secret: "Signing secret",
  secretNote: "The endpoint's signing secret. Copy it now and keep it on your receiver.",
  off: "Turned off",
  on: "On",
  deliveries: "Deliveries",
  noDeliveries: "No delivery yet.",
  refresh: "Refresh",
  redeliver: "Redeliver",
  when: "When",
  event: "Event",
  status: "Status",
  attempts: "Attempts",
  answer: "Answer",
  saved: "Webhook endpoint saved",
  removed: "Webhook endpoint deleted",
} as const;

const eventLabels: Record<WebhookEvent, string> = {
  "ticket.opened": "Ticket opened",
  "ticket.claimed": "Ticket claimed",
  "ticket.moved": "Ticket moved",
  "ticket.message": "Message on a ticket",
  "ticket.closed": "Ticket closed",
  "ticket.rated": "Ticket rated",
  "transcript.stored": "Transcript stored",
};
const formatLabels: Record<WebhookFormat, string> = { json: "JSON", slack: "Slack-compatible" };
const statusLabels: Record<WebhookDelivery["Status"], string> = { pending: "Retrying", delivered: "Delivered", failed: "Failed" };

/** `ticket.opened` → `ticketOpened`: the key segment of an event. */
const eventKey = (event: string) => event.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase());

interface Draft {
  Url: string;
  Events: WebhookEvent[];
  Format: WebhookFormat;
  Description: string;
  Enabled: boolean;
}
const emptyDraft: Draft = { Url: "", Events: ["ticket.opened"], Format: "json", Description: "", Enabled: true };

export default function WebhooksScreen({ guildId }: Partial<ResourceScreenProps> & { guildId: string }) {
  const tr = useTr();
  const locale = useLocale();
  const base = `/${guildId}`;
  const endpoints = useCustom<{ endpoints: WebhookEndpoint[]; max: number }, HttpError>({
    url: `${base}/webhooks`,
    method: "get",
    errorNotification: false,
  });
  const deliveries = useCustom<{ deliveries: WebhookDelivery[] }, HttpError>({
    url: `${base}/webhook-deliveries`,
    method: "get",
    errorNotification: false,
  });
  const [editing, setEditing] = useState<{ id: number | null; draft: Draft } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const { run, busy, error } = useScreenAction(
    base,
    () => Promise.all([endpoints.query.refetch(), deliveries.query.refetch()]),
    tr("webhooks.failed", "That did not work. Please try again."),
  );

  const save = async () => {
    if (!editing) return;
    const { id, draft } = editing;
    const answer = await run("save", id === null ? "webhooks" : `webhooks/${id}`, id === null ? "post" : "put", draft);
    if (!answer) return;
    setEditing(null);
    if (typeof answer.secret === "string") setSecret(answer.secret);
    notify({ type: "success", message: tr("webhooks.saved", webhookText.saved) });
  };
  const test = async (id: number) => {
    const answer = await run(`test-${id}`, `webhooks/${id}/test`, "post");
    const delivery = answer?.delivery as WebhookDelivery | undefined;
    if (delivery)
      notify({
        type: delivery.Status === "delivered" ? "success" : "error",
        message: tr(`webhooks.statuses.${delivery.Status}`, statusLabels[delivery.Status]),
      });
  };
  const reveal = async (id: number) => {
    const answer = await run(`secret-${id}`, `webhooks/${id}/secret`, "post");
    if (typeof answer?.secret === "string") setSecret(answer.secret);
  };
  const remove = async (id: number) => {
    if (await run(`remove-${id}`, `webhooks/${id}`, "delete"))
      notify({ type: "success", message: tr("webhooks.removed", webhookText.removed) });
  };

  const pageName = tr("webhooks.pageName", webhookText.pageName);
  if (endpoints.query.isError) return <ErrorPage page={pageName} message={endpoints.query.error?.message} />;
  const list = endpoints.query.data?.data.endpoints;
  const max = endpoints.query.data?.data.max ?? 10;
  const urlOf = (id: number) => list?.find((e) => e.Id === id)?.Url ?? `#${id}`;
  const when = (ms: number | null) => (ms === null ? "—" : formatDateTime(ms, locale));

  return (
    <div className="page webhooks-page">
      <PageHeader title={pageName} description={tr("webhooks.intro", webhookText.intro)} />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      {secret && (
        <SecretOnce
          label={tr("webhooks.secret", webhookText.secret)}
          secret={secret}
          note={tr("webhooks.secretNote", webhookText.secretNote)}
        />
      )}
      <Card
        title={tr("webhooks.endpoints", webhookText.endpoints)}
        extra={
          <Button
            type="primary"
            disabled={!list || list.length >= max || editing !== null}
            onClick={() => setEditing({ id: null, draft: emptyDraft })}
          >
            {tr("webhooks.add", webhookText.add)}
          </Button>
        }
      >
        {editing && (
          <EndpointForm
            draft={editing.draft}
            isNew={editing.id === null}
            busy={busy === "save"}
            onChange={(draft) => setEditing({ ...editing, draft })}
            onSave={() => void save()}
            onCancel={() => setEditing(null)}
          />
        )}
        {list && list.length === 0 && !editing && <p className="muted">{tr("webhooks.none", webhookText.none)}</p>}
        <ul className="webhook-list" aria-busy={!list}>
          {list?.map((endpoint) => (
            <li key={endpoint.Id} className="webhook-endpoint">
              <div className="webhook-endpoint-head">
                <code>{endpoint.Url}</code>
                <span className={`cell-badge ${endpoint.Enabled ? "cell-badge-green" : "cell-badge-gray"}`}>
                  {endpoint.Enabled ? tr("webhooks.on", webhookText.on) : tr("webhooks.off", webhookText.off)}
                </span>
              </div>
              {endpoint.Description && <p className="muted">{endpoint.Description}</p>}
              <p className="muted">
                {formatLabels[endpoint.Format] && tr(`webhooks.formats.${endpoint.Format}`, formatLabels[endpoint.Format])} ·{" "}
                {endpoint.Events.map((e) => tr(`webhooks.events.${eventKey(e)}`, eventLabels[e])).join(", ")}
              </p>
              {endpoint.DisabledReason && <Alert type="warning" showIcon message={endpoint.DisabledReason} />}
              <div className="webhook-actions">
                <Button size="small" onClick={() => setEditing({ id: endpoint.Id, draft: draftOf(endpoint) })}>
                  {tr("webhooks.edit", webhookText.edit)}
                </Button>
                <Button
                  size="small"
                  loading={busy === `test-${endpoint.Id}`}
                  disabled={!endpoint.Enabled}
                  onClick={() => void test(endpoint.Id)}
                >
                  {tr("webhooks.sendTest", webhookText.sendTest)}
                </Button>
                <Button size="small" loading={busy === `secret-${endpoint.Id}`} onClick={() => void reveal(endpoint.Id)}>
                  {tr("webhooks.revealSecret", webhookText.revealSecret)}
                </Button>
                <ConfirmButton
                  label={tr("webhooks.remove", webhookText.remove)}
                  confirmLabel={tr("webhooks.confirmRemove", webhookText.confirmRemove)}
                  loading={busy === `remove-${endpoint.Id}`}
                  onConfirm={() => void remove(endpoint.Id)}
                />
              </div>
            </li>
          ))}
        </ul>
      </Card>
      <Card
        title={tr("webhooks.deliveries", webhookText.deliveries)}
        extra={
          <Button size="small" onClick={() => void deliveries.query.refetch()}>
            {tr("webhooks.refresh", webhookText.refresh)}
          </Button>
        }
      >
        {deliveries.query.data?.data.deliveries.length === 0 ? (
          <p className="muted">{tr("webhooks.noDeliveries", webhookText.noDeliveries)}</p>
        ) : (
          <table className="plain-table">
            <thead>
              <tr>
                <th>{tr("webhooks.columns.when", webhookText.when)}</th>
                <th>{tr("webhooks.columns.event", webhookText.event)}</th>
                <th>{tr("webhooks.columns.url", webhookText.url)}</th>
                <th>{tr("webhooks.columns.status", webhookText.status)}</th>
                <th>{tr("webhooks.columns.attempts", webhookText.attempts)}</th>
                <th>{tr("webhooks.columns.answer", webhookText.answer)}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {deliveries.query.data?.data.deliveries.map((d) => (
                <tr key={d.Id}>
                  <td>{when(d.CreatedAt)}</td>
                  <td>{d.Event}</td>
                  <td>{urlOf(d.EndpointId)}</td>
                  <td>{tr(`webhooks.statuses.${d.Status}`, statusLabels[d.Status])}</td>
                  <td>{d.Attempts}</td>
                  <td title={d.Error ?? undefined}>{d.ResponseStatus ?? d.Error ?? "—"}</td>
                  <td>
                    <Button
                      size="small"
                      loading={busy === `redeliver-${d.Id}`}
                      onClick={() => void run(`redeliver-${d.Id}`, `webhook-deliveries/${d.Id}/redeliver`, "post")}
                    >
                      {tr("webhooks.redeliver", webhookText.redeliver)}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}

const draftOf = (e: WebhookEndpoint): Draft => ({
  Url: e.Url,
  Events: e.Events,
  Format: e.Format,
  Description: e.Description,
  Enabled: e.Enabled,
});

function EndpointForm({
  draft,
  isNew,
  busy,
  onChange,
  onSave,
  onCancel,
}: {
  draft: Draft;
  isNew: boolean;
  busy: boolean;
  onChange: (draft: Draft) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const tr = useTr();
  return (
    <form
      className="stack-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
    >
      <label>
        {tr("webhooks.url", webhookText.url)}
        <Input
          value={draft.Url}
          placeholder="https://example.com/ticketeer"
          onChange={(e) => onChange({ ...draft, Url: e.target.value })}
        />
      </label>
      <fieldset>
        <legend>{tr("webhooks.events", webhookText.events)}</legend>
        <Checkbox.Group
          value={draft.Events}
          onChange={(values) => onChange({ ...draft, Events: values as WebhookEvent[] })}
          options={webhookEvents.map((e) => ({ value: e, label: tr(`webhooks.events.${eventKey(e)}`, eventLabels[e]) }))}
        />
      </fieldset>
      <fieldset>
        <legend>{tr("webhooks.format", webhookText.format)}</legend>
        <Radio.Group
          value={draft.Format}
          onChange={(e) => onChange({ ...draft, Format: e.target.value as WebhookFormat })}
          options={webhookFormats.map((f) => ({ value: f, label: tr(`webhooks.formats.${f}`, formatLabels[f]) }))}
        />
      </fieldset>
      <label>
        {tr("webhooks.description", webhookText.description)}
        <Input value={draft.Description} maxLength={100} onChange={(e) => onChange({ ...draft, Description: e.target.value })} />
      </label>
      {!isNew && (
        <label className="webhook-switch">
          <Switch checked={draft.Enabled} onChange={(Enabled) => onChange({ ...draft, Enabled })} />{" "}
          {tr("webhooks.enabled", webhookText.enabled)}
        </label>
      )}
      <div className="webhook-actions">
        <Button type="primary" htmlType="submit" loading={busy}>
          {isNew ? tr("webhooks.add", webhookText.add) : tr("webhooks.save", webhookText.save)}
        </Button>
        <Button onClick={onCancel}>{tr("webhooks.cancel", webhookText.cancel)}</Button>
      </div>
    </form>
  );
}
