import { type HttpError, useCustom } from "@refinedev/core";
import { Alert, Button, Checkbox, Input } from "antd";
import { useState } from "react";
import { formatDateTime } from "../../i18n/format";
import { useLocale } from "../../i18n/react";
import { useTr } from "../../i18n/refine";
import { notify } from "../../providers/notifications";
import { type ApiKey, type ApiKeyScope, apiKeyScopes } from "../../schemas/api-keys";
import { Card } from "../../ui/blocks";
import { ConfirmButton } from "../../ui/ConfirmButton";
import { ErrorPage } from "../../ui/ErrorCard";
import { PageHeader } from "../../ui/PageHeader";
import { SecretOnce } from "../../ui/SecretOnce";
import type { ResourceScreenProps } from "../engine/types";
import { useScreenAction } from "../engine/use-screen-action";

// API keys (docs/API.md "API keys"): the owner mints a key with scopes (shown once), sees each key's first characters,
// scopes, creation and last use, and revokes it. The list is a one-off read of this screen (useCustom); minting and
// revoking are actions on it (useCustomMutation), each followed by a reload.

export const apiKeyText = {
  pageName: "API keys",
  intro:
    "A key lets another tool call this server's API (Authorization: Bearer tk_…) within the scopes you give it. Each route of the API reference names the scope it needs.",
  newKey: "New key",
  name: "Name",
  scopes: "Scopes",
  create: "Create key",
  token: "API key",
  tokenNote: "Copy the key now: it is shown only once. Only its fingerprint is kept.",
  keys: "Keys",
  none: "No key yet.",
  key: "Key",
  created: "Created",
  lastUsed: "Last used",
  never: "Never",
  revoke: "Revoke",
  confirmRevoke: "Revoke for good",
  revoked: "Revoked",
  createdToast: "API key created",
  revokedToast: "API key revoked",
} as const;

export const scopeLabels: Record<ApiKeyScope, string> = {
  "tickets:read": "Read tickets",
  "tickets:write": "Act on tickets (claim, close, reply, notes…)",
  "transcripts:read": "Read transcripts",
  "statistics:read": "Read statistics",
  "activity:read": "Read the activity log",
  "config:read": "Read the configuration",
  "config:write": "Change the configuration",
};
/** `tickets:read` → `ticketsRead`: the key segment of a scope. */
const scopeKey = (scope: string) => scope.replace(/:(\w)/, (_, c: string) => c.toUpperCase());

export default function ApiKeysScreen({ guildId }: Partial<ResourceScreenProps> & { guildId: string }) {
  const tr = useTr();
  const locale = useLocale();
  const keys = useCustom<{ keys: ApiKey[] }, HttpError>({ url: `/${guildId}/api-keys`, method: "get", errorNotification: false });
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiKeyScope[]>(["tickets:read"]);
  const [token, setToken] = useState<string | null>(null);
  const { run, busy, error } = useScreenAction(
    `/${guildId}`,
    () => keys.query.refetch(),
    tr("apiKeys.failed", "That did not work. Please try again."),
  );

  const create = async () => {
    const answer = await run("create", "api-keys", "post", { Name: name, Scopes: scopes });
    if (typeof answer?.token !== "string") return;
    setToken(answer.token);
    setName("");
    notify({ type: "success", message: tr("apiKeys.createdToast", apiKeyText.createdToast) });
  };
  const revoke = async (id: number) => {
    if (await run(`revoke-${id}`, `api-keys/${id}`, "delete"))
      notify({ type: "success", message: tr("apiKeys.revokedToast", apiKeyText.revokedToast) });
  };

  const pageName = tr("apiKeys.pageName", apiKeyText.pageName);
  if (keys.query.isError) return <ErrorPage page={pageName} message={keys.query.error?.message} />;
  const list = keys.query.data?.data.keys;
  const when = (ms: number | null) => (ms === null ? tr("apiKeys.never", apiKeyText.never) : formatDateTime(ms, locale));

  return (
    <div className="page api-keys-page">
      <PageHeader title={pageName} description={tr("apiKeys.intro", apiKeyText.intro)} />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
      {token && (
        <SecretOnce label={tr("apiKeys.token", apiKeyText.token)} secret={token} note={tr("apiKeys.tokenNote", apiKeyText.tokenNote)} />
      )}
      <Card title={tr("apiKeys.newKey", apiKeyText.newKey)}>
        <form
          className="stack-form"
          onSubmit={(e) => {
            e.preventDefault();
            void create();
          }}
        >
          <label>
            {tr("apiKeys.name", apiKeyText.name)}
            <Input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
          </label>
          <fieldset>
            <legend>{tr("apiKeys.scopes", apiKeyText.scopes)}</legend>
            <Checkbox.Group
              value={scopes}
              onChange={(values) => setScopes(values as ApiKeyScope[])}
              options={apiKeyScopes.map((s) => ({ value: s, label: tr(`apiKeys.scope.${scopeKey(s)}`, scopeLabels[s]) }))}
            />
          </fieldset>
          <Button type="primary" htmlType="submit" loading={busy === "create"} disabled={!name.trim() || scopes.length === 0}>
            {tr("apiKeys.create", apiKeyText.create)}
          </Button>
        </form>
      </Card>
      <Card title={tr("apiKeys.keys", apiKeyText.keys)}>
        {list && list.length === 0 ? (
          <p className="muted">{tr("apiKeys.none", apiKeyText.none)}</p>
        ) : (
          <table className="plain-table" aria-busy={!list}>
            <thead>
              <tr>
                <th>{tr("apiKeys.columns.name", apiKeyText.name)}</th>
                <th>{tr("apiKeys.columns.key", apiKeyText.key)}</th>
                <th>{tr("apiKeys.columns.scopes", apiKeyText.scopes)}</th>
                <th>{tr("apiKeys.columns.created", apiKeyText.created)}</th>
                <th>{tr("apiKeys.columns.lastUsed", apiKeyText.lastUsed)}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list?.map((key) => (
                <tr key={key.Id}>
                  <td>{key.Name}</td>
                  <td>
                    <code>{key.Prefix}…</code>
                  </td>
                  <td>{key.Scopes.map((s) => tr(`apiKeys.scope.${scopeKey(s)}`, scopeLabels[s])).join(", ")}</td>
                  <td>{when(key.CreatedAt)}</td>
                  <td>{when(key.LastUsedAt)}</td>
                  <td>
                    {key.RevokedAt !== null ? (
                      <span className="cell-badge cell-badge-gray">{tr("apiKeys.revoked", apiKeyText.revoked)}</span>
                    ) : (
                      <ConfirmButton
                        label={tr("apiKeys.revoke", apiKeyText.revoke)}
                        confirmLabel={tr("apiKeys.confirmRevoke", apiKeyText.confirmRevoke)}
                        loading={busy === `revoke-${key.Id}`}
                        onConfirm={() => void revoke(key.Id)}
                      />
                    )}
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
