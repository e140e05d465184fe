import { useId, useState } from "react";
import { useLocale, useT } from "../../i18n/react";
import { SearchIcon } from "../components/icons";
import { SitePage } from "../components/SitePage";
import {
  type BotCommand,
  botCommands,
  type CommandAccess,
  localizedAccess,
  localizedAccessHelp,
  localizedCommands,
  searchCommands,
} from "./data";

export default function CommandsPage() {
  const t = useT();
  const locale = useLocale();
  const [query, setQuery] = useState("");
  const searchId = useId();
  const commands = localizedCommands(botCommands, t, locale === "es");
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
        "Every command of the bot, what it does and who may use it: slash commands, typed after /, and message commands, in a message's Apps menu. Arguments in braces are required, in brackets optional.",
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
        <>
          <CommandGroup
            title={t("site.commands.slashTitle", "Slash commands")}
            help={t("site.commands.slashHelp", "Type / in a message box and pick the command.")}
            commands={results.filter((c) => c.kind === "slash")}
            access={commandAccess}
            accessHelp={accessHelp}
          />
          <CommandGroup
            title={t("site.commands.messageTitle", "Message commands")}
            help={t("site.commands.messageHelp", "Right-click a message (long-press on a phone), then Apps.")}
            commands={results.filter((c) => c.kind === "message")}
            access={commandAccess}
            accessHelp={accessHelp}
          />
        </>
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

/** One kind of command: a heading, where the commands are found, their cards (nothing when the search left none). */
interface CommandGroupProps {
  title: string;
  help: string;
  commands: BotCommand[];
  access: Record<CommandAccess, string>;
  accessHelp: Record<CommandAccess, string>;
}

function CommandGroup(props: CommandGroupProps) {
  const { title, help, commands, access, accessHelp } = props;
  const t = useT();
  const headingId = useId();
  if (commands.length === 0) return null;
  return (
    <section className="command-group" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <p className="muted">{help}</p>
      <ul className="command-list">
        {commands.map((command) => (
          <li key={command.key} className="command-card">
            <div className="command-head">
              <h3 className="command-name">
                <code>{command.name}</code>
              </h3>
              <span className={`badge badge-${command.access}`} title={accessHelp[command.access]}>
                {access[command.access]}
              </span>
            </div>
            <p>{command.description}</p>
            <p className="command-usage">
              <span className="muted">{t("site.commands.usage", "Usage")}</span> <code>{command.usage}</code>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
