import { Button, Grid, Modal, Select, theme } from "antd";
import type { CSSProperties } from "react";
import { useLocale } from "../../i18n/react";
import type { Locale } from "../../i18n/core";
import { formatDateTime } from "../../i18n/format";
import { useSpecText, useTr } from "../../i18n/refine";
import { configTransferText as text, type ConfigImportPreview, type MappingRow, type SectionChange } from "../../schemas/config-export";
import { DataTable, type DataColumn } from "../../ui/DataTable";
import { MessageList } from "./MessageList";
import { choosePlaceholder, displayName, kindName, knownText, presentSections, rowState, sectionLabel, sectionSummary } from "./transfer";

// The server's preview of an import (its own chunk, loaded when a file is chosen): what each section changes, the
// role and channel mapping with a choice per row, problems and warnings, and 'Import configuration' after a
// confirmation.

export default function ImportPreview({
  preview,
  checking,
  allowed,
  importing,
  confirming,
  onConfirming,
  onChoose,
  onImport,
}: {
  preview: ConfigImportPreview;
  checking: boolean;
  allowed: boolean;
  importing: boolean;
  confirming: boolean;
  onConfirming: (open: boolean) => void;
  onChoose: (row: MappingRow, target: string | null) => void;
  onImport: () => void;
}) {
  const tr = useTr();
  const specText = useSpecText();
  const locale = useLocale();
  return (
    <div className="ct-preview" aria-busy={checking}>
      <p className="ct-from">
        {withStrong(
          tr("configTransfer.from", "From {source} (exported {date}) into {target}", { date: formatDate(preview.exported_at, locale) }),
          { source: preview.source_guild.name, target: preview.target_guild.name },
        )}
      </p>
      <SectionsTable sections={preview.sections} />
      {preview.mapping.length > 0 && <MappingTable preview={preview} disabled={!allowed || importing} onChoose={onChoose} />}
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
        <Button type="primary" danger disabled={!allowed || !preview.can_import || checking} onClick={() => onConfirming(true)}>
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
        onOk={onImport}
        onCancel={() => !importing && onConfirming(false)}
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
  );
}

export function formatDate(iso: string, locale: Locale): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatDateTime(date, locale);
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
      <h3 className="ct-section-title" id="ct-sections-title">
        {tr("configTransfer.previewTitle", text.previewTitle)}
      </h3>
      <DataTable<SectionChange>
        size="small"
        rowKey="section"
        dataSource={sections}
        rowClassName={(s) => (s.present ? "" : "ct-row-muted")}
        columns={[
          {
            key: "label",
            title: tr("configTransfer.column.section", "Section"),
            render: (_: unknown, s: SectionChange) => sectionLabel(s, tr),
          },
          {
            key: "change",
            title: tr("configTransfer.column.change", "Change"),
            render: (_: unknown, s: SectionChange) => sectionSummary(s, tr),
          },
        ]}
      />
    </section>
  );
}

function MappingTable({
  preview,
  disabled,
  onChoose,
}: {
  preview: ConfigImportPreview;
  disabled: boolean;
  onChoose: (row: MappingRow, target: string | null) => void;
}) {
  const tr = useTr();
  const specText = useSpecText();
  const { token } = theme.useToken();
  const narrow = !Grid.useBreakpoint().md;
  const usedBy = (r: MappingRow) => (
    <ul className="ct-used">
      {r.used_by.map((u) => (
        <li key={u}>{specText(u)}</li>
      ))}
    </ul>
  );
  const columns: DataColumn<MappingRow>[] = [
    ...(narrow
      ? []
      : [
          {
            key: "kind",
            title: tr("configTransfer.column.type", "Type"),
            width: 90,
            render: (_: unknown, r: MappingRow) => kindName(r.kind, tr),
          },
        ]),
    {
      key: "source",
      title: tr("configTransfer.column.in", "In {server}", { server: preview.source_guild.name }),
      render: (_: unknown, r: MappingRow) => (
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
      render: (_: unknown, r: MappingRow) => {
        const state = rowState(r);
        const id = `ct-target-${r.kind}-${r.source_id}`;
        return (
          <div className="ct-target">
            {/* A label for the search input only (aria-label would land on antd's wrapper too). */}
            <label className="visually-hidden" htmlFor={id}>
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
                <span
                  className="ct-dot"
                  aria-hidden="true"
                  style={{ background: state === "blocking" ? token.colorError : token.colorWarning }}
                />
                {tr("configTransfer.unmapped", text.unmapped)}
                {state === "blocking" ? ` (${tr("configTransfer.required", text.required)})` : ""}
              </span>
            )}
          </div>
        );
      },
    },
    ...(narrow
      ? []
      : [{ key: "used", title: tr("configTransfer.column.usedBy", "Used by"), render: (_: unknown, r: MappingRow) => usedBy(r) }]),
  ];
  return (
    // Unmapped rows stand out with a bar along their left edge (config-transfer.css): the error colour when they
    // block the import, the warning colour otherwise (a bar, not a tinted background: muted text keeps its contrast).
    <section
      aria-labelledby="ct-mapping-title"
      className="ct-section"
      style={{ "--ct-blocking": token.colorError, "--ct-dropped": token.colorWarning } as CSSProperties}
    >
      <h3 className="ct-section-title" id="ct-mapping-title">
        {tr("configTransfer.mappingTitle", text.mappingTitle)}
      </h3>
      <DataTable<MappingRow>
        size="small"
        rowKey={(r) => `${r.kind}:${r.source_id}`}
        dataSource={preview.mapping}
        rowClassName={(r) => `ct-row-${rowState(r)}`}
        columns={columns}
      />
    </section>
  );
}
