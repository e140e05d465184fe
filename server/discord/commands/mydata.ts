import { eraseMember, exportMember } from "../../retention/member";
import type { EngineDeps } from "../../tickets/step";
import { ACTION_ROW, button, type Reply, say } from "../answers";
import { defineCommand } from "../command";
import { customIds } from "../custom-ids";
import { str } from "../options";
import { botTexts } from "../texts";

// A member's rights from Discord (server/retention/member.ts, docs/decisions/013-data-retention.md): "export" says what
// is held and where to download it (the dashboard's GET /api/me/data/export: a reply carries no file); "erase" asks
// first, and the button erases the data of whoever presses it.

/** The erasure, pressed: the presser's own data, across servers. */
export async function eraseMyData(deps: Pick<EngineDeps, "db" | "keyring">, userId: string): Promise<Reply> {
  const done = await eraseMember(deps.db, deps.keyring, userId);
  return say(botTexts.myDataErased(done.transcripts, done.tickets, done.openTickets), true);
}

export default defineCommand({
  key: "mydata",
  order: 300,
  name: "mydata",
  description: "Export or erase the data this bot holds about you, on every server.",
  details:
    "Export (what is held, and the dashboard link to download it as JSON) or erase your data on every server: your messages in transcripts read \"deleted user\", your ratings' comments and closed tickets' details are removed.",
  options: [
    {
      name: "action",
      description: "export or erase",
      type: "string",
      required: true,
      minLength: 5,
      maxLength: 6,
      es: { name: "accion", description: "export (exportar) o erase (borrar)" },
    },
  ],
  access: "everyone",
  category: "Setup",
  where: "guild",
  es: { name: "misdatos", description: "Exporta o borra los datos que este bot guarda sobre ti, en todos los servidores." },
  run: async ({ deps, member, options }): Promise<Reply> => {
    const action = str(options.action, 10).trim().toLowerCase();
    if (action === "export") {
      const data = await exportMember(deps.db, deps.keyring, member.id);
      return say(botTexts.myDataExport(data.tickets.length, data.transcripts.length, deps.publicUrl), true);
    }
    if (action !== "erase") return say(botTexts.myDataUnknown);
    const ask = say(botTexts.myDataEraseAsk, true);
    if (ask.kind === "message")
      ask.message.components = [{ type: ACTION_ROW, components: [button(4, botTexts.myDataEraseButton, customIds.eraseMyData())] }];
    return ask;
  },
});
