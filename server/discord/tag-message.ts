import { limits } from "../../src/schemas/limits";
import type { BotMessage } from "../platform/adapter";
import { fitMessage } from "../platform/message-fit";

/**
 * A tag as `/tag` posts it: its content as an embed's description. A tag holds up to 2,048 characters (SPEC §9) and
 * a message's content only 2,000, while a description holds 4,096. No title: a canned reply reads as the staff's
 * answer, and the tag's name is the staff's own label for it. The embed has the colour of the bot's other messages
 * and pings nobody (a tag may hold @everyone or a role; in an embed a mention never pings, and none is allowed).
 */
export function tagMessage(content: string): BotMessage {
  return fitMessage({
    embeds: [{ description: content, color: Number.parseInt(limits.defaultWelcomeColor.slice(1), 16) }],
    allowed_mentions: { parse: [] },
  });
}
