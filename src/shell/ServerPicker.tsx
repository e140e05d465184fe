import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { formatDateTime } from "../i18n/format";
import { useLocale } from "../i18n/react";
import { http, statusOf } from "../providers/http";
import { matchesServerSearch, type RemovedGuild, removedGuildListResponseSchema } from "../schemas/guild";
import { limits } from "../schemas/limits";
import { frameMessages, pickerMessages } from "../schemas/messages";
import { ChevronIcon } from "../ui/icons";
import { useTr } from "../i18n/refine";
import { ServerAvatar } from "./ServerAvatar";
import { Panel, SearchField } from "../ui/blocks";
import { currentGuild, useGuilds } from "./use-guilds";

/** §2 server picker at /dashboard. */
export default function ServerPicker() {
  const guilds = useGuilds();
  const [query, setQuery] = useState("");
  const tr = useTr();
  const current = currentGuild();
  const servers = useMemo(() => (guilds.data ?? []).filter((g) => matchesServerSearch(g.name, query)), [guilds.data, query]);

  let body;
  if (guilds.isLoading) {
    body = Array.from({ length: limits.pickerSkeletonRows }, (_, i) => (
      <div key={i} className="picker-row picker-skeleton" data-testid="picker-skeleton" aria-hidden="true">
        <span className="skeleton-block picker-skeleton-avatar" />
        <span className="skeleton-block picker-skeleton-text" style={{ width: `${45 - i * 8}%` }} />
      </div>
    ));
  } else if (guilds.isError) {
    // A 401 has already logged out and left for / (use-guilds); anything else is reported here.
    body =
      statusOf(guilds.error) === 401 ? null : (
        <p className="picker-message" role="alert">
          {tr("spec.picker.loadFailed", pickerMessages.loadFailed)}
        </p>
      );
  } else {
    body = servers.map((guild) => {
      const highlighted = guild.id === current;
      return (
        <Link
          key={guild.id}
          to={`/${guild.id}`}
          className={highlighted ? "picker-row picker-row-current" : "picker-row"}
          aria-current={highlighted ? "true" : undefined}
        >
          <ServerAvatar guild={guild} size={40} />
          <span className="picker-name">{guild.name}</span>
          <ChevronIcon size={16} className="picker-chevron" />
        </Link>
      );
    });
  }

  return (
    <div className="page picker-page">
      <div className="page-header">
        <div>
          <h1 className="page-title">{tr("spec.picker.heading", pickerMessages.heading)}</h1>
          <p className="page-description">
            {tr("shell.picker.description", "Choose the server whose tickets, panels and team you want to manage.")}
          </p>
          <p className="page-description">
            <Link to="/my-tickets">{tr("shell.myTickets.link", "My tickets")}</Link>
            {" · "}
            {tr("shell.myTickets.linkHelp", "the tickets you opened, on every server")}
          </p>
        </div>
      </div>
      <Panel
        className="picker-card"
        title={tr("spec.picker.cardTitle", pickerMessages.cardTitle)}
        style={{ height: "70vh" }}
        bodyStyle={{ display: "flex", flexDirection: "column", gap: 12, flex: "1 1 auto", padding: 16 }}
      >
        <SearchField
          size="large"
          value={query}
          onChange={setQuery}
          placeholder={tr("spec.frame.searchServers", frameMessages.searchServers)}
        />
        <div className="picker-list" aria-busy={guilds.isLoading}>
          {body}
        </div>
      </Panel>
      <RemovedServers />
    </div>
  );
}

/**
 * Servers the user manages that removed the bot, with the day their data goes unless it is invited back (the gateway
 * hears the removal; nothing shows without it or on the demo platform). A failed read shows nothing: it is a notice.
 */
function RemovedServers() {
  const tr = useTr();
  const locale = useLocale();
  const removed = useQuery<RemovedGuild[]>({
    queryKey: ["guilds", "removed"],
    queryFn: async ({ signal }) =>
      removedGuildListResponseSchema.parse(await http.get("/guilds/removed", { onUnauthorized: "caller", signal })).guilds,
    staleTime: 60_000,
  });
  if (!removed.data?.length) return null;
  const day = (at: number) => formatDateTime(at, locale, { dateStyle: "long" });
  return (
    <Panel className="picker-removed" title={tr("shell.picker.removed.title", "Servers that removed Ticketeer")}>
      <ul className="picker-removed-list">
        {removed.data.map((guild) => (
          <li key={guild.id} className="picker-removed-row">
            <ServerAvatar guild={guild} size={32} />
            <div>
              <p className="picker-name">{guild.name}</p>
              <p className="picker-removed-text">
                {tr(
                  "shell.picker.removed.row",
                  "Removed on {removed}. Its tickets, transcripts and settings are deleted on {purge} unless Ticketeer is invited back.",
                  {
                    removed: day(guild.removed_at),
                    purge: day(guild.purge_at),
                  },
                )}
              </p>
              <a href={guild.invite_url} target="_blank" rel="noreferrer">
                {tr("shell.picker.removed.invite", "Invite Ticketeer back")}
              </a>
            </div>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
