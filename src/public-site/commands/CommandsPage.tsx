import { useId, useState } from "react";
import { useT } from "../../i18n/react";
import { SearchIcon } from "../components/icons";
import { SitePage } from "../components/SitePage";
import { botCommands, localizedAccess, localizedAccessHelp, localizedCommands, searchCommands } from "./data";

export default function CommandsPage() {
  const t = useT();
  const [query, setQuery] = useState("");
  const searchId = useId();
  const commands = localizedCommands(botCommands, t);
  const commandAccess = localizedAccess(t);
  const accessHelp = localizedAccessHelp(t);
  const results = searchCommands(commands, query, commandAccess);
  return (
    <SitePage
      current="commands"
      documentTitle={t("site.nav.commands", "Commands")}
      wide
      eyebrow={t("site.commands.eyebrow", "Reference")}
      title={t("site.commands.title", "Commands")}
      lead={t(
        "site.commands.lead",
        "Every slash command of the bot, what it does and who may use it. Arguments in braces are required, in brackets optional.",
      )}
    >
      <div className="search-box">
        <label htmlFor={searchId} className="visually-hidden">
          {t("site.commands.search", "Search commands")}
        </label>
        <SearchIcon className="search-icon" />
        <input
          id={searchId}
          type="search"
          placeholder={t("site.commands.searchPlaceholder", "Search commands...")}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
        />
      </div>
      <p className="muted results-count" aria-live="polite">
        {results.length === botCommands.length
          ? t("site.commands.count", "{count} commands", { count: results.length })
          : t("site.commands.countFiltered", "{count} of {total} commands", { count: results.length, total: botCommands.length })}
      </p>
      {results.length === 0 ? (
        <p className="empty-state">{t("site.commands.noMatch", "No commands match “{query}”.", { query })}</p>
      ) : (
        <ul className="command-list">
          {results.map((command) => (
            <li key={command.name} className="command-card">
              <div className="command-head">
                <h2 className="command-name">
                  <code>{command.name}</code>
                </h2>
                <span className={`badge badge-${command.access}`} title={accessHelp[command.access]}>
                  {commandAccess[command.access]}
                </span>
              </div>
              <p>{command.description}</p>
              <p className="command-usage">
                <span className="muted">{t("site.commands.usage", "Usage")}</span> <code>{command.usage}</code>
              </p>
            </li>
          ))}
        </ul>
      )}
      <section className="access-legend" aria-labelledby="access-title">
        <h2 id="access-title">{t("site.commands.accessTitle", "Who may use what")}</h2>
        <dl>
          {Object.entries(commandAccess).map(([key, label]) => (
            <div key={key}>
              <dt>{label}</dt>
              <dd>{accessHelp[key as keyof typeof accessHelp]}</dd>
            </div>
          ))}
        </dl>
      </section>
    </SitePage>
  );
}
