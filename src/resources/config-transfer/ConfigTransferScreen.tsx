import { type HttpError, useCustom, useNotification } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { Alert, Button } from "antd";
import { Card } from "../../ui/blocks";
import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { useSpecText, useTr } from "../../i18n/refine";
import { http as defaultHttp, type HttpClient } from "../../providers/http";
import type { AccessLevel, GuildAccess } from "../../schemas/access";
import {
  type ConfigExport,
  type ConfigImportPreview,
  type ConfigImportResult,
  configTransferText as text,
  type MappingOverrides,
  type MappingRow,
} from "../../schemas/config-export";
import { frameMessages } from "../../schemas/messages";
import { ErrorCard } from "../../ui/ErrorCard";
import { PageHeader } from "../../ui/PageHeader";
import type { ResourceScreenProps } from "../engine/types";
import { Dropzone } from "./Dropzone";
import { MessageList } from "./MessageList";
import { ServerDataCard } from "./ServerDataCard";
import { downloadJson, exportFileName, knownText, readJsonFile, withChoice } from "./transfer";
import "./config-transfer.css";

// What follows a chosen file loads with it: the preview (mapping choices, the confirmation) and the result.
const ImportPreview = lazy(() => import("./ImportPreview"));
const ImportResult = lazy(() => import("./ImportResult"));

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
  // The caller's access level (owner or staff): a one-off read about the caller, not a resource (useCustom).
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
          <div className="skeleton-block ct-skeleton-short" />
        </Card>
        <Card title={tr("configTransfer.importTitle", text.importTitle)} className="ct-card">
          <div className="skeleton-block ct-skeleton" />
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
      <ServerDataCard guildId={guildId} level={level} client={client} />
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
      toast?.({
        type: "error",
        message: tr("configTransfer.importFailed", text.importFailed),
        description: knownText(messageOf(error), tr),
      });
      if (details.length) setFailure({ message: text.problemsTitle, details });
    } finally {
      setImporting(false);
    }
  };

  if (result) {
    return (
      <Card title={tr("configTransfer.importTitle", text.importTitle)} className="ct-card">
        <Suspense fallback={<div className="skeleton-block ct-skeleton" />}>
          <ImportResult guildId={guildId} result={result} onAgain={reset} />
        </Suspense>
      </Card>
    );
  }

  return (
    <Card title={tr("configTransfer.importTitle", text.importTitle)} className="ct-card">
      <p className="ct-description">{tr("configTransfer.importDescription", text.importDescription)}</p>
      {!chosen ? (
        <Dropzone accept=".json,application/json" disabled={!allowed} onFile={(file) => void onFile(file)}>
          <p className="ct-drop-title">{tr("configTransfer.dropzone", text.dropzone)}</p>
          <p className="ct-drop-hint">{tr("configTransfer.dropzoneHint", text.dropzoneHint)}</p>
        </Dropzone>
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
      {checking && !preview && <div className="skeleton-block ct-skeleton ct-section" aria-busy="true" />}

      {preview && (
        <Suspense fallback={<div className="skeleton-block ct-skeleton" />}>
          <ImportPreview
            {...{ preview, checking, allowed, importing, confirming }}
            onConfirming={setConfirming}
            onChoose={choose}
            onImport={() => void runImport()}
          />
        </Suspense>
      )}
    </Card>
  );
}
