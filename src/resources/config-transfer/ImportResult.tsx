import { Button, Result } from "antd";
import { Link } from "react-router";
import { useSpecText, useTr } from "../../i18n/refine";
import { configTransferText as text, type ConfigImportResult } from "../../schemas/config-export";
import { MessageList } from "./MessageList";
import { panelEditPath, sectionLabel, sectionSummary } from "./transfer";

/** What an import did (its own chunk): the sections, links to the imported panels, warnings. */
export default function ImportResult({ guildId, result, onAgain }: { guildId: string; result: ConfigImportResult; onAgain: () => void }) {
  const tr = useTr();
  const specText = useSpecText();
  return (
    <>
      <Result
        status="success"
        title={tr("configTransfer.imported", text.imported)}
        subTitle={result.sections
          .filter((s) => s.present)
          .map((s) => `${sectionLabel(s, tr)}: ${sectionSummary(s, tr)}`)
          .join(" · ")}
        extra={
          <Button onClick={onAgain} type="default">
            {tr("configTransfer.chooseAnother", text.chooseAnother)}
          </Button>
        }
      />
      {result.panels.length > 0 && (
        <section aria-labelledby="ct-imported-panels" className="ct-section">
          <h3 className="ct-section-title" id="ct-imported-panels">
            {tr("configTransfer.importedPanels", text.importedPanels)}
          </h3>
          <ul className="ct-panel-links">
            {result.panels.map((panel) => (
              <li key={panel.PanelId}>
                <Link to={panelEditPath(guildId, panel)}>
                  {panel.Name || tr("configTransfer.untitled", "Untitled")} <span className="ct-mono">#{panel.PanelId}</span>
                </Link>
                {panel.Kind === "multi" && (
                  <span className="cell-badge cell-badge-gray ct-kind">{tr("configTransfer.multiPanel", "Multi-panel")}</span>
                )}
              </li>
            ))}
          </ul>
          <p className="ct-description">{tr("configTransfer.notPosted", text.notPosted)}</p>
        </section>
      )}
      {result.warnings.length > 0 && (
        <MessageList type="warning" title={tr("configTransfer.warningsTitle", text.warningsTitle)} items={result.warnings.map(specText)} />
      )}
    </>
  );
}
