import { discordLimits } from "../../../src/schemas/discord-limits";
import { eraseMember, exportMember, type MemberExport } from "../../retention/member";
import type { EngineDeps } from "../../tickets/step";
import { ACTION_ROW, button, type Reply, say } from "../answers";
import { defineCommand } from "../command";
import { customIds } from "../custom-ids";
import { str } from "../options";
import { botTexts } from "../texts";

// A member's rights from Discord (server/retention/member.ts, docs/decisions/013-data-retention.md): "export" answers
// with the export attached as a JSON file (only the member sees it) or, past what Discord lets a bot attach, points to
// the dashboard's download (GET /api/me/data/export on "My tickets"); "erase" asks first, and the button erases the
// data of whoever presses it.

/** The export's file name: the same as the dashboard's download. */
export const MY_DATA_FILE = "my-ticketeer-data.json";

/** The export as the answer: attached, or the dashboard's link when it is larger than Discord takes. */
export function myDataAnswer(data: MemberExport, publicUrl: string): Reply {
  const bytes = Buffer.from(JSON.stringify(data, null, 2), "utf8");
  if (bytes.length > discordLimits.uploadBytes)
    return say(botTexts.myDataTooLarge(discordLimits.uploadBytes / (1024 * 1024), `${publicUrl}/my-tickets`), true);
  const answer = say(botTexts.myDataFile(data.tickets.length, data.transcripts.length), true);
  return answer.kind === "message" ? { ...answer, files: [{ name: MY_DATA_FILE, contentType: "application/json", data: bytes }] } : answer;
}

/** The erasure, pressed: the presser's own data, across servers. */
export async function eraseMyData(deps: EngineDeps, userId: string): Promise<Reply> {
  const done = await eraseMember(deps, userId);
  return say(botTexts.myDataErased(done.transcripts, done.tickets, done.openTickets), true);
}

export default defineCommand({
  key: "mydata",
  order: 300,
  name: "mydata",
  description: "Export or erase the data this bot holds about you, on every server.",
  details:
    "Export (a JSON file only you see) or erase your data on every server: your messages in transcripts read \"deleted user\", your ratings' comments and tickets' details are removed, your open tickets closed.",
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
      return myDataAnswer(await exportMember(deps.db, deps.keyring, member.id), deps.publicUrl);
    }
    if (action !== "erase") return say(botTexts.myDataUnknown);
    const ask = say(botTexts.myDataEraseAsk, true);
    if (ask.kind === "message")
      ask.message.components = [{ type: ACTION_ROW, components: [button(4, botTexts.myDataEraseButton, customIds.eraseMyData())] }];
    return ask;
  },
});
