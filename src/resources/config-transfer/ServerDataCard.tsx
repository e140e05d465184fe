import { useNotification } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { Button, Input } from "antd";
import { useState } from "react";
import { useTr } from "../../i18n/refine";
import type { HttpClient } from "../../providers/http";
import type { AccessLevel } from "../../schemas/access";
import { Card } from "../../ui/blocks";
import { downloadJson } from "./transfer";

// The owner's rights over the server's data (server/http/data-rights.ts): everything of the server as one JSON file,
// and its erasure — final, so the owner types the server's id before the button does anything. Owner only: an
// Administrator or Manage Server holder sees the card disabled with the reason.

export const serverDataText = {
  title: "Server data",
  description: "Everything this product keeps about the server: settings, panels, tickets, transcripts, notes and the activity log.",
  exportButton: "Export all data",
  exported: "Server data exported",
  eraseTitle: "Erase all data",
  eraseDescription: "Deletes everything of this server for good. The bot stays; this cannot be undone. Type the server's id to confirm:",
  eraseButton: "Erase all data",
  erased: "Everything of this server was erased",
  ownerOnly: "Only the server's owner can export or erase its data.",
} as const;

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : "Something went wrong");

export function ServerDataCard({ guildId, level, client }: { guildId: string; level: AccessLevel; client: HttpClient }) {
  const { open: toast } = useNotification();
  const tr = useTr();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<"export" | "erase" | null>(null);
  const [typed, setTyped] = useState("");
  const owner = level === "owner";
  const run = async (what: "export" | "erase") => {
    setBusy(what);
    try {
      if (what === "export") {
        downloadJson(`ticketeer-server-${guildId}.json`, await client.get(`/${guildId}/data/export`));
        toast?.({ type: "success", message: tr("configTransfer.serverData.exported", serverDataText.exported) });
      } else {
        await client.post(`/${guildId}/data/erase`, { confirm: typed.trim() });
        setTyped("");
        toast?.({ type: "success", message: tr("configTransfer.serverData.erased", serverDataText.erased) });
        // Nothing of this server is left: every cached list is stale.
        await queryClient.invalidateQueries();
      }
    } catch (error) {
      toast?.({ type: "error", message: messageOf(error) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card title={tr("configTransfer.serverData.title", serverDataText.title)} className="ct-card">
      <p className="ct-description">{tr("configTransfer.serverData.description", serverDataText.description)}</p>
      {!owner && <p className="ct-description">{tr("configTransfer.serverData.ownerOnly", serverDataText.ownerOnly)}</p>}
      <Button onClick={() => void run("export")} loading={busy === "export"} disabled={!owner}>
        {tr("configTransfer.serverData.exportButton", serverDataText.exportButton)}
      </Button>
      <h3 className="ct-section">{tr("configTransfer.serverData.eraseTitle", serverDataText.eraseTitle)}</h3>
      <label>
        <span className="ct-description">{tr("configTransfer.serverData.eraseDescription", serverDataText.eraseDescription)}</span>
        <Input value={typed} onChange={(e) => setTyped(e.target.value)} disabled={!owner} placeholder={guildId} autoComplete="off" />
      </label>
      <Button danger onClick={() => void run("erase")} loading={busy === "erase"} disabled={!owner || typed.trim() !== guildId}>
        {tr("configTransfer.serverData.eraseButton", serverDataText.eraseButton)}
      </Button>
    </Card>
  );
}
