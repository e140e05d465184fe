import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import { Alert, Button, Input, Modal, Popconfirm, Space } from "antd";
import { useState } from "react";
import { useSpecText, useTr } from "../../i18n/refine";
import { useLocale } from "../../i18n/react";
import { apiBaseUrl } from "../../providers/http";
import { notify } from "../../providers/notifications";
import { formatDateTime } from "../../i18n/format";
import { transcriptLabels as L } from "./labels";

// The guild's bot API key (for POST /{guildId}/transcripts): create or rotate it, shown once. Only for callers
// with EditSettings (the list hides the button otherwise; the server refuses anyway).
export default function BotKeyDialog({ guildId, open, onClose }: { guildId: string; open: boolean; onClose: () => void }) {
  const tr = useTr();
  const specText = useSpecText();
  const locale = useLocale();
  const [key, setKey] = useState<string | null>(null);
  // The server's words; "" when it said nothing (the failure's title is then its description too); null: no failure.
  const [error, setError] = useState<string | null>(null);
  // The bot key is a secret of the server, not a list of records: whether one exists (useCustom), and minting a new
  // one that is shown once (an action: useCustomMutation).
  const { query } = useCustom<{ exists?: boolean; created_at?: number | null }, HttpError>({
    url: `/${guildId}/bot-key`,
    method: "get",
    errorNotification: false,
    queryOptions: { enabled: open },
  });
  const { mutate, mutation } = useCustomMutation<{ key?: string }, HttpError>();
  const exists = query.data?.data.exists === true;
  const createdAt = query.data?.data.created_at;

  const create = () => {
    setError(null);
    mutate(
      { url: `/${guildId}/bot-key`, method: "post", values: {}, successNotification: false, errorNotification: false },
      {
        onSuccess: (response) => {
          setKey(typeof response.data.key === "string" ? response.data.key : null);
          void query.refetch();
        },
        onError: (err) => setError(err.message || ""),
      },
    );
  };

  const copy = async () => {
    if (!key) return;
    try {
      await navigator.clipboard.writeText(key);
      notify({ type: "success", message: tr("transcripts.botKey.copied", L.botKey.copied) });
    } catch {
      // Clipboard refused (insecure context): the key stays selectable in the box.
    }
  };

  const close = () => {
    setKey(null);
    setError(null);
    onClose();
  };

  const pending = mutation.isPending;
  const failed = tr("transcripts.botKey.failed", L.botKey.failed);
  const intro = (path: string) => tr("transcripts.botKey.intro", L.botKey.intro(path), { path });
  const since = (date: string) => tr("transcripts.botKey.since", L.botKey.since(date), { date });
  const createButton = exists ? (
    <Popconfirm title={tr("transcripts.botKey.rotateConfirm", L.botKey.rotateConfirm)} onConfirm={create} okButtonProps={{ danger: true }}>
      <Button danger loading={pending}>
        {pending ? tr("transcripts.botKey.creating", L.botKey.creating) : tr("transcripts.botKey.rotate", L.botKey.rotate)}
      </Button>
    </Popconfirm>
  ) : (
    <Button type="primary" onClick={create} loading={pending}>
      {pending ? tr("transcripts.botKey.creating", L.botKey.creating) : tr("transcripts.botKey.create", L.botKey.create)}
    </Button>
  );

  return (
    <Modal
      open={open}
      title={tr("transcripts.botKey.title", L.botKey.title)}
      onCancel={close}
      footer={<Button onClick={close}>{tr("transcripts.botKey.close", L.botKey.close)}</Button>}
      destroyOnHidden
    >
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        <p style={{ margin: 0 }}>{intro(`${apiBaseUrl.replace(/\/+$/, "")}/${guildId}/transcripts`)}</p>
        {!query.isLoading && (
          <p style={{ margin: 0 }}>
            {exists && createdAt ? since(formatDateTime(new Date(createdAt), locale)) : tr("transcripts.botKey.none", L.botKey.none)}
          </p>
        )}
        {error !== null && <Alert type="error" showIcon message={failed} description={error ? specText(error) : failed} />}
        {key ? (
          <>
            <Alert type="warning" showIcon message={tr("transcripts.botKey.shownOnce", L.botKey.shownOnce)} />
            <Space.Compact style={{ width: "100%" }}>
              <Input
                readOnly
                value={key}
                aria-label={tr("transcripts.botKey.title", L.botKey.title)}
                onFocus={(event) => event.target.select()}
                className="cell-mono"
              />
              <Button onClick={copy}>{tr("transcripts.botKey.copy", L.botKey.copy)}</Button>
            </Space.Compact>
          </>
        ) : (
          createButton
        )}
      </Space>
    </Modal>
  );
}
