import { useEffect, useState } from "react";
import { useLocale, useT } from "../../i18n/react";
import { formatTime } from "../../i18n/format";
import { SitePage } from "../components/SitePage";
import { checkHealth, formatUptime, healthRefreshMs, type HealthCheck } from "../lib/health";
import { StatsStrip } from "../components/StatsStrip";

function useHealth() {
  const [check, setCheck] = useState<HealthCheck | null>(null);
  const [checking, setChecking] = useState(false);
  useEffect(() => {
    let alive = true;
    const run = async () => {
      setChecking(true);
      const result = await checkHealth();
      if (!alive) return;
      setCheck(result);
      setChecking(false);
    };
    void run();
    const timer = setInterval(run, healthRefreshMs);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, []);
  return { check, checking };
}

/** The banner text of a health check, in the language on screen. */
function statusText(t: ReturnType<typeof useT>, kind: HealthCheck["kind"]): string {
  switch (kind) {
    case "ok":
      return t("site.status.ok", "All systems operational");
    case "degraded":
      return t("site.status.degraded", "Degraded performance");
    case "unreachable":
      return t("site.status.unreachable", "API unreachable");
  }
}

export default function StatusPage() {
  const t = useT();
  const locale = useLocale();
  const { check, checking } = useHealth();
  const overall = check?.kind ?? "pending";
  return (
    <SitePage
      current="status"
      documentTitle={t("site.nav.status", "Status")}
      eyebrow={t("site.status.eyebrow", "Live")}
      title={t("site.status.title", "System status")}
      lead={t("site.status.lead", "Live health of the Ticketeer API and its database, checked from your browser every 30 seconds.")}
      after={<StatsStrip />}
    >
      <div className={`status-banner status-${overall}`} role="status" aria-live="polite">
        <span className="status-dot" aria-hidden="true" />
        <span>{check ? statusText(t, check.kind) : t("site.status.checking", "Checking…")}</span>
      </div>
      <dl className="status-grid">
        <StatusItem
          label={t("site.status.api", "API")}
          value={
            check
              ? check.kind === "unreachable"
                ? t("site.status.api.unreachable", "Unreachable")
                : t("site.status.api.online", "Online")
              : "—"
          }
          tone={check ? (check.kind === "unreachable" ? "bad" : "good") : undefined}
        />
        <StatusItem
          label={t("site.status.database", "Database")}
          value={
            check && check.kind !== "unreachable"
              ? check.health.database === "ok"
                ? t("site.status.database.operational", "Operational")
                : t("site.status.database.unavailable", "Unavailable")
              : "—"
          }
          tone={check && check.kind !== "unreachable" ? (check.health.database === "ok" ? "good" : "bad") : undefined}
        />
        <StatusItem
          label={t("site.status.latency", "Latency")}
          value={check?.latencyMs != null ? t("site.status.latency.value", "{ms} ms", { ms: check.latencyMs }) : "—"}
        />
        <StatusItem
          label={t("site.status.lastCheck", "Last check")}
          value={check ? formatTime(check.checkedAt, locale, { timeStyle: "medium" }) : "—"}
        />
        <StatusItem
          label={t("site.status.uptime", "Uptime")}
          value={check && check.kind !== "unreachable" ? formatUptime(check.health.uptime_s) : "—"}
        />
        <StatusItem
          label={t("site.status.version", "Version")}
          value={check && check.kind !== "unreachable" ? check.health.version : "—"}
        />
      </dl>
      {check?.kind === "unreachable" && (
        <p className="muted">{t("site.status.lastError", "Last error: {error}", { error: check.error })}</p>
      )}
      <p className="muted status-refresh">
        {checking ? t("site.status.checkingNow", "Checking now…") : t("site.status.refreshes", "Refreshes automatically every 30 seconds.")}
      </p>
    </SitePage>
  );
}

function StatusItem({ label, value, tone }: { label: string; value: string; tone?: "good" | "bad" }) {
  return (
    <div className="status-item">
      <dt>{label}</dt>
      <dd className={tone ? `tone-${tone}` : undefined}>{value}</dd>
    </div>
  );
}
