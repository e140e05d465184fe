import { type HttpError, useCan, useCustomMutation, useDelete } from "@refinedev/core";
import { Button, Empty, Modal, Result, Skeleton } from "antd";
import { Card } from "../../ui/blocks";
import { useState } from "react";
import { useSpecT, useSpecText, useTr } from "../../i18n/refine";
import { cookieTokenStore } from "../../providers/session";
import { panelMessages } from "../../schemas/messages";
import { ErrorCard } from "../../ui/ErrorCard";
import { PlusIcon, TrashIcon } from "../../ui/icons";
import { PageHeader } from "../../ui/PageHeader";
import { RouterButton } from "./RouterButton";
import { useIsDemo } from "../engine/use-demo";
import { channelNames, type StoredMultiPanel, type StoredSinglePanel, usePanelList, usePanelProperties, useRefreshPanels } from "./api";

// Ticket Panels (SPEC §2): the 'Panels' and 'Multi-Panels' cards, rows with name (title for multi-panels) and
// #PanelId, Resend / Edit / Delete Panel (confirmed), empty texts, and the error pages of §8.

type Kind = "single" | "multi";
interface Row {
  kind: Kind;
  id: number;
  name: string;
  detail: string;
}

/** §2: without a session cookie the list says so instead of calling the API. */
export default function PanelList({ guildId }: { guildId: string }) {
  const spec = useSpecT();
  if (!cookieTokenStore.get()) {
    return (
      <div className="page">
        <PageHeader title={spec(panelMessages, "title")} />
        <Result status="warning" title={spec(panelMessages, "notLoggedIn")} />
      </div>
    );
  }
  return <PanelListScreen guildId={guildId} />;
}

function PanelListScreen({ guildId }: { guildId: string }) {
  const tr = useTr();
  const spec = useSpecT();
  const specText = useSpecText();
  const list = usePanelList(guildId);
  const properties = usePanelProperties(guildId);
  const refresh = useRefreshPanels(guildId);
  // On the demo platform the panels can be clicked in the Try-it view.
  const demo = useIsDemo();
  const can = {
    single: {
      create: useCan({ resource: "panels", action: "create", params: { guildId } }).data?.can === true,
      edit: useCan({ resource: "panels", action: "edit", params: { guildId } }).data?.can === true,
      delete: useCan({ resource: "panels", action: "delete", params: { guildId } }).data?.can === true,
    },
    multi: {
      create: useCan({ resource: "multi-panels", action: "create", params: { guildId } }).data?.can === true,
      edit: useCan({ resource: "multi-panels", action: "edit", params: { guildId } }).data?.can === true,
      delete: useCan({ resource: "multi-panels", action: "delete", params: { guildId } }).data?.can === true,
    },
  };
  // Resend posts the panel's message again: an action on a panel, not a resource operation (useCustomMutation).
  const { mutate: resend } = useCustomMutation<{ message?: string }, HttpError>();
  const { mutate: remove } = useDelete<{ message?: string }, HttpError>();
  const [resending, setResending] = useState<ReadonlySet<number>>(new Set());
  const [confirm, setConfirm] = useState<Row | null>(null);
  const [deleting, setDeleting] = useState(false);

  if (properties.query.isError) {
    return (
      <div className="page">
        <PageHeader title={spec(panelMessages, "title")} />
        <Result
          status="error"
          title={spec(panelMessages, "propertiesErrorPage")}
          subTitle={
            properties.query.error?.message ? specText(properties.query.error.message) : spec(panelMessages, "fetchPropertiesFailed")
          }
        />
      </div>
    );
  }
  if (list.query.isError) {
    return (
      <div className="page">
        <PageHeader title={spec(panelMessages, "title")} />
        <ErrorCard page={spec(panelMessages, "panels")} message={spec(panelMessages, "fetchPanelsFailed")} />
      </div>
    );
  }

  const base = `/${guildId}/panels`;
  const loading = list.query.isLoading;
  const names = channelNames(properties.result.data as never);
  const channel = (id: string) => (names.has(id) ? `#${names.get(id)}` : id ? `#${id}` : "");
  const singles: StoredSinglePanel[] = list.singles;
  const multis: StoredMultiPanel[] = list.multis;
  const singleRows: Row[] = singles.map((p) => ({
    kind: "single",
    id: p.PanelId,
    name: p.PanelName,
    detail: channel(p.PanelMessage?.PanelChannel ?? ""),
  }));
  const multiRows: Row[] = multis.map((p) => ({
    kind: "multi",
    id: p.PanelId,
    name: p.PanelTitle,
    detail: [
      channel(p.PanelChannelId),
      tr("panels.list.panelCount", "{count} panels", { count: p.Panels.length }),
      p.DropdownMenu ? tr("panels.list.dropdown", "dropdown") : tr("panels.list.buttons", "buttons"),
    ]
      .filter(Boolean)
      .join(" · "),
  }));

  const doResend = (row: Row) => {
    setResending((s) => new Set(s).add(row.id));
    resend(
      {
        url: `/${guildId}/panels/${row.id}/resend`,
        method: "post",
        values: {},
        successNotification: (data) => ({
          type: "success",
          message: (data?.data as { message?: string })?.message || panelMessages.resent,
        }),
        errorNotification: (error) => ({
          type: "error",
          message: panelMessages.resendFailed,
          description: error?.message || panelMessages.resendFailedFallback,
        }),
      },
      {
        onSettled: () => {
          setResending((s) => {
            const next = new Set(s);
            next.delete(row.id);
            return next;
          });
          void refresh();
        },
      },
    );
  };

  const doDelete = () => {
    if (!confirm) return;
    setDeleting(true);
    remove(
      {
        resource: "panels",
        id: confirm.id,
        meta: { guildId },
        successNotification: () => ({ type: "success", message: panelMessages.deleted }),
        errorNotification: (error) => ({ type: "error", message: panelMessages.deleteFailed, description: error?.message }),
      },
      {
        onSuccess: () => setConfirm(null),
        onSettled: () => {
          setDeleting(false);
          void refresh();
        },
      },
    );
  };

  const rows = (items: Row[], kind: Kind, emptyText: string) => {
    if (loading) return <Skeleton active title={false} paragraph={{ rows: 3 }} />;
    if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
    const allowed = can[kind];
    return (
      <ul className="panel-rows" aria-label={kind === "single" ? spec(panelMessages, "panels") : spec(panelMessages, "multiPanels")}>
        {items.map((row) => {
          const pending = resending.has(row.id);
          return (
            <li key={row.id} className="row-spread panel-row" data-testid={`panel-row-${row.id}`}>
              <div className="panel-row-main">
                <div className="panel-row-title">
                  <span className="panel-row-name">
                    {row.name || <em className="panel-row-untitled">{tr("panels.list.untitled", "Untitled")}</em>}
                  </span>
                  <span className="panel-row-id">#{row.id}</span>
                </div>
                {row.detail && <div className="panel-row-detail">{row.detail}</div>}
              </div>
              <div className="panel-row-actions">
                <Button size="small" loading={pending} disabled={pending || !allowed.edit} onClick={() => doResend(row)}>
                  {pending ? spec(panelMessages, "resending") : tr("panels.list.resend", "Resend")}
                </Button>
                <RouterButton
                  size="small"
                  to={`${base}/${kind === "single" ? "edit-single" : "edit-multi"}/${row.id}`}
                  disabled={!allowed.edit}
                >
                  {tr("panels.list.edit", "Edit")}
                </RouterButton>
                <Button size="small" danger icon={<TrashIcon size={14} />} disabled={!allowed.delete} onClick={() => setConfirm(row)}>
                  {spec(panelMessages, "deletePanel")}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    );
  };

  const createLink = (to: string, allowed: boolean, label: string) =>
    allowed ? (
      <RouterButton type="primary" size="small" icon={<PlusIcon size={14} />} to={`${base}/${to}`} aria-label={label}>
        {tr("panels.list.create", "Create")}
      </RouterButton>
    ) : null;

  return (
    <div className="page">
      <PageHeader
        title={spec(panelMessages, "title")}
        extra={demo ? <RouterButton to={`/${guildId}/try-it`}>{tr("panels.list.tryIt", "Try it")}</RouterButton> : undefined}
      />
      <div className="panels-cards">
        <Card
          title={spec(panelMessages, "panels")}
          extra={createLink("create-single", can.single.create, tr("panels.list.createPanel", "Create panel"))}
          className="panels-card"
        >
          {rows(singleRows, "single", spec(panelMessages, "noSinglePanels"))}
        </Card>
        <Card
          title={spec(panelMessages, "multiPanels")}
          extra={createLink("create-multi", can.multi.create, tr("panels.list.createMultiPanel", "Create multi-panel"))}
          className="panels-card"
        >
          {rows(multiRows, "multi", spec(panelMessages, "noMultiPanels"))}
        </Card>
      </div>
      <Modal
        open={confirm !== null}
        title={spec(panelMessages, "deletePanel")}
        onCancel={() => !deleting && setConfirm(null)}
        maskClosable={!deleting}
        destroyOnHidden
        footer={[
          <Button key="cancel" onClick={() => setConfirm(null)} disabled={deleting}>
            {tr("panels.list.cancel", "Cancel")}
          </Button>,
          <Button key="delete" danger type="primary" loading={deleting} onClick={doDelete}>
            {deleting ? spec(panelMessages, "deleting") : spec(panelMessages, "deletePanel")}
          </Button>,
        ]}
      >
        <p>{spec(panelMessages, "deleteConfirm")}</p>
      </Modal>
    </div>
  );
}
