import { BotSetupCard } from "./BotSetupCard";
import { TicketStrip } from "./TicketStrip";
import { type HttpError, useOne } from "@refinedev/core";
import { Skeleton, Statistic } from "antd";
import { Card } from "../../ui/blocks";
import { useState } from "react";
import { useParams } from "react-router";
import type { Locale } from "../../i18n/core";
import { formatNumber } from "../../i18n/format";
import { useLocale } from "../../i18n/react";
import { useSpecT, useTr } from "../../i18n/refine";
import { defaultAvatarUrl } from "../../schemas/auth";
import type { GuildInfo } from "../../schemas/guild";
import { serverInfoMessages } from "../../schemas/messages";
import { ErrorCard } from "../../ui/ErrorCard";
import fallbackIcon from "./fallback-icon.svg";
import "./server-info.css";

/** An image that swaps to `fallback` when it has no source or fails to load. */
function ImageWithFallback({ src, fallback, className, size }: { src: string | null; fallback: string; className: string; size: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = src && src !== failed ? src : fallback;
  return <img className={className} src={shown} alt="" width={size} height={size} onError={() => shown !== fallback && setFailed(shown)} />;
}

const grouped = (n: number, locale: Locale) => formatNumber(n, locale);

/** Server info (§2): the guild index of /{guildId}. */
export default function ServerInfo() {
  const { guildId = "" } = useParams();
  const tr = useTr();
  const spec = useSpecT();
  const locale = useLocale();
  // GET /guilds/{guildId}: the contract's guild record, outside the guild-scoped resources (src/providers/data-provider.ts).
  const { query } = useOne<GuildInfo, HttpError>({
    resource: "guilds",
    id: guildId,
    errorNotification: false,
    queryOptions: { enabled: !!guildId },
  });
  const guild = query.data?.data;

  if (query.isError) {
    return (
      <div className="page">
        <ErrorCard page={spec(serverInfoMessages, "pageName")} message={(query.error as HttpError | null)?.message} />
      </div>
    );
  }

  if (!guild) {
    return (
      <div className="page" aria-busy="true">
        <Card>
          <div className="server-head">
            <Skeleton.Avatar active size={72} shape="square" />
            <Skeleton active title={{ width: 220 }} paragraph={{ rows: 1, width: 260 }} />
          </div>
        </Card>
        <div className="server-stats">
          {["members", "roles", "channels", "boosts"].map((label) => (
            <Card key={label}>
              <Skeleton active title={false} paragraph={{ rows: 2 }} />
            </Card>
          ))}
        </div>
      </div>
    );
  }

  const stats = [
    { label: tr("serverInfo.members", "Members"), value: guild.member_count },
    { label: tr("serverInfo.roles", "Roles"), value: guild.roles },
    { label: tr("serverInfo.channels", "Channels"), value: guild.channels },
    { label: tr("serverInfo.boosts", "Boosts"), value: guild.boosts },
  ];

  return (
    <div className="page">
      <Card className="server-card">
        <div className="server-head">
          <ImageWithFallback className="server-icon" src={guild.icon_url} fallback={fallbackIcon} size={72} />
          <div className="server-title">
            <h1 className="page-title server-name">{guild.name}</h1>
            <div className="server-id">
              <span className="server-id-label">{spec(serverInfoMessages, "guildId")}</span>
              <code className="server-id-value">{guild.id}</code>
            </div>
          </div>
        </div>
      </Card>
      <BotSetupCard guildId={guildId} />
      <TicketStrip guildId={guildId} />
      <div className="server-stats">
        {stats.map((stat) => (
          <Card key={stat.label} className="server-stat">
            <Statistic title={stat.label} value={stat.value} formatter={(v) => grouped(Number(v), locale)} />
          </Card>
        ))}
      </div>
      <Card title={tr("serverInfo.guildOwner", "Guild Owner")} className="server-owner-card">
        <div className="server-owner">
          <ImageWithFallback className="server-owner-avatar" src={guild.owner_avatar} fallback={defaultAvatarUrl} size={48} />
          <span className="server-owner-name">{guild.owner}</span>
        </div>
      </Card>
    </div>
  );
}
