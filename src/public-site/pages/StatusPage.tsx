import { useEffect, useState } from "react";
import { SiteLayout } from "../components/SiteLayout";
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

const statusText = {
  ok: "All systems operational",
  degraded: "Degraded performance",
  unreachable: "API unreachable",
} as const;

export default function StatusPage() {
  const { check, checking } = useHealth();
  const overall = check?.kind ?? "pending";
  return (
    <SiteLayout current="status">
      <div className="container page page-narrow">
        <header className="page-header">
          <p className="eyebrow eyebrow-plain">Live</p>
          <h1>System status</h1>
          <p className="section-lead">Live health of the Ticketeer API and its database, checked from your browser every 30 seconds.</p>
        </header>
        <div className={`status-banner status-${overall}`} role="status" aria-live="polite">
          <span className="status-dot" aria-hidden="true" />
          <span>{check ? statusText[check.kind] : "Checking…"}</span>
        </div>
        <dl className="status-grid">
          <StatusItem label="API" value={check ? (check.kind === "unreachable" ? "Unreachable" : "Online") : "—"} tone={check ? (check.kind === "unreachable" ? "bad" : "good") : undefined} />
          <StatusItem
            label="Database"
            value={check && check.kind !== "unreachable" ? (check.health.database === "ok" ? "Operational" : "Unavailable") : "—"}
            tone={check && check.kind !== "unreachable" ? (check.health.database === "ok" ? "good" : "bad") : undefined}
          />
          <StatusItem label="Latency" value={check?.latencyMs != null ? `${check.latencyMs} ms` : "—"} />
          <StatusItem label="Last check" value={check ? check.checkedAt.toLocaleTimeString("en-US") : "—"} />
          <StatusItem label="Uptime" value={check && check.kind !== "unreachable" ? formatUptime(check.health.uptime_s) : "—"} />
          <StatusItem label="Version" value={check && check.kind !== "unreachable" ? check.health.version : "—"} />
        </dl>
        {check?.kind === "unreachable" && <p className="muted">Last error: {check.error}</p>}
        <p className="muted status-refresh">{checking ? "Checking now…" : "Refreshes automatically every 30 seconds."}</p>
      </div>
      <StatsStrip />
    </SiteLayout>
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
