import { useSubscription, type LiveEvent } from "@refinedev/core";
import { Alert, Button, theme } from "antd";
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useTr } from "../../i18n/refine";
import { HttpError } from "../../providers/http";
import { ticketsChannel, type MemberLivePayload } from "../../providers/live-provider";
import type { BotCommand } from "../../schemas/commands";
import { messageCommands } from "../../schemas/command-list";
import type { DemoChannel, DemoInteractionInput, DemoMessage } from "../../schemas/demo";
import { PageHeader } from "../../ui/PageHeader";
import { DateTime } from "../engine/RelativeTime";
import { Embed } from "../engine/chat/EmbedPreview";
import type { ResourceScreenProps } from "../engine/types";
import { demoApi } from "./demo-api";
import { componentRows, embedData, modalData, readableMentions, type MessageComponent, type ModalData } from "./discord-shapes";
import { SelectField } from "../../ui/blocks";
import { SkipAhead } from "./SkipAhead";
import { Composer } from "./Composer";
import "./try-it.css";

// A bot's modal (a form) loads when the bot first opens one.
const FormModal = lazy(() => import("./FormModal"));

// The Try-it view (docs/ticket-engine.md): on the demo platform the dashboard plays the Discord client. It shows
// the channels the signed-in demo user can see, their messages as the bot posted them (the panel editor's embed
// preview), and sends what a Discord client sends: messages, clicks, choices, modal answers and slash commands.
// Message text is always shown as text.

const POLL_MS = 2000;
const buttonStyle = (style: number) =>
  style === 4
    ? { danger: true, type: "primary" as const }
    : style === 1
      ? { type: "primary" as const }
      : style === 3
        ? { type: "primary" as const, className: "try-it-success" }
        : {};

function useVisibleInterval(run: () => void, ms: number) {
  const saved = useRef(run);
  saved.current = run;
  useEffect(() => {
    const timer = setInterval(() => {
      if (typeof document === "undefined" || document.visibilityState === "visible") saved.current();
    }, ms);
    return () => clearInterval(timer);
  }, [ms]);
}

export default function TryItScreen({ guildId }: ResourceScreenProps) {
  const tr = useTr();
  const { token } = theme.useToken();
  const [params, setParams] = useSearchParams();
  const [demo, setDemo] = useState<boolean | null>(null);
  const [channels, setChannels] = useState<DemoChannel[] | null>(null);
  const [messages, setMessages] = useState<DemoMessage[]>([]);
  // Names of the members, roles and channels the messages mention, as the server resolved them.
  const [mentionNames, setMentionNames] = useState<Record<string, string>>({});
  // The bot's answers only this member sees, each in the channel it was answered in (as on Discord).
  const [ephemeral, setEphemeral] = useState<DemoMessage[]>([]);
  const [modal, setModal] = useState<(ModalData & { messageId?: string }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** What happened to the channel the member was in (its ticket closed, it is gone). */
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list = useMemo(() => channels ?? [], [channels]);
  const wanted = params.get("channel");
  const fallback = list.find((c) => c.name === "support")?.id ?? list[0]?.id ?? null;
  // Only a channel the member sees is ever shown: a link to one that is gone (a closed ticket) shows the default.
  const selected = channels === null ? null : wanted && list.some((c) => c.id === wanted) ? wanted : fallback;
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  const channelsRef = useRef(list);
  channelsRef.current = list;

  const select = useCallback(
    (id: string) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set("channel", id);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const loadChannels = useCallback(async () => {
    const next = await demoApi.channels(guildId);
    setChannels(next);
    // The answers of a channel that is gone go with it.
    setEphemeral((shown) => shown.filter((m) => next.some((c) => c.id === m.channelId)));
    return next;
  }, [guildId]);

  /** The channel the member last had to leave (it left their list) and where they went. */
  const left = useRef<{ from: string; to: string | null } | null>(null);
  /**
   * Leaves a channel that left the member's list (`before`: the list they saw it in): for their own ticket that
   * closed, to the bot's direct messages, where the closing DM is; else to the server's default channel. Once per channel.
   */
  const leave = useCallback(
    (gone: string, before: DemoChannel[], next: DemoChannel[]) => {
      if (left.current?.from === gone) return left.current.to;
      const dm = before.find((c) => c.id === gone)?.mine ? next.find((c) => c.kind === "dm") : undefined;
      const to = dm?.id ?? next.find((c) => c.name === "support")?.id ?? next[0]?.id ?? null;
      left.current = { from: gone, to };
      if (to) select(to);
      return to;
    },
    [select],
  );

  // A link (or a reload) naming a channel the member no longer sees: the view says so, and shows the default channel.
  useEffect(() => {
    if (channels === null || !wanted || channels.some((c) => c.id === wanted) || left.current?.from === wanted) return;
    setNotice(tr("tryIt.channelGone", "That channel no longer exists: its ticket may have been closed."));
    if (fallback) select(fallback);
  }, [channels, wanted, fallback, select, tr]);

  const messagesRef = useRef<DemoMessage[]>([]);
  messagesRef.current = messages;
  /** The channel shown went meanwhile (its ticket closed before its event arrived): the list is read again, and the view leaves it. */
  const channelGone = useCallback(
    async (channelId: string) => {
      const before = channelsRef.current;
      const next = await loadChannels().catch(() => null);
      if (next && !next.some((c) => c.id === channelId)) leave(channelId, before, next);
    },
    [loadChannels, leave],
  );
  const loadMessages = useCallback(
    async (channelId: string, fresh: boolean) => {
      const last = fresh ? undefined : messagesRef.current.at(-1)?.id;
      try {
        const { messages: batch, mentions, gone } = await demoApi.messages(guildId, channelId, last);
        if (selectedRef.current !== channelId) return;
        if (gone) return void (await channelGone(channelId));
        if (Object.keys(mentions).length) setMentionNames((known) => ({ ...known, ...mentions }));
        setMessages((current) => (fresh ? batch : [...current, ...batch.filter((m) => !current.some((c) => c.id === m.id))]));
      } catch (e) {
        if (e instanceof HttpError && e.statusCode === 404 && selectedRef.current === channelId) await channelGone(channelId);
      }
    },
    [guildId, channelGone],
  );

  useEffect(() => {
    demoApi.isDemo().then(setDemo, () => setDemo(false));
  }, []);
  useEffect(() => {
    if (demo) loadChannels().catch(() => setError(tr("tryIt.loadFailed", "Couldn't load the demo server.")));
  }, [demo, loadChannels, tr]);
  useEffect(() => {
    setMessages([]);
    if (demo && selected) void loadMessages(selected, true);
  }, [demo, selected, loadMessages]);
  useVisibleInterval(() => {
    if (demo && selectedRef.current) void loadMessages(selectedRef.current, false);
  }, POLL_MS);

  // The dashboard's ticket events, as this member may learn them (GET /{guildId}/demo/events): a ticket closed,
  // renamed, claimed, reopened, or a member added, is followed at once, without polling.
  useSubscription({
    channel: ticketsChannel,
    types: ["*"],
    enabled: demo === true,
    meta: { guildId, audience: "member" },
    onLiveEvent: (event: LiveEvent) => {
      const payload = event.payload as Partial<MemberLivePayload>;
      const ticket = payload.event?.ticket;
      const before = channelsRef.current;
      void loadChannels()
        .then((next) => {
          if (!ticket) return;
          const here = ticket.ChannelId === selectedRef.current;
          if (!ticket.Visible && (here || left.current?.from === ticket.ChannelId)) {
            // The channel the member was in (or just left by closing it) is gone: what happened, and why.
            setNotice(
              payload.event?.type === "closed"
                ? ticket.CloseReason
                  ? tr("tryIt.ticketClosedReason", "Ticket #{number} was closed. Reason: {reason}", {
                      number: ticket.TicketId,
                      reason: ticket.CloseReason,
                    })
                  : tr("tryIt.ticketClosed", "Ticket #{number} was closed.", { number: ticket.TicketId })
                : tr("tryIt.ticketHidden", "You no longer see the channel of ticket #{number}.", { number: ticket.TicketId }),
            );
            if (here) leave(ticket.ChannelId, before, next);
          } else if (here) {
            // Claimed, renamed, reopened: its messages read again (the bot may have edited one).
            void loadMessages(ticket.ChannelId, true);
          }
        })
        .catch(() => undefined);
    },
  });

  const names = useMemo(() => {
    const map = new Map<string, string>(Object.entries(mentionNames));
    for (const c of list) map.set(c.id, c.name);
    for (const m of messages) map.set(m.author.id, m.author.username);
    return map;
  }, [list, messages, mentionNames]);

  /** Sends an interaction; shows the modal or the ephemeral answer; follows a newly opened ticket channel. */
  const interact = useCallback(
    async (input: DemoInteractionInput) => {
      setBusy(true);
      setError(null);
      const before = channelsRef.current;
      const from = selectedRef.current;
      try {
        const reply = await demoApi.interact(guildId, input);
        if (reply.modal) setModal({ ...modalData(reply.modal), ...("messageId" in input ? { messageId: input.messageId } : {}) });
        // A button or choice of an answer only this member sees is used once (the bot has answered it).
        if ((input.kind === "button" || input.kind === "select") && !reply.modal) {
          setEphemeral((shown) =>
            shown.map((m) => (m.id === input.messageId ? { ...m, components: disabledComponents(m.components) } : m)),
          );
        }
        const next = await loadChannels();
        // A ticket opened from the direct messages (DM tickets: a choice, then maybe a form) goes on there, as on Discord:
        // the view stays in the DM. A button there (Reopen on the closing DM) takes the member to the ticket's channel.
        const fromDm = before.find((c) => c.id === from)?.kind === "dm" && input.kind !== "button";
        const opened = fromDm ? undefined : next.find((c) => c.kind === "ticket" && !before.some((b) => b.id === c.id));
        let home = from;
        if (opened) home = opened.id;
        // The member's step removed the channel they were in (they closed the ticket): they leave it.
        else if (from && !next.some((c) => c.id === from)) home = leave(from, before, next);
        // The bot's answer shows where the member is: in the new ticket, or where they went when the channel left.
        if (reply.ephemeral.length)
          setEphemeral((shown) => [
            ...shown,
            ...reply.ephemeral.map((m) => (home && home !== m.channelId ? { ...m, channelId: home } : m)),
          ]);
        if (opened) select(opened.id);
        else if (home === from && from) await loadMessages(from, true);
        return reply;
      } catch (e) {
        setError(e instanceof HttpError ? e.message : tr("tryIt.failed", "That did not work. Please try again."));
        return null;
      } finally {
        setBusy(false);
      }
    },
    [guildId, leave, loadChannels, loadMessages, select, tr],
  );

  // The chat shows its newest message: on a channel switch, and when something arrives while the member is at the bottom.
  const chat = useRef<HTMLOListElement>(null);
  const atBottom = useRef(true);
  const shownEphemeral = ephemeral.filter((m) => m.channelId === selected);
  const lastShown = shownEphemeral.at(-1)?.id ?? messages.at(-1)?.id;
  const shownChannel = useRef<string | null>(null);
  useLayoutEffect(() => {
    const el = chat.current;
    if (!el) return;
    const switched = shownChannel.current !== selected;
    shownChannel.current = selected;
    if (switched || atBottom.current) {
      el.scrollTop = el.scrollHeight;
      atBottom.current = true;
    }
  }, [selected, lastShown]);

  if (demo === false) {
    return (
      <div className="try-it">
        <PageHeader title={tr("tryIt.title", "Try it")} />
        <Alert
          type="info"
          showIcon
          message={tr(
            "tryIt.notDemo",
            "The Try-it view plays the bot on the demo platform. This server runs on Discord: try the bot in Discord itself.",
          )}
        />
      </div>
    );
  }

  const current = list.find((c) => c.id === selected);
  const groups = [...new Set(list.map((c) => c.category ?? ""))];

  return (
    <div className="try-it">
      <PageHeader
        title={tr("tryIt.title", "Try it")}
        description={tr(
          "tryIt.description",
          "This is the demo server as a Discord member sees it. Click a panel to open a ticket, answer its form, write in the ticket, then claim and close it.",
        )}
      />
      {error && <Alert type="error" showIcon message={error} closable onClose={() => setError(null)} className="try-it-error" />}
      {notice && (
        <Alert
          type="info"
          showIcon
          role="status"
          message={notice}
          closable
          onClose={() => setNotice(null)}
          className="try-it-error"
          data-testid="try-it-notice"
        />
      )}
      <div className="try-it-layout" style={{ borderColor: token.colorBorderSecondary }}>
        <nav className="try-it-channels" aria-label={tr("tryIt.channels", "Channels")} style={{ background: token.colorFillQuaternary }}>
          <SelectField
            className="try-it-channel-select"
            value={selected ?? ""}
            onChange={(id) => id && select(id)}
            label={tr("tryIt.channels", "Channels")}
            options={[
              ...(selected ? [] : [{ value: "", label: "" }]),
              ...list.map((c) => ({ value: c.id, label: `${c.kind === "dm" ? "@" : "#"}${c.name}` })),
            ]}
          />
          <div className="try-it-channel-groups">
            {groups.map((group) => (
              <div key={group} className="try-it-channel-group">
                {group && <div className="try-it-category">{group}</div>}
                <ul>
                  {list
                    .filter((c) => (c.category ?? "") === group)
                    .map((c) => (
                      <li key={c.id}>
                        <button
                          type="button"
                          className={`try-it-channel${c.id === selected ? " is-active" : ""}${c.parentChannelId ? " is-thread" : ""}`}
                          aria-current={c.id === selected ? "page" : undefined}
                          onClick={() => select(c.id)}
                          data-testid={`channel-${c.name}`}
                        >
                          {/* A ticket's private thread, under its channel as Discord lists it. */}
                          <span aria-hidden>{c.kind === "dm" ? "@" : c.parentChannelId ? "↳" : "#"}</span> {c.name}
                          {c.parentChannelId && <span className="visually-hidden">{tr("tryIt.thread", "(thread)")}</span>}
                          {c.kind === "ticket" && (
                            <span className="cell-badge cell-badge-gray try-it-ticket-tag">{tr("tryIt.ticket", "ticket")}</span>
                          )}
                        </button>
                      </li>
                    ))}
                </ul>
              </div>
            ))}
          </div>
        </nav>
        <section
          className="try-it-chat"
          aria-label={current ? `${current.kind === "dm" ? "@" : "#"}${current.name}` : tr("tryIt.chat", "Chat")}
        >
          <header className="try-it-chat-header">
            <strong>{current ? `${current.kind === "dm" ? "@" : "#"}${current.name}` : ""}</strong>
            {/* The server's demo clock; managers skip it ahead (warnings, close requests, auto-close, without waiting). */}
            <SkipAhead
              guildId={guildId}
              busy={busy}
              onBusy={setBusy}
              onError={setError}
              onSkipped={async () => {
                const list = await loadChannels();
                if (selectedRef.current && !list.some((c) => c.id === selectedRef.current)) select(list[0]?.id ?? "");
                else if (selectedRef.current) await loadMessages(selectedRef.current, false);
              }}
            />
          </header>
          <ol
            className="try-it-messages"
            aria-live="polite"
            data-testid="messages"
            ref={chat}
            onScroll={(e) => {
              const el = e.currentTarget;
              atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
            }}
          >
            {messages.length === 0 && (
              <li className="try-it-empty">
                <p className="try-it-empty-text">{tr("tryIt.noMessages", "No messages yet.")}</p>
              </li>
            )}
            {messages.map((m) => (
              <ChatMessage
                key={m.id}
                message={m}
                names={names}
                busy={busy}
                onInteract={interact}
                apps={current?.kind === "dm" ? [] : messageCommands}
              />
            ))}
            {shownEphemeral.map((m) => (
              <ChatMessage
                key={m.id}
                message={m}
                names={names}
                busy={busy}
                onInteract={interact}
                ephemeral={{
                  label: tr("tryIt.onlyYou", "Only you can see this"),
                  dismiss: tr("tryIt.dismiss", "Dismiss"),
                  onDismiss: () => setEphemeral((shown) => shown.filter((x) => x.id !== m.id)),
                }}
              />
            ))}
          </ol>
          {selected && current?.canWrite === false ? (
            // As Discord shows it: the member reads this channel (#rules) but may not write in it.
            <p className="try-it-read-only" role="note">
              {tr("tryIt.readOnly", "You do not have permission to send messages in this channel.")}
            </p>
          ) : (
            selected && (
              <Composer
                key={selected}
                guildId={guildId}
                channelId={selected}
                busy={busy}
                onInteract={interact}
                onSent={() => loadMessages(selected, false)}
              />
            )
          )}
        </section>
      </div>
      {modal && (
        <Suspense fallback={null}>
          <FormModal
            modal={modal}
            onClose={() => setModal(null)}
            onSubmit={async (fields) => {
              const reply = await interact({
                kind: "modal",
                channelId: selected!,
                customId: modal.customId,
                fields,
                ...(modal.messageId ? { messageId: modal.messageId } : {}),
              });
              if (reply) setModal(null);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

/** A message's time: the hour, with the day when it is not today (after the demo clock was skipped ahead, it often is not). */
function messageTimeOptions(at: number): Intl.DateTimeFormatOptions {
  const hour = { hour: "2-digit", minute: "2-digit" } as const;
  return new Date(at).toDateString() === new Date().toDateString() ? hour : { weekday: "short", day: "numeric", month: "short", ...hour };
}

/** A message's components as Discord draws them once used: every button and menu disabled. */
function disabledComponents(rows: DemoMessage["components"]): DemoMessage["components"] {
  return rows.map((row) => ({
    ...row,
    components: Array.isArray(row.components) ? row.components.map((c) => ({ ...(c as object), disabled: true })) : row.components,
  }));
}

function ChatMessage({
  message,
  names,
  busy,
  onInteract,
  ephemeral,
  apps = [],
}: {
  message: DemoMessage;
  names: Map<string, string>;
  busy: boolean;
  onInteract: (input: DemoInteractionInput) => Promise<unknown>;
  ephemeral?: { label: string; dismiss: string; onDismiss: () => void };
  /** The message commands of its Apps menu, as Discord shows them on a message. */
  apps?: readonly BotCommand[];
}) {
  const { token } = theme.useToken();
  const tr = useTr();
  const [appsOpen, setAppsOpen] = useState(false);
  const rows = componentRows(message.components);
  const timeOptions = messageTimeOptions(message.createdAt);
  const act = (component: MessageComponent, values?: string[]) =>
    onInteract(
      component.kind === "button"
        ? { kind: "button", channelId: message.channelId, messageId: message.id, customId: component.customId }
        : { kind: "select", channelId: message.channelId, messageId: message.id, customId: component.customId, values: values ?? [] },
    );
  return (
    <li className={`chat-message try-it-message${ephemeral ? " is-ephemeral" : ""}`} data-testid={ephemeral ? "ephemeral" : "message"}>
      <div
        className="chat-avatar"
        style={{
          background: message.author.bot ? token.colorPrimary : token.colorFillSecondary,
          color: message.author.bot ? token.colorTextLightSolid : token.colorText,
        }}
        aria-hidden
      >
        {message.author.username.slice(0, 1)}
      </div>
      <div className="chat-body">
        <div className="chat-header">
          <span className="chat-name">{message.author.username}</span>
          {message.author.bot && (
            <span className="chat-bot-tag" style={{ background: token.colorPrimary, color: token.colorTextLightSolid }}>
              BOT
            </span>
          )}
          <DateTime className="try-it-time" value={message.createdAt} options={timeOptions} />
          {apps.length > 0 && (
            <span className="try-it-apps">
              <button
                type="button"
                className="try-it-apps-toggle"
                aria-expanded={appsOpen}
                aria-label={tr("tryIt.apps", "Apps")}
                onClick={() => setAppsOpen((o) => !o)}
              >
                ⋯
              </button>
              {appsOpen && (
                <ul className="try-it-apps-menu" role="menu" aria-label={tr("tryIt.apps", "Apps")}>
                  {apps.map((c) => (
                    <li key={c.key} role="none">
                      <button
                        type="button"
                        role="menuitem"
                        disabled={busy}
                        onClick={() => {
                          setAppsOpen(false);
                          void onInteract({ kind: "messageCommand", channelId: message.channelId, messageId: message.id, name: c.name });
                        }}
                      >
                        {tr(`tryIt.app.${c.key}`, c.name)}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </span>
          )}
        </div>
        {message.content && <div className="chat-content try-it-content">{readableMentions(message.content, names)}</div>}
        {message.embeds.map((e, i) => (
          <Embed key={i} embed={embedData(e, (text) => readableMentions(text, names))} />
        ))}
        {(message.attachments ?? []).map((a) => (
          <a key={a.name} className="try-it-attachment" href={a.url} download={a.name}>
            {a.name} ({tr("tryIt.attachmentSize", "{kb} KB", { kb: Math.max(1, Math.round(a.size / 1024)) })})
          </a>
        ))}
        {rows.map((row, i) => (
          <div key={i} className="try-it-row">
            {row.map((c) =>
              c.kind === "button" ? (
                <Button key={c.customId} {...buttonStyle(c.style)} disabled={c.disabled || busy} onClick={() => void act(c)}>
                  {c.emoji ? `${c.emoji} ` : ""}
                  {c.label}
                </Button>
              ) : (
                <select
                  key={c.customId}
                  className="select-field try-it-select"
                  aria-label={c.placeholder ?? "Select"}
                  disabled={c.disabled || busy}
                  value=""
                  onChange={(event) => void act(c, [event.target.value])}
                >
                  <option value="" disabled hidden>
                    {c.placeholder ?? ""}
                  </option>
                  {c.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {`${o.emoji ? `${o.emoji} ` : ""}${o.label}`}
                    </option>
                  ))}
                </select>
              ),
            )}
          </div>
        ))}
        {ephemeral && (
          <div className="try-it-ephemeral-note">
            <span>{ephemeral.label}</span>
            <Button type="link" size="small" onClick={ephemeral.onDismiss}>
              {ephemeral.dismiss}
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}
