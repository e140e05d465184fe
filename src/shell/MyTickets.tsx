import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { formatDateTime } from "../i18n/format";
import { useLocale } from "../i18n/react";
import { useTr } from "../i18n/refine";
import { http } from "../providers/http";
import { detailOf, localStatusText } from "../providers/status-text";
import { replyMax } from "../schemas/helpdesk";
import { type MyTicket, myTicketMessagesResponseSchema, myTicketsResponseSchema } from "../schemas/my-tickets";
import { transcriptDetailSchema } from "../schemas/transcript";
import { Panel } from "../ui/blocks";
import { downloadHtml } from "../ui/download";
import { MyData } from "./MyData";

// "My tickets" at /my-tickets: the signed-in member's own tickets across the servers that let members see them,
// whatever their access to the dashboard. An open ticket's conversation is read live (the same poll as the staff's
// ticket page) and the member writes into it; a closed ticket's transcript downloads as HTML; "Your data" (./MyData.tsx)
// exports or erases what the product holds about them. The server decides what is theirs; this page only shows it.

const POLL_MS = 3000;
const ticketPath = (t: Pick<MyTicket, "GuildId" | "TicketId">) => `/my-tickets/${t.GuildId}/${t.TicketId}`;

export default function MyTickets() {
  const tr = useTr();
  const [selected, setSelected] = useState<MyTicket | null>(null);
  // A one-off read outside any server's dashboard (no refine resource: it spans servers).
  const mine = useQuery({
    queryKey: ["my-tickets"],
    queryFn: async ({ signal }) => myTicketsResponseSchema.parse(await http.get("/my-tickets", { signal })),
  });

  let body;
  if (mine.isLoading) body = <p className="page-description">{tr("shell.myTickets.loading", "Loading your tickets…")}</p>;
  else if (mine.isError)
    body = (
      <p className="picker-message" role="alert">
        {tr("shell.myTickets.loadFailed", "Your tickets could not be loaded.")}
      </p>
    );
  else {
    const { open, closed } = mine.data!;
    body = (
      <>
        <Panel title={tr("shell.myTickets.open", "Open tickets")} className="my-tickets-open">
          {open.length === 0 ? (
            <p className="page-description">{tr("shell.myTickets.noneOpen", "You have no open tickets.")}</p>
          ) : (
            <ul className="my-tickets-list">
              {open.map((t) => (
                <li key={`${t.GuildId}:${t.TicketId}`}>
                  <button type="button" className="my-tickets-row" aria-pressed={selected === t} onClick={() => setSelected(t)}>
                    <TicketLine ticket={t} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        {selected && open.some((t) => t.GuildId === selected.GuildId && t.TicketId === selected.TicketId) ? (
          <Conversation key={ticketPath(selected)} ticket={selected} />
        ) : null}
        <Panel title={tr("shell.myTickets.closed", "Closed tickets")} className="my-tickets-closed">
          {closed.length === 0 ? (
            <p className="page-description">{tr("shell.myTickets.noneClosed", "You have no closed tickets.")}</p>
          ) : (
            <ul className="my-tickets-list">
              {closed.map((t) => (
                <li key={`${t.GuildId}:${t.TicketId}`} className="my-tickets-row">
                  <TicketLine ticket={t} />
                  {t.HasTranscript ? <TranscriptButton ticket={t} /> : null}
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </>
    );
  }

  return (
    <div className="page my-tickets-page">
      <div className="page-header">
        <div>
          <h1 className="page-title">{tr("shell.myTickets.heading", "My tickets")}</h1>
          <p className="page-description">
            {tr(
              "shell.myTickets.description",
              "Your own tickets on the servers that let members see them: write into open ones, download transcripts of closed ones.",
            )}
          </p>
        </div>
      </div>
      {body}
      <MyData />
    </div>
  );
}

function TicketLine({ ticket }: { ticket: MyTicket }) {
  const tr = useTr();
  const locale = useLocale();
  return (
    <span className="my-tickets-line">
      <strong>{tr("shell.myTickets.ticket", "{server} · Ticket #{number}", { server: ticket.GuildName, number: ticket.TicketId })}</strong>
      <span>{ticket.Subject ?? ticket.PanelName}</span>
      <span className="page-description">
        {ticket.ClosedAt === null
          ? tr("shell.myTickets.opened", "Opened {date}", { date: formatDateTime(ticket.OpenedAt, locale) })
          : tr("shell.myTickets.closedAt", "Closed {date}", { date: formatDateTime(ticket.ClosedAt, locale) })}
      </span>
    </span>
  );
}

function TranscriptButton({ ticket }: { ticket: MyTicket }) {
  const tr = useTr();
  const download = useMutation({
    mutationFn: async () => transcriptDetailSchema.parse(await http.get(`${ticketPath(ticket)}/transcript`)).transcript_html,
    onSuccess: (html) => downloadHtml(html, `transcript-${ticket.GuildId}-${ticket.TicketId}.html`),
  });
  return (
    <span>
      <button type="button" className="ant-btn ant-btn-default" disabled={download.isPending} onClick={() => download.mutate()}>
        {tr("shell.myTickets.download", "Download transcript")}
      </button>
      {download.isError ? <span role="alert"> {detailOf(download.error) || localStatusText(download.error, tr)}</span> : null}
    </span>
  );
}

function Conversation({ ticket }: { ticket: MyTicket }) {
  const tr = useTr();
  const locale = useLocale();
  const [draft, setDraft] = useState("");
  // The live read: polled like the staff's ticket page (the server reads the channel once per poll however many watch).
  const messages = useQuery({
    queryKey: ["my-tickets", ticket.GuildId, ticket.TicketId, "messages"],
    queryFn: async ({ signal }) => myTicketMessagesResponseSchema.parse(await http.get(`${ticketPath(ticket)}/messages`, { signal })),
    refetchInterval: POLL_MS,
  });
  const send = useMutation({
    mutationFn: async (content: string) => http.post(`${ticketPath(ticket)}/messages`, { content }),
    onSuccess: async () => {
      setDraft("");
      await messages.refetch();
    },
  });
  const title = tr("shell.myTickets.ticket", "{server} · Ticket #{number}", { server: ticket.GuildName, number: ticket.TicketId });
  return (
    <Panel title={title} className="my-tickets-conversation">
      <ol className="my-tickets-messages" aria-label={tr("shell.myTickets.conversation", "Conversation")}>
        {(messages.data?.messages ?? []).map((m) => {
          const embed = m.Embeds.find((e) => e.Author || e.Description);
          return (
            <li key={m.MessageId} className="my-tickets-message">
              <strong>{embed?.Author ?? m.AuthorName}</strong>{" "}
              <span className="page-description">{formatDateTime(m.Timestamp, locale)}</span>
              {m.Content ? <p>{m.Content}</p> : null}
              {m.Embeds.map((e, i) =>
                e.Title || e.Description ? <p key={i}>{[e.Title, e.Description].filter(Boolean).join("\n")}</p> : null,
              )}
            </li>
          );
        })}
      </ol>
      <form
        className="my-tickets-compose"
        onSubmit={(event) => {
          event.preventDefault();
          if (draft.trim()) send.mutate(draft);
        }}
      >
        <label htmlFor="my-ticket-message">{tr("shell.myTickets.message", "Your message")}</label>
        <textarea
          id="my-ticket-message"
          className="ant-input"
          rows={3}
          maxLength={replyMax}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="ant-btn ant-btn-primary" disabled={send.isPending || !draft.trim()}>
          {tr("shell.myTickets.send", "Send")}
        </button>
        {send.isError ? <p role="alert">{detailOf(send.error) || localStatusText(send.error, tr)}</p> : null}
        {send.isSuccess ? <p role="status">{tr("shell.myTickets.sent", "Message sent.")}</p> : null}
      </form>
    </Panel>
  );
}
