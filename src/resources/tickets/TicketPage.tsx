import { useCustom, useCustomMutation, useList, useSubscription, type HttpError as RefineHttpError } from "@refinedev/core";
import { Alert, Button } from "antd";
import { lazy, Suspense, useMemo, useRef, useState, type ReactNode } from "react";
import { Link, useParams } from "react-router";
import { formatDateTime } from "../../i18n/format";
import { keySegment } from "../../i18n/keys";
import { useLocale } from "../../i18n/react";
import { useTr } from "../../i18n/refine";
import { ticketsChannel, type TicketLivePayload } from "../../providers/live-provider";
import { HttpError } from "../../providers/http";
import { notify } from "../../providers/notifications";
import {
  noteMax,
  replyMax,
  ticketDetailSchema,
  ticketMessagesResponseSchema,
  ticketPriorities,
  type MentionNames,
  type TicketMessage,
  type TicketMessageEmbed,
  type TicketPriority,
} from "../../schemas/helpdesk";
import { formatSize } from "../../schemas/message-parts";
import type { Label } from "../../schemas/label";
import { ticketActionResponseSchema, type TicketSummary } from "../../schemas/ticket";
import { FormAnswers } from "./FormAnswers";
import { Panel, SelectField } from "../../ui/blocks";
import { PageHeader } from "../../ui/PageHeader";
import { Embed, type EmbedData } from "../engine/chat/EmbedPreview";
import { isHttpUrl } from "../engine/chat/markdown";
import { DateTime, RelativeTime } from "../engine/RelativeTime";
import type { ResourceScreenProps } from "../engine/types";
import { mentionText, priorityText, unknownMentions } from "./helpdesk-texts";
import { SnoozeSelect, WaitingOn } from "./waiting";
import "./ticket-page.css";

// A ticket's page: its conversation as Discord shows it, read live (the server reads the channel after its
// last known message once per poll however many staff watch; on the demo platform a member's message also arrives as
// a ticket event at once); its facts; replies as the staff member; private staff notes; priority and labels; claim,
// assign, members, rename, move and close. The server decides who may do what (`may`); the page hides what the caller
// cannot use.

const CloseDialog = lazy(() => import("./CloseDialog"));
/** How often the conversation is polled while the page is open (the server's live read answers from its last read within 3 s). */
const POLL_MS = 3000;

/** Whether an event's ticket is the one the page shows (the same facts, whatever order they came in). */
const sameTicket = (told: TicketSummary, showing: TicketSummary | undefined) =>
  showing !== undefined &&
  (Object.keys(told) as (keyof TicketSummary)[]).every((key) => JSON.stringify(told[key]) === JSON.stringify(showing[key]));

function Avatar({ name, src }: { name: string; src: string | null }) {
  const usable = src && (src.startsWith("/") || /^https:\/\//.test(src));
  return usable ? (
    <img className="tp-avatar" src={src} alt="" referrerPolicy="no-referrer" loading="lazy" />
  ) : (
    <span className="tp-avatar tp-avatar-letter" aria-hidden>
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** The page's content policy loads images from Discord's CDN only; any other image is shown as a link. */
const loadable = (url: string | undefined): url is string => url !== undefined && url.startsWith("https://cdn.discordapp.com/");

/** The names a message captured when the bot read it (what it could not name reads as unknown); a message read before
 * names were captured reads the page's own names. */
const namesOf = (message: TicketMessage, page: MentionNames): MentionNames => message.Mentions ?? page;

/** The page's names with what every message captured over them. */
function allNames(messages: TicketMessage[], page: MentionNames): MentionNames {
  const out = { users: { ...page.users }, roles: { ...page.roles }, channels: { ...page.channels } };
  for (const { Mentions: own } of messages) {
    if (!own) continue;
    Object.assign(out.users, own.users);
    Object.assign(out.roles, own.roles);
    Object.assign(out.channels, own.channels);
  }
  return out;
}

/** An embed of the record as the chat draws it, every text with its mentions read as names. */
function embedOf(e: TicketMessageEmbed, text: (t: string | undefined) => string | undefined, time: (ms: number) => string): EmbedData {
  return {
    color: e.Color,
    author: text(e.Author),
    authorIconUrl: loadable(e.AuthorIconUrl) ? e.AuthorIconUrl : undefined,
    authorUrl: e.AuthorUrl,
    title: text(e.Title),
    titleUrl: e.Url,
    description: text(e.Description),
    fields: e.Fields?.map((f) => ({ FieldName: text(f.Name) ?? "", FieldValue: text(f.Value) ?? "", Inline: f.Inline })),
    imageUrl: loadable(e.ImageUrl) ? e.ImageUrl : undefined,
    thumbnailUrl: loadable(e.ThumbnailUrl) ? e.ThumbnailUrl : undefined,
    footer: [text(e.Footer), e.Timestamp === undefined ? undefined : time(e.Timestamp)].filter(Boolean).join(" • ") || undefined,
    footerIconUrl: loadable(e.FooterIconUrl) ? e.FooterIconUrl : undefined,
  };
}

function Message({ message, names }: { message: TicketMessage; names: MentionNames }) {
  const tr = useTr();
  const locale = useLocale();
  const time = new Date(message.Timestamp);
  const known = namesOf(message, names);
  const unknown = unknownMentions(tr);
  const text = (t: string | undefined) => (t ? mentionText(t, known, unknown) : undefined);
  const when = (ms: number) => formatDateTime(ms, locale, { dateStyle: "short", timeStyle: "short" });
  const reply = message.Reply;
  return (
    <li className="tp-message" data-testid="ticket-message">
      <Avatar name={message.AuthorName} src={message.AuthorAvatar} />
      <div className="tp-message-body">
        <div className="tp-message-head">
          <span className="tp-author">{message.AuthorName}</span>
          {message.Bot && <span className="tp-bot">BOT</span>}
          <DateTime value={time} options={{ dateStyle: "short", timeStyle: "short" }} />
        </div>
        {reply && (
          <div className="tp-reply">
            ↪{" "}
            {reply.AuthorName
              ? tr("tickets.page.replyTo", "Replying to {name}", { name: reply.AuthorName })
              : tr("tickets.page.replyToMessage", "Replying to a message")}
            {reply.Snippet ? `: ${text(reply.Snippet)}` : ""}
          </div>
        )}
        {message.Content && <div className="tp-content">{text(message.Content)}</div>}
        {message.Embeds.map((e, i) => (
          <div key={i}>
            <Embed embed={embedOf(e, text, when)} />
            {(
              [
                [tr("tickets.page.image", "Image"), e.ImageUrl],
                [tr("tickets.page.thumbnail", "Thumbnail"), e.ThumbnailUrl],
              ] as const
            )
              .filter(([, url]) => url !== undefined && !loadable(url) && isHttpUrl(url))
              .map(([label, url]) => (
                <a key={label} className="tp-attachment" href={url} target="_blank" rel="noopener noreferrer nofollow">
                  {label}: {url}
                </a>
              ))}
          </div>
        ))}
        {message.Attachments.map((a, i) => (
          <div key={i} className="tp-attachment">
            {loadable(a.Url) && a.ContentType?.startsWith("image/") && (
              <img className="tp-attachment-image" src={a.Url} alt={a.Name} referrerPolicy="no-referrer" loading="lazy" />
            )}
            <a href={a.Url} target="_blank" rel="noopener noreferrer nofollow">
              {a.Name}
            </a>
            {a.Size !== undefined && <span className="tp-muted"> ({formatSize(a.Size)})</span>}
          </div>
        ))}
        {(message.Stickers ?? []).map((name, i) => (
          <span key={i} className="tp-chip tp-sticker">
            {tr("tickets.page.sticker", "Sticker: {name}", { name })}
          </span>
        ))}
        <AuditTrail message={message} when={when} />
      </div>
    </li>
  );
}

/** What happened to a message after it was written (the gateway's record): edited, deleted in Discord, what it said. */
function AuditTrail({ message, when }: { message: TicketMessage; when: (ms: number) => string }) {
  const tr = useTr();
  const earlier = (message.History ?? []).filter((v) => v.Kind === "edit");
  if (message.DeletedAt === undefined && message.EditedAt === undefined && earlier.length === 0) return null;
  return (
    <div className="tp-audit">
      {message.DeletedAt !== undefined ? (
        <span className="tp-chip tp-deleted">
          {tr("tickets.page.deletedInDiscord", "Deleted in Discord {when}", { when: when(message.DeletedAt) })}
        </span>
      ) : (
        message.EditedAt !== undefined && (
          <span className="tp-muted">{tr("tickets.page.edited", "(edited {when})", { when: when(message.EditedAt) })}</span>
        )
      )}
      {earlier.length > 0 && (
        <details>
          <summary>{tr("tickets.page.earlierVersions", "Earlier versions ({count})", { count: earlier.length })}</summary>
          <ol className="tp-versions">
            {earlier.map((v, i) => (
              <li key={i}>
                <span className="tp-muted">{when(v.At)}</span> {v.Content}
              </li>
            ))}
          </ol>
        </details>
      )}
    </div>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export default function TicketPage({ guildId }: ResourceScreenProps) {
  const tr = useTr();
  const number = Number(useParams().ticketNumber);
  const base = `/${guildId}/tickets/${number}`;
  const [reply, setReply] = useState("");
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState<string | null>(null);
  const [closing, setClosing] = useState(false);
  const [assignee, setAssignee] = useState("");
  const [memberId, setMemberId] = useState("");
  const [rename, setRename] = useState("");
  const [moveTarget, setMoveTarget] = useState("");

  const detailQuery = useCustom({
    url: base,
    method: "get",
    errorNotification: false,
    queryOptions: { queryKey: ["ticket-page", guildId, number], enabled: Number.isInteger(number) },
  });
  const parsed = detailQuery.query.data ? ticketDetailSchema.safeParse(detailQuery.query.data.data) : undefined;
  const detail = parsed?.success ? parsed.data : null;
  const ticket = detail?.ticket;
  const open = ticket?.Status === "open";

  const messagesQuery = useCustom({
    url: `${base}/messages`,
    method: "get",
    errorNotification: false,
    queryOptions: {
      queryKey: ["ticket-page-messages", guildId, number],
      enabled: open === true,
      refetchInterval: POLL_MS,
      refetchIntervalInBackground: false,
    },
  });
  const messagesData = messagesQuery.query.data;
  const conversation = useMemo(
    () => (messagesData ? ticketMessagesResponseSchema.safeParse(messagesData.data) : undefined),
    [messagesData],
  );
  const messages = useMemo(() => (conversation?.success ? conversation.data.messages : []), [conversation]);

  // A ticket event about this ticket (a message on the demo platform, someone else's claim, a close) refreshes the
  // page at once. Not the event of this page's own step: the step refreshes the page once it is done (`run`), and an
  // event telling of the ticket as the page shows it brings nothing new.
  const stepsRunning = useRef(0);
  const shown = useRef(ticket);
  shown.current = ticket;
  useSubscription({
    channel: ticketsChannel,
    types: ["updated", "deleted", "created"],
    meta: { guildId },
    onLiveEvent: (event) => {
      const payload = event.payload as Partial<TicketLivePayload>;
      if (payload.event?.ticket.TicketId !== number) return;
      if (stepsRunning.current > 0 || sameTicket(payload.event.ticket, shown.current)) return;
      void detailQuery.query.refetch();
      if (payload.event.ticket.Status === "open") void messagesQuery.query.refetch();
    },
  });

  const labelsList = useList<Label>({
    resource: "labels",
    meta: { guildId, onForbidden: "caller" },
    pagination: { mode: "off" },
    errorNotification: false,
  });
  const labels = labelsList.query.isError ? [] : labelsList.result.data;

  const names: MentionNames = useMemo(() => {
    const users = { ...(detail?.names.users ?? {}), ...(conversation?.success ? conversation.data.users : {}) };
    return { users, roles: detail?.names.roles ?? {}, channels: detail?.names.channels ?? {} };
  }, [detail, conversation]);

  // The answers mention what the welcome message mentions: the names it captured read first.
  const answerNames = useMemo(() => allNames(messages, names), [messages, names]);

  const { mutateAsync } = useCustomMutation<Record<string, unknown>>();
  const run = async (key: string, url: string, values: Record<string, unknown>, method: "post" | "put" = "post") => {
    setBusy(key);
    stepsRunning.current++;
    try {
      const response = await mutateAsync({
        url: `${base}/${url}`,
        method,
        values,
        meta: { onForbidden: "caller" },
        successNotification: false,
        errorNotification: false,
      });
      const message = typeof response.data.message === "string" ? response.data.message : "";
      if (message) notify({ type: "success", message });
      // The page as the step left it; a step posts in an open ticket's channel (a reply, a notice), so its messages too.
      const fresh = await detailQuery.query.refetch();
      if (ticketDetailSchema.safeParse(fresh.data?.data).data?.ticket.Status === "open") await messagesQuery.query.refetch();
      return response.data;
    } catch (e) {
      notify({
        type: "error",
        message: e instanceof HttpError ? e.message : tr("tickets.actionFailed", "That did not work. Please try again."),
      });
      return null;
    } finally {
      stepsRunning.current--;
      setBusy(null);
    }
  };
  const closeTicket = async (reason?: string) => {
    const answer = await run("close", "close", reason ? { reason } : {});
    if (answer && ticketActionResponseSchema.safeParse(answer).success) setClosing(false);
  };

  const header = (
    <PageHeader
      title={tr("tickets.page.title", "Ticket #{n}", { n: Number.isInteger(number) ? number : "?" })}
      description={ticket ? `${ticket.PanelName} · ${ticket.OpenerName}${ticket.Subject ? ` · ${ticket.Subject}` : ""}` : undefined}
      extra={<Link to={`/${guildId}/tickets`}>{tr("tickets.page.back", "Back to the queue")}</Link>}
    />
  );
  if (detailQuery.query.isLoading)
    return (
      <div className="ticket-page">
        {header}
        <div className="skeleton-block" style={{ height: 240 }} />
      </div>
    );
  if (!detail || !ticket) {
    const error = detailQuery.query.error as RefineHttpError | null;
    return (
      <div className="ticket-page">
        {header}
        <Alert
          type="error"
          showIcon
          message={
            error?.statusCode === 404
              ? tr("tickets.page.notFound", "This ticket does not exist.")
              : error?.message || tr("tickets.loadFailed", "Couldn't load the tickets.")
          }
        />
      </div>
    );
  }

  const toggleLabel = (id: number) => {
    const next = ticket.LabelIds.includes(id) ? ticket.LabelIds.filter((x) => x !== id) : [...ticket.LabelIds, id];
    void run("labels", "triage", { LabelIds: next }, "put");
  };
  const opened = new Date(ticket.OpenedAt);

  return (
    <div className="ticket-page">
      {header}
      <div className="tp-grid">
        <div className="tp-main">
          <Panel
            title={tr("tickets.page.conversation", "Conversation")}
            extra={
              open ? (
                <span className="tp-live" data-testid="ticket-live">
                  {tr("tickets.page.live", "Live")}
                </span>
              ) : undefined
            }
          >
            {!open && (
              <p className="tp-muted">
                {ticket.Status === "closed"
                  ? tr("tickets.page.closedNote", "This ticket is closed; its conversation is in its transcript.")
                  : tr("tickets.page.closingNote", "This ticket is closing.")}{" "}
                {ticket.Status === "closed" && (
                  <Link to={`/${guildId}/transcripts/${ticket.TicketId}`}>{tr("tickets.page.transcript", "Open the transcript")}</Link>
                )}
              </p>
            )}
            {open && (
              // A long conversation scrolls inside the list: it takes the focus so that the keyboard scrolls it too.
              <ol className="tp-messages" aria-label={tr("tickets.page.conversation", "Conversation")} aria-live="polite" tabIndex={0}>
                {messages.map((m) => (
                  <Message key={m.MessageId} message={m} names={names} />
                ))}
                {messagesQuery.query.isSuccess && messages.length === 0 && (
                  <li className="tp-muted">{tr("tickets.page.noMessages", "No messages yet.")}</li>
                )}
              </ol>
            )}
            {open && detail.may.reply && (
              <form
                className="tp-compose"
                onSubmit={async (event) => {
                  event.preventDefault();
                  if (!reply.trim()) return;
                  if (await run("reply", "reply", { content: reply })) setReply("");
                }}
              >
                <label className="tp-label" htmlFor="tp-reply">
                  {tr("tickets.page.replyLabel", "Reply as yourself")}
                </label>
                <textarea
                  id="tp-reply"
                  className="tp-textarea"
                  rows={3}
                  maxLength={replyMax}
                  value={reply}
                  onChange={(e) => setReply(e.target.value)}
                  placeholder={tr("tickets.page.replyPlaceholder", "Write to the member…")}
                />
                <div className="tp-row">
                  <span className="tp-muted">
                    {tr("tickets.page.replyHelp", "Sent by the bot under your name and avatar; it pings nobody.")}
                  </span>
                  <Button type="primary" htmlType="submit" loading={busy === "reply"} disabled={!reply.trim()}>
                    {tr("tickets.page.send", "Send reply")}
                  </Button>
                </div>
              </form>
            )}
          </Panel>
          {detail.may.note && (
            <Panel title={tr("tickets.page.notes", "Staff notes")} className="tp-notes">
              <p className="tp-muted">{tr("tickets.page.notesHelp", "Only staff see notes: never the member, never the transcript.")}</p>
              <ul className="tp-note-list" data-testid="ticket-notes">
                {detail.notes.map((n) => (
                  <li key={n.NoteId}>
                    <div className="tp-message-head">
                      <span className="tp-author">{n.AuthorName}</span>
                      <RelativeTime value={n.CreatedAt} />
                    </div>
                    <div className="tp-content">{n.Body}</div>
                  </li>
                ))}
                {detail.notes.length === 0 && <li className="tp-muted">{tr("tickets.page.noNotes", "No notes yet.")}</li>}
              </ul>
              {open && (
                <form
                  className="tp-compose"
                  onSubmit={async (event) => {
                    event.preventDefault();
                    if (!note.trim()) return;
                    if (await run("note", "notes", { body: note })) setNote("");
                  }}
                >
                  <label className="tp-label" htmlFor="tp-note">
                    {tr("tickets.page.noteLabel", "Add a note")}
                  </label>
                  <textarea
                    id="tp-note"
                    className="tp-textarea"
                    rows={2}
                    maxLength={noteMax}
                    value={note}
                    onChange={(e) => setNote(e.target.value)}
                  />
                  <div className="tp-row">
                    <span />
                    <Button htmlType="submit" loading={busy === "note"} disabled={!note.trim()}>
                      {tr("tickets.page.addNote", "Add note")}
                    </Button>
                  </div>
                </form>
              )}
            </Panel>
          )}
        </div>
        <aside className="tp-side">
          <Panel title={tr("tickets.page.facts", "Ticket")}>
            <dl className="tp-facts">
              <Fact term={tr("tickets.page.status", "Status")}>
                {ticket.Status === "open"
                  ? tr("tickets.page.statusOpen", "Open")
                  : ticket.Status === "closed"
                    ? tr("tickets.page.statusClosed", "Closed")
                    : tr("tickets.page.statusClosing", "Closing")}
              </Fact>
              <Fact term={tr("tickets.columns.opener", "Opened by")}>{ticket.OpenerName}</Fact>
              <Fact term={tr("tickets.columns.panel", "Panel")}>{ticket.PanelName}</Fact>
              <Fact term={tr("tickets.columns.opened", "Opened")}>
                <DateTime value={opened} />
              </Fact>
              <Fact term={tr("tickets.page.firstResponse", "First response")}>
                {detail.FirstResponseAt ? <RelativeTime value={detail.FirstResponseAt} /> : tr("tickets.page.noResponse", "None yet")}
              </Fact>
              <Fact term={tr("tickets.columns.claimedBy", "Claimed by")}>
                {ticket.ClaimedByName ?? tr("tickets.unclaimed", "Unclaimed")}
              </Fact>
              {ticket.WaitingOn && (
                <Fact term={tr("tickets.columns.waitingOn", "Waiting on")}>
                  <WaitingOn ticket={ticket} tr={tr} />
                </Fact>
              )}
              {ticket.WaitingSince && (
                <Fact term={tr("tickets.page.waiting", "Waiting too long")}>
                  <RelativeTime value={ticket.WaitingSince} />
                </Fact>
              )}
              {detail.AddedMembers.length > 0 && (
                <Fact term={tr("tickets.page.members", "Added members")}>{detail.AddedMembers.map((m) => m.Username).join(", ")}</Fact>
              )}
              {ticket.CloseReason && <Fact term={tr("tickets.page.closeReason", "Close reason")}>{ticket.CloseReason}</Fact>}
            </dl>
            {ticket.FormAnswers.length > 0 && (
              <FormAnswers
                answers={ticket.FormAnswers}
                className="tickets-answers tp-answers"
                text={(value) => mentionText(value, answerNames, unknownMentions(tr))}
              />
            )}
          </Panel>
          <Panel title={tr("tickets.page.triage", "Priority and labels")}>
            <label className="tp-label" htmlFor="tp-priority">
              {tr("tickets.page.priority", "Priority")}
            </label>
            <select
              id="tp-priority"
              className="select-field tp-select"
              value={ticket.Priority}
              disabled={!open || !detail.may.act || busy === "priority"}
              onChange={(e) => void run("priority", "triage", { Priority: e.target.value as TicketPriority }, "put")}
            >
              {ticketPriorities.map((p) => (
                <option key={p} value={p}>
                  {priorityText(tr, p)}
                </option>
              ))}
            </select>
            <fieldset className="tp-labels" disabled={!open || !detail.may.act || busy === "labels"}>
              <legend className="tp-label">{tr("tickets.page.labels", "Labels")}</legend>
              {labels.map((l) => (
                <label key={l.LabelId} className="tp-label-choice">
                  <input type="checkbox" checked={ticket.LabelIds.includes(l.LabelId)} onChange={() => toggleLabel(l.LabelId)} />
                  <span className="tp-chip" style={{ borderColor: l.Colour }}>
                    <span className="tp-dot" style={{ background: l.Colour }} aria-hidden />
                    {l.Name}
                  </span>
                </label>
              ))}
              {labels.length === 0 && <p className="tp-muted">{tr("tickets.page.noLabels", "No labels yet: add them under Labels.")}</p>}
            </fieldset>
          </Panel>
          {open && detail.may.act && (
            <Panel title={tr("tickets.page.actions", "Actions")}>
              <div className="tp-actions">
                {ticket.ClaimedById ? (
                  <Button loading={busy === "unclaim"} onClick={() => void run("unclaim", "unclaim", {})}>
                    {tr("tickets.unclaim", "Unclaim")}
                  </Button>
                ) : (
                  <Button type="primary" loading={busy === "claim"} onClick={() => void run("claim", "claim", {})}>
                    {tr("tickets.claim", "Claim")}
                  </Button>
                )}
                <Button danger onClick={() => setClosing(true)}>
                  {tr("tickets.close", "Close")}
                </Button>
              </div>
              {/* Snooze: out of "Needs attention" until then, or until the member writes */}
              <div className="tp-inline">
                <SnoozeSelect
                  ticket={ticket}
                  tr={tr}
                  onChoose={(choice) =>
                    void (choice === "end" ? run("snooze", "unsnooze", {}) : run("snooze", "snooze", { Minutes: choice.minutes }))
                  }
                />
              </div>
              <div className="tp-inline">
                <SelectField
                  label={tr("tickets.page.assignTo", "Assign to")}
                  className="tp-select"
                  value={assignee}
                  onChange={setAssignee}
                  options={[
                    { value: "", label: tr("tickets.page.pickStaff", "Pick a staff member") },
                    ...detail.staff.map((s) => ({ value: s.UserId, label: s.Username })),
                  ]}
                />
                <Button
                  disabled={!assignee}
                  loading={busy === "assign"}
                  onClick={async () => {
                    if (await run("assign", "assign", { userId: assignee })) setAssignee("");
                  }}
                >
                  {tr("tickets.page.assign", "Assign")}
                </Button>
              </div>
              <div className="tp-inline">
                <input
                  className="tp-input"
                  aria-label={tr("tickets.page.memberId", "Member ID")}
                  placeholder={tr("tickets.page.memberId", "Member ID")}
                  inputMode="numeric"
                  value={memberId}
                  onChange={(e) => setMemberId(e.target.value.trim())}
                />
                <Button
                  disabled={!memberId}
                  loading={busy === "add"}
                  onClick={async () => {
                    if (await run("add", "members", { userId: memberId, add: true })) setMemberId("");
                  }}
                >
                  {tr("tickets.page.addMember", "Add")}
                </Button>
                <Button
                  disabled={!memberId}
                  loading={busy === "remove"}
                  onClick={async () => {
                    if (await run("remove", "members", { userId: memberId, add: false })) setMemberId("");
                  }}
                >
                  {tr("tickets.page.removeMember", "Remove")}
                </Button>
              </div>
              <div className="tp-inline">
                <input
                  className="tp-input"
                  aria-label={tr("tickets.page.channelName", "Channel name")}
                  placeholder={tr("tickets.page.channelName", "Channel name")}
                  maxLength={100}
                  value={rename}
                  onChange={(e) => setRename(e.target.value)}
                />
                <Button
                  disabled={!rename.trim()}
                  loading={busy === "rename"}
                  onClick={async () => {
                    if (await run("rename", "rename", { name: rename })) setRename("");
                  }}
                >
                  {tr("tickets.page.rename", "Rename")}
                </Button>
              </div>
              {detail.moveTargets.length > 0 && (
                <div className="tp-inline">
                  <SelectField
                    label={tr("tickets.moveTo", "Move to")}
                    className="tp-select"
                    value={moveTarget}
                    onChange={setMoveTarget}
                    options={[
                      { value: "", label: tr("tickets.pickPanel", "Pick a panel") },
                      ...detail.moveTargets.map((p) => ({ value: String(p.PanelId), label: p.PanelName })),
                    ]}
                  />
                  <Button
                    disabled={!moveTarget}
                    loading={busy === "move"}
                    onClick={async () => {
                      if (await run("move", "move", { panelId: Number(moveTarget) })) setMoveTarget("");
                    }}
                  >
                    {tr("tickets.move", "Move")}
                  </Button>
                </div>
              )}
            </Panel>
          )}
          <Panel title={tr("tickets.page.activity", "Activity")}>
            <ul className="tp-activity">
              {detail.activity.map((a, i) => (
                <li key={i}>
                  <span>{a.Username}</span> · <span>{tr(`activity.action.${keySegment(a.Action)}`, a.Action)}</span> ·{" "}
                  <RelativeTime value={a.Timestamp} unit="s" />
                </li>
              ))}
            </ul>
          </Panel>
        </aside>
      </div>
      {closing && (
        <Suspense fallback={null}>
          <CloseDialog guildId={guildId} ticket={ticket as TicketSummary} onCancel={() => setClosing(false)} onClose={closeTicket} />
        </Suspense>
      )}
    </div>
  );
}
