import { Alert, Button, theme } from "antd";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useTr } from "../../i18n/refine";
import { HttpError } from "../../providers/http";
import { commandLabel, commandUsage, messageCommands, slashCommands, type BotCommand } from "../../schemas/commands";
import type { DemoChannel, DemoInteractionInput, DemoMessage } from "../../schemas/demo";
import { demoMessageMax } from "../../schemas/demo";
import { PageHeader } from "../../ui/PageHeader";
import { DateTime } from "../engine/RelativeTime";
import { Embed } from "../engine/chat/EmbedPreview";
import type { ResourceScreenProps } from "../engine/types";
import { demoApi } from "./demo-api";
import { componentRows, embedData, modalData, readableMentions, type MessageComponent, type ModalData } from "./discord-shapes";
import { SelectField } from "../../ui/blocks";
import "./try-it.css";

// A bot's modal (a form) loads when the bot first opens one.
const FormModal = lazy(() => import("./FormModal"));

// The Try-it view (docs/ticket-engine.md): on the demo platform the dashboard plays the Discord client. It shows
// the channels the signed-in demo user can see, their messages as the bot posted them (the panel editor's embed
// preview), and sends what a Discord client sends: messages, clicks, choices, modal answers and slash commands.
// Message text is always shown as text.

const POLL_MS = 2000;
const buttonStyle = (style: number) => (style === 4 ? { danger: true, type: "primary" as const } : style === 1 ? { type: "primary" as const } : style === 3 ? { type: "primary" as const, className: "try-it-success" } : {});

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
  const [channels, setChannels] = useState<DemoChannel[]>([]);
  const [messages, setMessages] = useState<DemoMessage[]>([]);
  // Names of the members, roles and channels the messages mention, as the server resolved them.
  const [mentionNames, setMentionNames] = useState<Record<string, string>>({});
  const [ephemeral, setEphemeral] = useState<DemoMessage[]>([]);
  const [modal, setModal] = useState<ModalData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const selected = params.get("channel") ?? channels.find((c) => c.name === "support")?.id ?? channels[0]?.id ?? null;
  const selectedRef = useRef(selected);
  selectedRef.current = selected;

  const select = useCallback((id: string) => setParams((p) => {
    const next = new URLSearchParams(p);
    next.set("channel", id);
    return next;
  }, { replace: true }), [setParams]);

  const loadChannels = useCallback(async () => {
    const list = await demoApi.channels(guildId);
    setChannels(list);
    return list;
  }, [guildId]);

  const loadMessages = useCallback(async (channelId: string, fresh: boolean) => {
    const last = fresh ? undefined : messagesRef.current.at(-1)?.id;
    const { messages: batch, mentions } = await demoApi.messages(guildId, channelId, last);
    if (selectedRef.current !== channelId) return;
    if (Object.keys(mentions).length) setMentionNames((known) => ({ ...known, ...mentions }));
    setMessages((current) => (fresh ? batch : [...current, ...batch.filter((m) => !current.some((c) => c.id === m.id))]));
  }, [guildId]);
  const messagesRef = useRef<DemoMessage[]>([]);
  messagesRef.current = messages;

  useEffect(() => {
    demoApi.isDemo().then(setDemo, () => setDemo(false));
  }, []);
  useEffect(() => {
    if (demo) loadChannels().catch(() => setError(tr("tryIt.loadFailed", "Couldn't load the demo server.")));
  }, [demo, loadChannels, tr]);
  useEffect(() => {
    setMessages([]);
    if (demo && selected) loadMessages(selected, true).catch(() => undefined);
  }, [demo, selected, loadMessages]);
  useVisibleInterval(() => {
    if (demo && selectedRef.current) loadMessages(selectedRef.current, false).catch(() => undefined);
  }, POLL_MS);

  const names = useMemo(() => {
    const map = new Map<string, string>(Object.entries(mentionNames));
    for (const c of channels) map.set(c.id, c.name);
    for (const m of messages) map.set(m.author.id, m.author.username);
    return map;
  }, [channels, messages, mentionNames]);

  /** Sends an interaction; shows the modal or the ephemeral answer; follows a newly opened ticket channel. */
  const interact = useCallback(async (input: DemoInteractionInput) => {
    setBusy(true);
    setError(null);
    const before = new Set(channels.map((c) => c.id));
    try {
      const reply = await demoApi.interact(guildId, input);
      if (reply.modal) setModal(modalData(reply.modal));
      const list = await loadChannels();
      const opened = list.find((c) => c.kind === "ticket" && !before.has(c.id));
      // The view follows a newly opened ticket, and the bot's answer ("Your ticket is open") comes along.
      if (reply.ephemeral.length) setEphemeral((shown) => [...shown, ...reply.ephemeral.map((m) => (opened ? { ...m, channelId: opened.id } : m))]);
      if (opened) select(opened.id);
      else if (selectedRef.current && !list.some((c) => c.id === selectedRef.current)) select(list[0]?.id ?? "");
      else if (selectedRef.current) await loadMessages(selectedRef.current, false);
      return reply;
    } catch (e) {
      setError(e instanceof HttpError ? e.message : tr("tryIt.failed", "That did not work. Please try again."));
      return null;
    } finally {
      setBusy(false);
    }
  }, [channels, guildId, loadChannels, loadMessages, select, tr]);

  if (demo === false) {
    return (
      <div className="try-it">
        <PageHeader title={tr("tryIt.title", "Try it")} />
        <Alert type="info" showIcon message={tr("tryIt.notDemo", "The Try-it view plays the bot on the demo platform. This server runs on Discord: try the bot in Discord itself.")} />
      </div>
    );
  }

  const current = channels.find((c) => c.id === selected);
  const groups = [...new Set(channels.map((c) => c.category ?? ""))];

  return (
    <div className="try-it">
      <PageHeader
        title={tr("tryIt.title", "Try it")}
        description={tr("tryIt.description", "This is the demo server as a Discord member sees it. Click a panel to open a ticket, answer its form, write in the ticket, then claim and close it.")}
      />
      {error && <Alert type="error" showIcon message={error} closable onClose={() => setError(null)} className="try-it-error" />}
      <div className="try-it-layout" style={{ borderColor: token.colorBorderSecondary }}>
        <nav className="try-it-channels" aria-label={tr("tryIt.channels", "Channels")} style={{ background: token.colorFillQuaternary }}>
          <SelectField
            className="try-it-channel-select"
            value={selected ?? ""}
            onChange={(id) => id && select(id)}
            label={tr("tryIt.channels", "Channels")}
            options={[...(selected ? [] : [{ value: "", label: "" }]), ...channels.map((c) => ({ value: c.id, label: `${c.kind === "dm" ? "@" : "#"}${c.name}` }))]}
          />
          <div className="try-it-channel-groups">
            {groups.map((group) => (
              <div key={group} className="try-it-channel-group">
                {group && <div className="try-it-category">{group}</div>}
                <ul>
                  {channels.filter((c) => (c.category ?? "") === group).map((c) => (
                    <li key={c.id}>
                      <button
                        type="button"
                        className={`try-it-channel${c.id === selected ? " is-active" : ""}${c.parentChannelId ? " is-thread" : ""}`}
                        aria-current={c.id === selected ? "page" : undefined}
                        onClick={() => select(c.id)}
                        data-testid={`channel-${c.name}`}
                      >
                        {/* Issue 22: a ticket's private thread, under its channel as Discord lists it. */}
                        <span aria-hidden>{c.kind === "dm" ? "@" : c.parentChannelId ? "↳" : "#"}</span> {c.name}
                        {c.parentChannelId && <span className="visually-hidden">{tr("tryIt.thread", "(thread)")}</span>}
                        {c.kind === "ticket" && <span className="cell-badge cell-badge-gray try-it-ticket-tag">{tr("tryIt.ticket", "ticket")}</span>}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </nav>
        <section className="try-it-chat" aria-label={current ? `#${current.name}` : tr("tryIt.chat", "Chat")}>
          <header className="try-it-chat-header">
            <strong>{current ? `${current.kind === "dm" ? "@" : "#"}${current.name}` : ""}</strong>
            {/* Issue 22: what the bot does with time (warnings, close requests, auto-close), without waiting. */}
            <span className="try-it-skip" role="group" aria-label={tr("tryIt.skipAhead", "Skip ahead")}>
              <span className="try-it-skip-label">{tr("tryIt.skipAhead", "Skip ahead")}</span>
              {[1, 12, 24].map((hours) => (
                <Button
                  key={hours}
                  size="small"
                  disabled={busy}
                  aria-label={tr("tryIt.skipAheadHours", "Skip ahead {hours} hours", { hours })}
                  onClick={async () => {
                    setBusy(true);
                    try {
                      await demoApi.skipAhead(guildId, hours);
                      const list = await loadChannels();
                      if (selectedRef.current && !list.some((c) => c.id === selectedRef.current)) select(list[0]?.id ?? "");
                      else if (selectedRef.current) await loadMessages(selectedRef.current, false);
                    } catch (e) {
                      setError(e instanceof HttpError ? e.message : tr("tryIt.failed", "That did not work. Please try again."));
                    } finally {
                      setBusy(false);
                    }
                  }}
                >
                  {tr("tryIt.hoursShort", "{hours} h", { hours })}
                </Button>
              ))}
            </span>
          </header>
          <ol className="try-it-messages" aria-live="polite" data-testid="messages">
            {messages.length === 0 && (
              <li className="try-it-empty">
                <p className="try-it-empty-text">{tr("tryIt.noMessages", "No messages yet.")}</p>
              </li>
            )}
            {messages.map((m) => (
              <ChatMessage key={m.id} message={m} names={names} busy={busy} onInteract={interact} apps={current?.kind === "dm" ? [] : messageCommands} />
            ))}
            {/* A channel's own answers; those of a channel that is gone (a ticket just closed) follow the member. */}
            {ephemeral.filter((m) => m.channelId === selected || !channels.some((c) => c.id === m.channelId)).map((m) => (
              <ChatMessage
                key={m.id}
                message={m}
                names={names}
                busy={busy}
                onInteract={interact}
                ephemeral={{ label: tr("tryIt.onlyYou", "Only you can see this"), dismiss: tr("tryIt.dismiss", "Dismiss"), onDismiss: () => setEphemeral((list) => list.filter((x) => x.id !== m.id)) }}
              />
            ))}
          </ol>
          {selected && current?.canWrite === false ? (
            // As Discord shows it: the member reads this channel (#rules) but may not write in it.
            <p className="try-it-read-only" role="note">{tr("tryIt.readOnly", "You do not have permission to send messages in this channel.")}</p>
          ) : (
            selected && <Composer guildId={guildId} channelId={selected} busy={busy} onInteract={interact} onSent={() => loadMessages(selected, false)} />
          )}
        </section>
      </div>
      {modal && (
        <Suspense fallback={null}>
          <FormModal modal={modal} onClose={() => setModal(null)} onSubmit={async (fields) => {
            const reply = await interact({ kind: "modal", channelId: selected!, customId: modal.customId, fields });
            if (reply) setModal(null);
          }} />
        </Suspense>
      )}
    </div>
  );
}

function ChatMessage({
  message, names, busy, onInteract, ephemeral, apps = [],
}: {
  message: DemoMessage;
  names: Map<string, string>;
  busy: boolean;
  onInteract: (input: DemoInteractionInput) => Promise<unknown>;
  ephemeral?: { label: string; dismiss: string; onDismiss: () => void };
  /** The message commands of its Apps menu, as Discord shows them on a message (issue 22). */
  apps?: readonly BotCommand[];
}) {
  const { token } = theme.useToken();
  const tr = useTr();
  const [appsOpen, setAppsOpen] = useState(false);
  const rows = componentRows(message.components);
  const act = (component: MessageComponent, values?: string[]) =>
    onInteract(
      component.kind === "button"
        ? { kind: "button", channelId: message.channelId, messageId: message.id, customId: component.customId }
        : { kind: "select", channelId: message.channelId, messageId: message.id, customId: component.customId, values: values ?? [] },
    );
  return (
    <li className={`chat-message try-it-message${ephemeral ? " is-ephemeral" : ""}`} data-testid={ephemeral ? "ephemeral" : "message"}>
      <div className="chat-avatar" style={{ background: message.author.bot ? token.colorPrimary : token.colorFillSecondary, color: message.author.bot ? token.colorTextLightSolid : token.colorText }} aria-hidden>
        {message.author.username.slice(0, 1)}
      </div>
      <div className="chat-body">
        <div className="chat-header">
          <span className="chat-name">{message.author.username}</span>
          {message.author.bot && <span className="chat-bot-tag" style={{ background: token.colorPrimary, color: token.colorTextLightSolid }}>BOT</span>}
          <DateTime className="try-it-time" value={message.createdAt} options={{ hour: "2-digit", minute: "2-digit" }} />
          {apps.length > 0 && (
            <span className="try-it-apps">
              <button type="button" className="try-it-apps-toggle" aria-expanded={appsOpen} aria-label={tr("tryIt.apps", "Apps")} onClick={() => setAppsOpen((o) => !o)}>
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
        {message.embeds.map((e, i) => <Embed key={i} embed={embedData(e)} />)}
        {rows.map((row, i) => (
          <div key={i} className="try-it-row">
            {row.map((c) =>
              c.kind === "button" ? (
                <Button key={c.customId} {...buttonStyle(c.style)} disabled={c.disabled || busy} onClick={() => void act(c)}>
                  {c.emoji ? `${c.emoji} ` : ""}{c.label}
                </Button>
              ) : (
                <select
                  key={c.customId}
                  className="select-field try-it-select"
                  aria-label={c.placeholder ?? "Select"}
                  disabled={busy}
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
            <Button type="link" size="small" onClick={ephemeral.onDismiss}>{ephemeral.dismiss}</Button>
          </div>
        )}
      </div>
    </li>
  );
}

/** The message box: text, or a slash command with its options (autocomplete from the bot). */
function Composer({ guildId, channelId, busy, onInteract, onSent }: {
  guildId: string;
  channelId: string;
  busy: boolean;
  onInteract: (input: DemoInteractionInput) => Promise<unknown>;
  onSent: () => Promise<void>;
}) {
  const tr = useTr();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [command, setCommand] = useState<BotCommand | null>(null);
  const [options, setOptions] = useState<Record<string, string>>({});
  const [choices, setChoices] = useState<Record<string, { value: string; label: string }[]>>({});
  const matching = text.startsWith("/") && !command ? slashCommands.filter((c) => commandLabel(c).startsWith(text.trim())) : [];

  const send = async () => {
    setError(null);
    if (command) {
      const values: Record<string, string | number> = {};
      for (const o of command.options) {
        const v = options[o.name]?.trim();
        if (v) values[o.name] = o.type === "integer" ? Number(v) : v;
      }
      const name = command.subcommand ? `${command.name} ${command.subcommand}` : command.name;
      await onInteract({ kind: "command", channelId, name, options: values });
      setCommand(null);
      setOptions({});
      setText("");
      return;
    }
    const content = text.trim();
    if (!content) return setError(tr("tryIt.writeFirst", "Write a message first"));
    try {
      await demoApi.send(guildId, channelId, content);
      setText("");
      await onSent();
    } catch (e) {
      setError(e instanceof HttpError ? e.message : tr("tryIt.failed", "That did not work. Please try again."));
    }
  };

  const autocomplete = async (name: string, value: string) => {
    if (!command) return;
    const reply = (await onInteract({
      kind: "autocomplete", channelId, name: command.subcommand ? `${command.name} ${command.subcommand}` : command.name, focused: name, value, options: {},
    })) as { choices?: { name: string; value: string | number }[] } | null;
    setChoices((c) => ({ ...c, [name]: (reply?.choices ?? []).map((x) => ({ value: String(x.value), label: x.name })) }));
  };

  return (
    <div className="try-it-composer">
      {command ? (
        <div className="try-it-command" role="group" aria-label={commandUsage(command)}>
          <span className="cell-badge cell-badge-gray try-it-command-tag">
            {commandLabel(command)}
            <button type="button" className="try-it-command-clear" aria-label={tr("tryIt.clearCommand", "Clear the command")} onClick={() => { setCommand(null); setText(""); }}>
              ×
            </button>
          </span>
          {command.options.map((o) =>
            o.autocomplete ? (
              // The bot's suggestions as the input's own list (a native combobox).
              <span key={o.name} className="try-it-option">
                <input
                  className="text-field"
                  aria-label={o.name}
                  placeholder={o.name}
                  list={`try-it-choices-${o.name}`}
                  value={options[o.name] ?? ""}
                  onFocus={() => void autocomplete(o.name, options[o.name] ?? "")}
                  onChange={(e) => { const v = e.target.value; setOptions((x) => ({ ...x, [o.name]: v })); void autocomplete(o.name, v); }}
                />
                <datalist id={`try-it-choices-${o.name}`}>
                  {(choices[o.name] ?? []).map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </datalist>
              </span>
            ) : (
              <input key={o.name} className="text-field try-it-option" aria-label={o.name} placeholder={o.type === "user" ? `${o.name} (${tr("tryIt.userId", "user id")})` : o.name} value={options[o.name] ?? ""} onChange={(e) => setOptions((x) => ({ ...x, [o.name]: e.target.value }))} />
            ),
          )}
        </div>
      ) : (
        <>
          {matching.length > 0 && (
            <ul className="try-it-commands" role="listbox" aria-label={tr("tryIt.commands", "Slash commands")}>
              {matching.map((c) => (
                <li key={c.key} role="option" aria-selected={false}>
                  <button type="button" onClick={() => { setCommand(c); setText(commandLabel(c)); }}>
                    <strong>{commandUsage(c)}</strong> <span>{c.description}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <textarea
            className="text-field try-it-input"
            aria-label={tr("tryIt.message", "Message")}
            placeholder={tr("tryIt.placeholder", "Write a message, or / for a command")}
            rows={1}
            maxLength={demoMessageMax}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void send();
              }
            }}
          />
        </>
      )}
      <Button type="primary" onClick={() => void send()} disabled={busy}>{tr("tryIt.send", "Send")}</Button>
      {error && <div className="try-it-composer-error" role="alert">{error}</div>}
    </div>
  );
}
