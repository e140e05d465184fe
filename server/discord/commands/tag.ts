import { canSendIn } from "../../tickets/channel-access";
import { can, memberAccess } from "../../tickets/members";
import { say } from "../answers";
import { defineCommand } from "../command";
import { str } from "../options";
import { tagMessage } from "../tag-message";
import { botTexts } from "../texts";

export default defineCommand({
  key: "tag",
  order: 120,
  name: "tag",
  description: "Send a canned reply (tag) into this channel.",
  details: "Send a canned reply (tag) into the current channel.",
  options: [
    {
      name: "name",
      description: "The tag to send",
      type: "string",
      required: true,
      autocomplete: true,
      maxLength: 255,
      es: { name: "nombre", description: "La etiqueta que enviar" },
    },
  ],
  access: "staff",
  category: "Forms & tags",
  where: "guild",
  es: { name: "etiqueta", description: "Envía una respuesta predefinida (etiqueta) a este canal." },
  run: async ({ deps, guildId, channelId, member, options }) => {
    // The bot posts for the member: only where they may write themselves (member.permissions is theirs in this channel).
    if (!canSendIn(member.permissions)) return say(botTexts.tagCannotSend);
    if (!can(await memberAccess(deps.db, guildId, member), "ViewTag")) return { refusal: "noPermission" };
    const name = str(options.name, 255).trim();
    const tag = await deps.db
      .selectFrom("tags")
      .select(["name", "content"])
      .where("guild_id", "=", guildId)
      .where("name", "=", name)
      .executeTakeFirst();
    if (!tag) return say(botTexts.tagNotFound(name));
    if (!channelId) return { refusal: "failed" };
    await deps.platform.sendMessage(channelId, tagMessage(tag.content));
    return say(botTexts.tagSent, true);
  },
  autocomplete: async ({ deps, guildId, member }, focused, typed) => {
    if (focused !== "name" || !can(await memberAccess(deps.db, guildId, member), "ViewTag")) return [];
    const needle = typed.toLowerCase();
    const rows = await deps.db.selectFrom("tags").select("name").where("guild_id", "=", guildId).orderBy("name").limit(200).execute();
    // A choice's value holds at most 100 characters: a longer name would come back cut and match no tag, so it is
    // typed instead of offered.
    return rows
      .filter((r) => r.name.length <= 100 && r.name.toLowerCase().includes(needle))
      .slice(0, 25)
      .map((r) => ({ name: r.name, value: r.name }));
  },
});
