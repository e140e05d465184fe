import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button, Input } from "antd";
import { useState } from "react";
import { useTr } from "../i18n/refine";
import { http } from "../providers/http";
import { detailOf, localStatusText } from "../providers/status-text";
import { MEMBER_ERASE_CONFIRMATION, type MemberErasure, memberErasureSchema, memberExportSchema } from "../schemas/data-rights";
import { Panel } from "../ui/blocks";
import { downloadText } from "../ui/download";

// "Your data" on My tickets: the signed-in user's rights over what the product holds about them, across servers
// (server/retention/member.ts, docs/decisions/013-data-retention.md). The export downloads the JSON the server builds;
// the erasure says what it erases, asks for the typed confirmation the server checks, then shows what it did.

/** The export's file name: the same as the server's attachment and /mydata's file. */
const EXPORT_FILE = "my-ticketeer-data.json";

export function MyData() {
  const tr = useTr();
  const queries = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [typed, setTyped] = useState("");
  const exported = useMutation({
    mutationFn: async () => memberExportSchema.parse(await http.get("/me/data/export")),
    onSuccess: (data) => downloadText(JSON.stringify(data, null, 2), EXPORT_FILE, "application/json"),
  });
  const erased = useMutation({
    mutationFn: async () => memberErasureSchema.parse(await http.post("/me/data/erase", { confirm: typed.trim() })),
    onSuccess: async () => {
      setAsking(false);
      setTyped("");
      await queries.invalidateQueries({ queryKey: ["my-tickets"] });
    },
  });
  const failure = (error: unknown) => (
    <p role="alert" className="picker-message">
      {detailOf(error) || localStatusText(error, tr)}
    </p>
  );

  return (
    <Panel title={tr("shell.myData.heading", "Your data")} className="my-data">
      <p className="page-description">
        {tr(
          "shell.myData.description",
          "What this product holds about you on every server: your tickets, your messages in transcripts, your ratings and your activity.",
        )}
      </p>
      <div className="my-data-actions">
        <Button loading={exported.isPending} onClick={() => exported.mutate()}>
          {tr("shell.myData.export", "Export my data")}
        </Button>
        {asking ? null : (
          <Button danger onClick={() => setAsking(true)}>
            {tr("shell.myData.erase", "Erase my data")}
          </Button>
        )}
      </div>
      {exported.isError ? failure(exported.error) : null}
      {asking ? (
        <form
          className="my-data-confirm"
          aria-label={tr("shell.myData.erase", "Erase my data")}
          onSubmit={(event) => {
            event.preventDefault();
            if (typed.trim() === MEMBER_ERASE_CONFIRMATION) erased.mutate();
          }}
        >
          <p>
            <strong>{tr("shell.myData.final", "This cannot be undone.")}</strong>{" "}
            {tr("shell.myData.whatGoes", "On every server, erasing your data:")}
          </p>
          <ul>
            <li>{tr("shell.myData.goesOpen", "closes your open tickets;")}</li>
            <li>
              {tr(
                "shell.myData.goesMessages",
                'turns your messages in transcripts into "deleted user", with their words, files and embeds removed;',
              )}
            </li>
            <li>
              {tr(
                "shell.myData.goesTickets",
                "removes your name, subject, form answers and rating comments from your tickets (the star ratings stay);",
              )}
            </li>
            <li>{tr("shell.myData.goesActivity", "removes your name from the activity log.")}</li>
          </ul>
          <p className="page-description">
            {tr("shell.myData.stays", "Staff's own messages and notes stay. Export your data first if you want a copy.")}
          </p>
          <label htmlFor="my-data-confirm-input">
            {tr("shell.myData.typeToConfirm", "Type {word} to confirm", { word: MEMBER_ERASE_CONFIRMATION })}
          </label>
          <Input id="my-data-confirm-input" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
          <div className="my-data-actions">
            <Button
              type="primary"
              danger
              htmlType="submit"
              loading={erased.isPending}
              disabled={typed.trim() !== MEMBER_ERASE_CONFIRMATION}
            >
              {tr("shell.myData.eraseForever", "Erase my data permanently")}
            </Button>
            <Button
              onClick={() => {
                setAsking(false);
                setTyped("");
              }}
            >
              {tr("shell.myData.cancel", "Cancel")}
            </Button>
          </div>
          {erased.isError ? failure(erased.error) : null}
        </form>
      ) : null}
      {erased.isSuccess ? <ErasureResult result={erased.data} /> : null}
    </Panel>
  );
}

function ErasureResult({ result }: { result: MemberErasure }) {
  const tr = useTr();
  return (
    <div role="status" className="my-data-result">
      <p>
        <strong>{tr("shell.myData.erased", "Your data was erased.")}</strong>
      </p>
      <ul>
        <li>{tr("shell.myData.erasedTranscripts", "Transcripts anonymised: {count}", { count: result.transcripts })}</li>
        <li>{tr("shell.myData.erasedMessages", 'Messages turned into "deleted user": {count}', { count: result.messages })}</li>
        <li>{tr("shell.myData.erasedTickets", "Tickets cleared: {count}", { count: result.tickets })}</li>
        <li>{tr("shell.myData.erasedServers", "Servers: {count}", { count: result.servers.length })}</li>
      </ul>
      {result.openTickets > 0 ? (
        <p>
          {tr("shell.myData.stillOpen", "Open tickets that could not be closed now: {count}. Erase again once they are closed.", {
            count: result.openTickets,
          })}
        </p>
      ) : null}
    </div>
  );
}
