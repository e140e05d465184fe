import { useMemo, useState } from "react";
import { Link } from "react-router";
import { statusOf } from "../providers/http";
import { matchesServerSearch } from "../schemas/guild";
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
    body = statusOf(guilds.error) === 401 ? null : (
      <p className="picker-message" role="alert">
        {tr("spec.picker.loadFailed", pickerMessages.loadFailed)}
      </p>
    );
  } else {
    body = servers.map((guild) => {
      const highlighted = guild.id === current;
      return (
        <Link key={guild.id} to={`/${guild.id}`} className={highlighted ? "picker-row picker-row-current" : "picker-row"} aria-current={highlighted ? "true" : undefined}>
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
          <p className="page-description">{tr("shell.picker.description", "Choose the server whose tickets, panels and team you want to manage.")}</p>
        </div>
      </div>
      <Panel
        className="picker-card"
        title={tr("spec.picker.cardTitle", pickerMessages.cardTitle)}
        style={{ height: "70vh" }}
        bodyStyle={{ display: "flex", flexDirection: "column", gap: 12, flex: "1 1 auto", padding: 16 }}
      >
        <SearchField size="large" value={query} onChange={setQuery} placeholder={tr("spec.frame.searchServers", frameMessages.searchServers)} />
        <div className="picker-list" aria-busy={guilds.isLoading}>
          {body}
        </div>
      </Panel>
    </div>
  );
}
