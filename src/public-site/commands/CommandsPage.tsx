import { useId, useState } from "react";
import { SearchIcon } from "../components/icons";
import { SiteLayout } from "../components/SiteLayout";
import { accessHelp, botCommands, commandAccess, searchCommands } from "./data";

export default function CommandsPage() {
  const [query, setQuery] = useState("");
  const searchId = useId();
  const results = searchCommands(botCommands, query);
  return (
    <SiteLayout current="commands">
      <div className="container page">
        <header className="page-header">
          <p className="eyebrow eyebrow-plain">Reference</p>
          <h1>Commands</h1>
          <p className="section-lead">Every slash command of the bot, what it does and who may use it. Arguments in braces are required, in brackets optional.</p>
        </header>
        <div className="search-box">
          <label htmlFor={searchId} className="visually-hidden">
            Search commands
          </label>
          <SearchIcon className="search-icon" />
          <input
            id={searchId}
            type="search"
            placeholder="Search commands..."
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            autoComplete="off"
          />
        </div>
        <p className="muted results-count" aria-live="polite">
          {results.length === botCommands.length ? `${results.length} commands` : `${results.length} of ${botCommands.length} commands`}
        </p>
        {results.length === 0 ? (
          <p className="empty-state">No commands match “{query}”.</p>
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
                  <span className="muted">Usage</span> <code>{command.usage}</code>
                </p>
              </li>
            ))}
          </ul>
        )}
        <section className="access-legend" aria-labelledby="access-title">
          <h2 id="access-title">Who may use what</h2>
          <dl>
            {Object.entries(commandAccess).map(([key, label]) => (
              <div key={key}>
                <dt>{label}</dt>
                <dd>{accessHelp[key as keyof typeof accessHelp]}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </SiteLayout>
  );
}
