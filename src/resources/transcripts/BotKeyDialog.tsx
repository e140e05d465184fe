import { useCustom, useCustomMutation, type HttpError } from "@refinedev/core";
import { Alert, Button, Input, Modal, Popconfirm, Space } from "antd";
import { useState } from "react";
import { apiBaseUrl } from "../../providers/http";
import { notify } from "../../providers/notifications";
import { transcriptLabels as L } from "./labels";

// The guild's bot API key (for POST /{guildId}/transcripts): create or rotate it, shown once. Only for callers
// with EditSettings (the list hides the button otherwise; the server refuses anyway).
export default function BotKeyDialog({ guildId, open, onClose }: { guildId: string; open: boolean; onClose: () => void }) {
  const [key, setKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
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
        onError: (err) => setError(err.message || L.botKey.failed),
      },
    );
  };

  const copy = async () => {
    if (!key) return;
    try {
      await navigator.clipboard.writeText(key);
      notify({ type: "success", message: L.botKey.copied });
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
  const createButton = exists ? (
    <Popconfirm title={L.botKey.rotateConfirm} onConfirm={create} okButtonProps={{ danger: true }}>
      <Button danger loading={pending}>{pending ? L.botKey.creating : L.botKey.rotate}</Button>
    </Popconfirm>
  ) : (
    <Button type="primary" onClick={create} loading={pending}>
      {pending ? L.botKey.creating : L.botKey.create}
    </Button>
  );

  return (
    <Modal open={open} title={L.botKey.title} onCancel={close} footer={<Button onClick={close}>{L.botKey.close}</Button>} destroyOnHidden>
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        <p style={{ margin: 0 }}>{L.botKey.intro(`${apiBaseUrl.replace(/\/+$/, "")}/${guildId}/transcripts`)}</p>
        {!query.isLoading && (
          <p style={{ margin: 0 }}>{exists && createdAt ? L.botKey.since(new Date(createdAt).toLocaleString()) : L.botKey.none}</p>
        )}
        {error && <Alert type="error" showIcon message={L.botKey.failed} description={error} />}
        {key ? (
          <>
            <Alert type="warning" showIcon message={L.botKey.shownOnce} />
            <Space.Compact style={{ width: "100%" }}>
              <Input readOnly value={key} aria-label={L.botKey.title} onFocus={(event) => event.target.select()} className="cell-mono" />
              <Button onClick={copy}>{L.botKey.copy}</Button>
            </Space.Compact>
          </>
        ) : (
          createButton
        )}
      </Space>
    </Modal>
  );
}
