import { useTr } from "../../i18n/refine";
import type { StatisticsResponse } from "../../schemas/statistics";
import { DataTable } from "../../ui/DataTable";
import { Panel } from "../../ui/blocks";

// Tickets the panels' suggestions answered before they opened (a member's "Yes, thanks"), per panel and per tag shown.

export function SuggestionsPanel({ suggestions }: { suggestions: StatisticsResponse["suggestions"] }) {
  const tr = useTr();
  const empty = tr("statistics.suggestions.none", "No questions answered by suggestions in this range.");
  const answered = tr("statistics.suggestions.answeredColumn", "Answered");
  return (
    <Panel title={tr("statistics.suggestions.title", "Answered before opening")} className="stats-card">
      <p className="stats-suggestions-total" data-testid="suggestions-answered">
        {tr("statistics.suggestions.total", "Tickets answered by suggestions: {n}", { n: suggestions.answered })}
      </p>
      <div className="stats-grid">
        <DataTable
          size="small"
          rowKey={(p) => String(p.PanelId ?? p.PanelName)}
          dataSource={suggestions.panels}
          emptyText={empty}
          label={tr("statistics.suggestions.perPanel", "Answered per panel")}
          columns={[
            { title: tr("statistics.panel", "Panel"), dataIndex: "PanelName" },
            { title: answered, dataIndex: "answered" },
          ]}
        />
        <DataTable
          size="small"
          rowKey="TagId"
          dataSource={suggestions.tags}
          emptyText={empty}
          label={tr("statistics.suggestions.perTag", "Answered per tag")}
          columns={[
            { title: tr("statistics.suggestions.tag", "Tag"), dataIndex: "TagName" },
            { title: answered, dataIndex: "answered" },
          ]}
        />
      </div>
    </Panel>
  );
}
