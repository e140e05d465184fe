import { demoCommunityId, tryItPath } from "../../schemas/demo-guild";
import { landingMessages } from "../../schemas/messages";
import { formatCount, useAnimatedNumber } from "../lib/counter";
import { useStats } from "../lib/stats";
import { useT } from "../../i18n/react";

/** The text around the two numbers of a two-placeholder message, so the numbers can be styled. */
export function templateParts(template: (a: string, b: string) => string): [string, string, string] {
  const [first, rest = ""] = template("\u0000", "\u0001").split("\u0000");
  const [middle, last = ""] = rest.split("\u0001");
  return [first, middle, last];
}

/** 'Powering N users across M communities' (SPEC §2), animated and thousands-grouped. */
export function StatsStrip() {
  const stats = useStats();
  const users = useAnimatedNumber(stats.total_member_count);
  const communities = useAnimatedNumber(stats.total_guilds);
  const t = useT();
  const [first, middle, last] = templateParts((users, communities) =>
    t("site.landing.stats", landingMessages.stats("{users}", "{communities}"), { users, communities }),
  );
  return (
    <section className="stats-strip" aria-label={t("site.landing.usage", "Usage")}>
      <div className="container">
        <p className="stats-text" data-testid="stats-text">
          {first}
          <strong className="stat-number">{formatCount(users)}</strong>
          {middle}
          <strong className="stat-number">{formatCount(communities)}</strong>
          {last}
        </p>
        {stats.demo && (
          <p className="demo-notice" data-testid="demo-notice">
            {t("site.landing.demoNotice", "This server runs the demo platform: the bot answers right here, no Discord needed.")}{" "}
            <a href={tryItPath(demoCommunityId)}>{t("site.landing.tryIt", "Try the bot in the demo server")}</a>
          </p>
        )}
      </div>
    </section>
  );
}
