import { type HttpError, useCustom, useNotification } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Grid, Modal, Result, Select, Skeleton, Table, type TableColumnsType, Tag, Typography, Upload, theme } from "antd";
import { Card } from "../../shell/ui";
import { type CSSProperties, useCallback, useRef, useState } from "react";
import { Link } from "react-router";
import { useLocale } from "../../i18n/react";
import { useSpecText, useTr } from "../../i18n/refine";
import type { Locale } from "../../i18n/core";
import { http as defaultHttp, type HttpClient } from "../../providers/http";
import type { AccessLevel, GuildAccess } from "../../schemas/access";
import {
  type ConfigExport,
  type ConfigImportPreview,
  type ConfigImportResult,
  configTransferText as text,
  type MappingOverrides,
  type MappingRow,
  type SectionChange,
} from "../../schemas/config-export";
import { frameMessages } from "../../schemas/messages";
import { ErrorCard } from "../../shell/ErrorCard";
import { PageHeader } from "../engine/PageHeader";
import type { ResourceScreenProps } from "../types";
import {
  choosePlaceholder,
  displayName,
  downloadJson,
  exportFileName,
  kindName,
  knownText,
  panelEditPath,
  presentSections,
  readJsonFile,
  rowState,
  sectionLabel,
  sectionSummary,
  withChoice,
} from "./transfer";
import "./config-transfer.css";

// Import / Export: an Export button (the file through the http client, with the bearer token), a dropzone read
// in the browser, the server's preview (sections, the role/channel mapping with a choice per row, warnings and
// what blocks it), then 'Import configuration' after a confirmation.

const allowedLevels: readonly AccessLevel[] = ["owner", "administrator", "manager"];
const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : frameMessages.unknownError);
const detailsOf = (error: unknown): string[] => {
  const details = (error as { details?: unknown })?.details;
  return Array.isArray(details) ? details.map(String) : [];
};

export interface ConfigTransferScreenProps extends Partial<ResourceScreenProps> {
  guildId: string;
  /** Tests may pass their own client. */
  client?: HttpClient;
}

export default function ConfigTransferScreen({ guildId, client = defaultHttp }: ConfigTransferScreenProps) {
  const access = useCustom<GuildAccess>({
    url: `/${guildId}/permissions`,
    method: "get",
    errorNotification: false,
    queryOptions: { queryKey: ["access", guildId, "config-transfer"] },
  });
  const tr = useTr();
  const pageName = tr("configTransfer.pageName", text.pageName);
  const header = <PageHeader title={pageName} />;

  if (access.query.isError) {
    return (
      <div className="page">
        {header}
        <ErrorCard page={pageName} message={(access.query.error as HttpError | null)?.message} />
      </div>
    );
  }
  const level = access.query.data?.data?.level;
  if (!level) {
    return (
      <div className="page" aria-busy="true">
        {header}
        <Card title={tr("configTransfer.exportTitle", text.exportTitle)} className="ct-card">
          <Skeleton active title={false} paragraph={{ rows: 2 }} />
        </Card>
        <Card title={tr("configTransfer.importTitle", text.importTitle)} className="ct-card">
          <Skeleton active title={false} paragraph={{ rows: 4 }} />
        </Card>
      </div>
    );
  }
  const allowed = allowedLevels.includes(level);
  return (
    <div className="page ct-page">
      {header}
      {!allowed && <Alert type="info" showIcon message={tr("configTransfer.levelOnly", text.levelOnly)} />}
      <ExportCard guildId={guildId} allowed={allowed} client={client} />
      <ImportCard guildId={guildId} allowed={allowed} client={client} />
    </div>
  );
}

function ExportCard({ guildId, allowed, client }: { guildId: string; allowed: boolean; client: HttpClient }) {
  const { open: toast } = useNotification();
  const tr = useTr();
  const [busy, setBusy] = useState(false);
  const exportNow = async () => {
    setBusy(true);
    try {
      const file = await client.get<ConfigExport>(`/${guildId}/config/export`);
      downloadJson(exportFileName(file.source_guild.name), file);
      toast?.({ type: "success", message: tr("configTransfer.exported", text.exported) });
    } catch (error) {
      toast?.({ type: "error", message: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={tr("configTransfer.exportTitle", text.exportTitle)} className="ct-card">
      <p className="ct-description">{tr("configTransfer.exportDescription", text.exportDescription)}</p>
      <Button type="primary" onClick={() => void exportNow()} loading={busy} disabled={!allowed}>
        {busy ? tr("configTransfer.exporting", text.exporting) : tr("configTransfer.exportButton", text.exportButton)}
      </Button>
    </Card>
  );
}

interface Chosen {
  name: string;
  config: unknown;
}

function ImportCard({ guildId, allowed, client }: { guildId: string; allowed: boolean; client: HttpClient }) {
  const { open: toast } = useNotification();
  const tr = useTr();
  const specText = useSpecText();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [mapping, setMapping] = useState<MappingOverrides>({});
  const [preview, setPreview] = useState<ConfigImportPreview | null>(null);
  const [failure, setFailure] = useState<{ message: string; details: string[] } | null>(null);
  const [checking, setChecking] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [importing, setImporting] = useState(false);
  const [result, setResult] = useState<ConfigImportResult | null>(null);
  const latest = useRef(0);

  const check = useCallback(
    async (config: unknown, choice: MappingOverrides) => {
      const request = ++latest.current;
      setChecking(true);
      try {
        const body = await client.post<ConfigImportPreview>(`/${guildId}/config/import/preview`, { config, mapping: choice });
        if (request !== latest.current) return;
        setPreview(body);
        setFailure(null);
      } catch (error) {
        if (request !== latest.current) return;
        setPreview(null);
        setFailure({ message: text.previewFailed, details: detailsOf(error).length ? detailsOf(error) : [messageOf(error)] });
      } finally {
        if (request === latest.current) setChecking(false);
      }
    },
    [client, guildId],
  );

  const reset = () => {
    latest.current++;
    setChosen(null);
    setMapping({});
    setPreview(null);
    setFailure(null);
    setResult(null);
    setChecking(false);
  };

  const onFile = async (file: File) => {
    reset();
    const read = await readJsonFile(file);
    if (!read.ok) {
      setFailure({ message: read.error, details: [] });
      return;
    }
    setChosen({ name: file.name, config: read.value });
    await check(read.value, {});
  };

  const choose = (row: MappingRow, targetId: string | null) => {
    if (!chosen) return;
    const next = withChoice(mapping, row.kind, row.source_id, targetId);
    setMapping(next);
    void check(chosen.config, next);
  };

  const runImport = async () => {
    if (!chosen) return;
    setImporting(true);
    try {
      const body = await client.post<ConfigImportResult>(`/${guildId}/config/import`, { config: chosen.config, mapping });
      setConfirming(false);
      setResult(body);
      toast?.({ type: "success", message: knownText(body.message || text.imported, tr) });
      // Everything of this server may have changed: every cached list is stale.
      await queryClient.invalidateQueries();
    } catch (error) {
      setConfirming(false);
      const details = detailsOf(error);
      toast?.({ type: "error", message: tr("configTransfer.importFailed", text.importFailed), description: knownText(messageOf(error), tr) });
      if (details.length) setFailure({ message: text.problemsTitle, details });
    } finally {
      setImporting(false);
    }
  };

  if (result) {
    return (
      <Card title={tr("configTransfer.importTitle", text.importTitle)} className="ct-card">
        <Result
          status="success"
          title={tr("configTransfer.imported", text.imported)}
          subTitle={result.sections
            .filter((s) => s.present)
            .map((s) => `${sectionLabel(s, tr)}: ${sectionSummary(s, tr)}`)
            .join(" · ")}
          extra={
            <Button onClick={reset} type="default">
              {tr("configTransfer.chooseAnother", text.chooseAnother)}
            </Button>
          }
        />
        {result.panels.length > 0 && (
          <section aria-labelledby="ct-imported-panels" className="ct-section">
            <Typography.Title level={5} id="ct-imported-panels">
              {tr("configTransfer.importedPanels", text.importedPanels)}
            </Typography.Title>
            <ul className="ct-panel-links">
              {result.panels.map((panel) => (
                <li key={panel.PanelId}>
                  <Link to={panelEditPath(guildId, panel)}>
                    {panel.Name || tr("configTransfer.untitled", "Untitled")} <span className="ct-mono">#{panel.PanelId}</span>
                  </Link>
                  {panel.Kind === "multi" && <Tag className="ct-kind">{tr("configTransfer.multiPanel", "Multi-panel")}</Tag>}
                </li>
              ))}
            </ul>
            <p className="ct-description">{tr("configTransfer.notPosted", text.notPosted)}</p>
          </section>
        )}
        {result.warnings.length > 0 && (
          <MessageList type="warning" title={tr("configTransfer.warningsTitle", text.warningsTitle)} items={result.warnings.map(specText)} />
        )}
      </Card>
    );
  }

  return (
    <Card title={tr("configTransfer.importTitle", text.importTitle)} className="ct-card">
      <p className="ct-description">{tr("configTransfer.importDescription", text.importDescription)}</p>
      {!chosen ? (
        <Upload.Dragger
          accept=".json,application/json"
          multiple={false}
          showUploadList={false}
          disabled={!allowed}
          beforeUpload={(file) => {
            void onFile(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <p className="ct-drop-title">{tr("configTransfer.dropzone", text.dropzone)}</p>
          <p className="ct-drop-hint">{tr("configTransfer.dropzoneHint", text.dropzoneHint)}</p>
        </Upload.Dragger>
      ) : (
        <div className="ct-chosen">
          <span className="ct-file-name">{chosen.name}</span>
          <Button onClick={reset} disabled={importing}>
            {tr("configTransfer.chooseAnother", text.chooseAnother)}
          </Button>
        </div>
      )}

      {failure && (
        <MessageList type="error" title={knownText(failure.message, tr)} items={failure.details.map((d) => specText(knownText(d, tr)))} />
      )}
      {checking && !preview && <Skeleton active title={false} paragraph={{ rows: 5 }} className="ct-section" />}

      {preview && (
        <div className="ct-preview" aria-busy={checking}>
          <p className="ct-from">
            {withStrong(
              tr("configTransfer.from", "From {source} (exported {date}) into {target}", { date: formatDate(preview.exported_at, locale) }),
              { source: preview.source_guild.name, target: preview.target_guild.name },
            )}
          </p>
          <SectionsTable sections={preview.sections} />
          {preview.mapping.length > 0 && <MappingTable preview={preview} disabled={!allowed || importing} onChoose={choose} />}
          {preview.problems.length > 0 && (
            <MessageList
              type="error"
              title={tr("configTransfer.problemsTitle", text.problemsTitle)}
              items={preview.problems.map((p) => specText(knownText(p, tr)))}
            />
          )}
          {preview.warnings.length > 0 && (
            <MessageList type="warning" title={tr("configTransfer.warningsTitle", text.warningsTitle)} items={preview.warnings.map(specText)} />
          )}
          <div className="ct-actions">
            <Button type="primary" danger disabled={!allowed || !preview.can_import || checking} onClick={() => setConfirming(true)}>
              {tr("configTransfer.importButton", text.importButton)}
            </Button>
          </div>
          <Modal
            open={confirming}
            title={tr("configTransfer.confirmTitle", text.confirmTitle)}
            okText={importing ? tr("configTransfer.importing", text.importing) : tr("configTransfer.confirmOk", text.confirmOk)}
            cancelText={tr("configTransfer.cancel", text.cancel)}
            okButtonProps={{ danger: true, loading: importing }}
            cancelButtonProps={{ disabled: importing }}
            onOk={() => void runImport()}
            onCancel={() => !importing && setConfirming(false)}
            closable={false}
            destroyOnHidden
          >
            <p>
              {tr("configTransfer.confirmDescription", text.confirmDescription("{sections}"), {
                sections: presentSections(preview.sections, tr).join(", "),
              })}
            </p>
          </Modal>
        </div>
      )}
    </Card>
  );
}

function formatDate(iso: string, locale: Locale): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(locale === "es" ? "es-ES" : "en-US");
}

/** A translated sentence with `{name}` placeholders filled with bold names (other text as it is). */
function withStrong(template: string, names: Record<string, string>) {
  return template.split(/(\{\w+\})/).map((part, index) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return name !== undefined && name in names ? <strong key={index}>{names[name]}</strong> : part;
  });
}

function SectionsTable({ sections }: { sections: SectionChange[] }) {
  const tr = useTr();
  return (
    <section aria-labelledby="ct-sections-title" className="ct-section">
      <Typography.Title level={5} id="ct-sections-title">
        {tr("configTransfer.previewTitle", text.previewTitle)}
      </Typography.Title>
      <Table<SectionChange>
        size="small"
        pagination={false}
        rowKey="section"
        dataSource={sections}
        rowClassName={(s) => (s.present ? "" : "ct-row-muted")}
        columns={[
          { key: "label", title: tr("configTransfer.column.section", "Section"), render: (_, s) => sectionLabel(s, tr) },
          { key: "change", title: tr("configTransfer.column.change", "Change"), render: (_, s) => sectionSummary(s, tr) },
        ]}
      />
    </section>
  );
}

function MappingTable({ preview, disabled, onChoose }: { preview: ConfigImportPreview; disabled: boolean; onChoose: (row: MappingRow, target: string | null) => void }) {
  const tr = useTr();
  const specText = useSpecText();
  const { token } = theme.useToken();
  const narrow = !Grid.useBreakpoint().md;
  // Unmapped rows stand out with a bar along their left edge: the error colour when they block the import, the
  // warning colour otherwise (a bar, not a tinted background: muted text keeps its contrast).
  const rowBar = { ok: undefined, blocking: token.colorError, dropped: token.colorWarning } as const;
  const usedBy = (r: MappingRow) => (
    <ul className="ct-used">
      {r.used_by.map((u) => (
        <li key={u}>{specText(u)}</li>
      ))}
    </ul>
  );
  const columns: TableColumnsType<MappingRow> = [
    ...(narrow ? [] : [{ key: "kind", title: tr("configTransfer.column.type", "Type"), width: 90, render: (_: unknown, r: MappingRow) => kindName(r.kind, tr) }]),
    {
      key: "source",
      title: tr("configTransfer.column.in", "In {server}", { server: preview.source_guild.name }),
      render: (_, r) => (
        <div>
          {narrow && <div className="ct-muted">{kindName(r.kind, tr)}</div>}
          {displayName(r.kind, r.source_name, r.source_id)} <span className="ct-mono ct-muted">{r.source_id}</span>
          {narrow && usedBy(r)}
        </div>
      ),
    },
    {
      key: "target",
      title: tr("configTransfer.column.in", "In {server}", { server: preview.target_guild.name }),
      width: narrow ? "50%" : 240,
      render: (_, r) => {
        const state = rowState(r);
        const id = `ct-target-${r.kind}-${r.source_id}`;
        return (
          <div className="ct-target">
            {/* A label for the search input only (aria-label would land on antd's wrapper too). */}
            <label className="ct-sr-only" htmlFor={id}>
              {tr("configTransfer.targetLabel", "{kind} in {server} for {source}", {
                kind: kindName(r.kind, tr),
                server: preview.target_guild.name,
                source: displayName(r.kind, r.source_name, r.source_id),
              })}
            </label>
            <Select
              id={id}
              className="ct-select"
              showSearch
              allowClear
              optionFilterProp="label"
              placeholder={choosePlaceholder(r.kind, tr)}
              status={state === "blocking" ? "error" : state === "dropped" ? "warning" : undefined}
              value={r.target_id ?? undefined}
              disabled={disabled}
              options={preview.targets[r.kind].map((t) => ({ value: t.id, label: displayName(r.kind, t.name, t.id) }))}
              onChange={(value: string | undefined) => onChoose(r, value ?? null)}
            />
            {state !== "ok" && (
              <span className="ct-state">
                <span className="ct-dot" aria-hidden="true" style={{ background: state === "blocking" ? token.colorError : token.colorWarning }} />
                {tr("configTransfer.unmapped", text.unmapped)}
                {state === "blocking" ? ` (${tr("configTransfer.required", text.required)})` : ""}
              </span>
            )}
          </div>
        );
      },
    },
    ...(narrow ? [] : [{ key: "used", title: tr("configTransfer.column.usedBy", "Used by"), render: (_: unknown, r: MappingRow) => usedBy(r) }]),
  ];
  return (
    <section aria-labelledby="ct-mapping-title" className="ct-section">
      <Typography.Title level={5} id="ct-mapping-title">
        {tr("configTransfer.mappingTitle", text.mappingTitle)}
      </Typography.Title>
      <Table<MappingRow>
        size="small"
        pagination={false}
        rowKey={(r) => `${r.kind}:${r.source_id}`}
        dataSource={preview.mapping}
        rowClassName={(r) => `ct-row-${rowState(r)}`}
        columns={withRowBar((r) => rowBar[rowState(r)], columns)}
      />
    </section>
  );
}

/** A coloured bar on the first cell of the rows `colorOf` names a colour for. */
function withRowBar<T>(colorOf: (record: T) => string | undefined, columns: TableColumnsType<T>): TableColumnsType<T> {
  return columns.map((column, index) =>
    index === 0 ? { ...column, onCell: (record: T) => ({ style: barStyle(colorOf(record)) }) } : column,
  );
}
const barStyle = (color: string | undefined): CSSProperties => (color ? { boxShadow: `inset 4px 0 0 ${color}` } : {});

function MessageList({ type, title, items }: { type: "error" | "warning"; title: string; items: string[] }) {
  return (
    <Alert
      className="ct-section"
      type={type}
      showIcon
      message={title}
      description={
        items.length > 0 ? (
          <ul className="ct-messages">
            {items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}
