import { type HttpError, useCan, useCustom } from "@refinedev/core";
import { useEffect, useRef, useState } from "react";
import { useLocale } from "../../i18n/react";
import { useTr } from "../../i18n/refine";
import { type BotProblem, type BotSetupResponse, botSetupResponseSchema } from "../../schemas/bot-setup";
import { Svg } from "../../ui/icons";
import { Card } from "../../ui/blocks";
import { formatRelativeTime } from "../engine/RelativeTime";
import { describeProblem, type ProblemTone } from "./bot-setup-texts";

// Server info's Bot setup card: what keeps the bot from working on this server (GET /{guildId}/bot-setup), each
// problem with what to do, the invite link again when a permission is missing server-wide, and "Check again" (which
// asks the server to re-read Discord rather than reuse its facts of the last 30 s). Only for those who may read the
// settings; built from the light blocks of src/ui/blocks.tsx so Server info stays within its budget.

export function BotSetupCard({ guildId }: { guildId: string }) {
  const can = useCan({ resource: "bot-setup", action: "list", params: { guildId } }).data?.can;
  // While the permission is asked again (a language switch, a navigation), the card stays as it was instead of
  // flashing away and back.
  const allowed = useRef(false);
  if (can !== undefined) allowed.current = can;
  return allowed.current ? <BotSetup guildId={guildId} /> : null;
}

const OkIcon = () => (
  <Svg size={20} className="bot-setup-icon bot-setup-icon-ok">
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.5 2.7 2.7L16 9.8" />
  </Svg>
);
const ProblemIcon = ({ tone }: { tone: ProblemTone }) => (
  <Svg size={20} className={`bot-setup-icon bot-setup-icon-${tone}`}>
    {tone === "error" ? (
      <circle cx="12" cy="12" r="9" />
    ) : (
      <path d="M10.3 3.9 2.6 17.2A2 2 0 0 0 4.3 20h15.4a2 2 0 0 0 1.7-2.8L13.7 3.9a2 2 0 0 0-3.4 0Z" />
    )}
    <path d={tone === "error" ? "M12 7.5v5.5" : "M12 9v4.5"} />
    <path d={tone === "error" ? "M12 16.5h.01" : "M12 17h.01"} />
  </Svg>
);

function BotSetup({ guildId }: { guildId: string }) {
  const tr = useTr();
  const locale = useLocale();
  // Each "Check again" is a new query (fresh=true); the answer on screen stays until the new one arrives.
  const [round, setRound] = useState(0);
  // The bot's setup, checked against the platform: a one-off read of facts, not a resource (useCustom).
  const { query } = useCustom<BotSetupResponse, HttpError>({
    url: `/${guildId}/bot-setup`,
    method: "get",
    config: round > 0 ? { query: { fresh: "true" } } : {},
    errorNotification: false,
    queryOptions: { queryKey: ["bot-setup", guildId, round], placeholderData: (previous) => previous, retry: false },
  });
  const parsed = query.data ? botSetupResponseSchema.safeParse(query.data.data) : undefined;
  const answer = parsed?.success ? parsed.data : undefined;
  const checking = query.isFetching;
  const now = useNow(answer?.checkedAt);

  // A plain button in antd's look: antd's Button would add about 20 KB to Server info's first visit.
  const recheck = (
    <button type="button" className="bot-setup-recheck" onClick={() => setRound((n) => n + 1)} disabled={checking}>
      {checking && <span className="bot-setup-spinner" aria-hidden="true" />}
      {checking ? tr("serverInfo.botSetup.checking", "Checking…") : tr("serverInfo.botSetup.checkAgain", "Check again")}
    </button>
  );

  let body;
  if (!answer && (query.isError || parsed?.success === false)) {
    body = (
      <p className="bot-setup-error" role="alert">
        {tr("serverInfo.botSetup.error", "Couldn't check the bot's setup: {message}", {
          message: query.error?.message ?? tr("serverInfo.botSetup.unreadable", "the answer could not be read."),
        })}
      </p>
    );
  } else if (!answer) {
    body = (
      <div className="bot-setup-loading" aria-busy="true">
        <span className="visually-hidden">{tr("serverInfo.botSetup.loading", "Checking what the bot needs…")}</span>
        <div className="bot-setup-skeleton" />
        <div className="bot-setup-skeleton bot-setup-skeleton-short" />
      </div>
    );
  } else {
    body = <Answer answer={answer} now={now} />;
  }

  return (
    <Card
      className="bot-setup-card"
      title={<h2 className="bot-setup-title">{tr("serverInfo.botSetup.title", "Bot setup")}</h2>}
      extra={recheck}
      aria-busy={checking}
    >
      {body}
      {answer && (
        <p className="bot-setup-checked">
          {tr("serverInfo.botSetup.checked", "Checked {when}.", { when: formatRelativeTime(answer.checkedAt, now, locale) })}
          {answer.platform === "demo" && ` ${tr("serverInfo.botSetup.demo", "On the demo platform the bot is set up as the docs ask.")}`}
          {query.isError &&
            ` ${tr("serverInfo.botSetup.recheckFailed", "Checking again failed: {message}", { message: query.error?.message ?? "" })}`}
        </p>
      )}
    </Card>
  );
}

/** The time "Checked …" is measured against, moving on every 15 s while the card is open. */
function useNow(checkedAt: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, [checkedAt]);
  return now;
}

function Answer({ answer, now }: { answer: BotSetupResponse; now: number }) {
  const tr = useTr();
  if (answer.problems.length === 0) {
    return (
      <p className="bot-setup-ok" role="status">
        <OkIcon />
        {tr("serverInfo.botSetup.ok", "Everything the bot needs is in place.")}
      </p>
    );
  }
  // The invite again goes with the first permission missing server-wide ("… or invite it again with the link below").
  const inviteAt = answer.problems.findIndex((p) => p.kind === "missingPermission" && p.scope === "server" && p.foundNow !== false);
  const count = answer.problems.length;
  return (
    <>
      <p className="bot-setup-summary" role="status">
        {count === 1
          ? tr("serverInfo.botSetup.summary.one", "1 thing to fix")
          : tr("serverInfo.botSetup.summary.many", "{count} things to fix", { count })}
      </p>
      <ul className="bot-setup-problems">
        {answer.problems.map((problem, i) => (
          <ProblemItem key={`${problem.kind}-${i}`} problem={problem} now={now} inviteUrl={i === inviteAt ? answer.inviteUrl : undefined} />
        ))}
      </ul>
    </>
  );
}

function ProblemItem({ problem, now, inviteUrl }: { problem: BotProblem; now: number; inviteUrl?: string }) {
  const tr = useTr();
  const locale = useLocale();
  const text = describeProblem(problem, { tr, locale, now });
  const toneLabel =
    text.tone === "error" ? tr("serverInfo.botSetup.tone.error", "Needs fixing:") : tr("serverInfo.botSetup.tone.warning", "Warning:");
  return (
    <li className={`bot-setup-problem bot-setup-problem-${text.tone}`}>
      <ProblemIcon tone={text.tone} />
      <div className="bot-setup-problem-text">
        <p className="bot-setup-problem-title">
          <span className="visually-hidden">{toneLabel} </span>
          {text.title}
        </p>
        <p>{text.action}</p>
        {inviteUrl && (
          <p className="bot-setup-invite">
            <a href={inviteUrl} target="_blank" rel="noopener noreferrer">
              {tr("serverInfo.botSetup.invite", "Invite Ticketeer again with the permissions it needs")}
            </a>{" "}
            <span className="bot-setup-muted">
              {tr("serverInfo.botSetup.invite.hint", "(opens Discord; the bot's role gets what is missing)")}
            </span>
          </p>
        )}
        {text.seen && <p className="bot-setup-seen">{text.seen}</p>}
        {text.why && <p className="bot-setup-muted">{text.why}</p>}
        {text.past && <p className="bot-setup-muted">{text.past}</p>}
      </div>
    </li>
  );
}
