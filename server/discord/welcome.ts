import type { APIEmbed } from "discord-api-types/v10";
import { clampText, discordLimits, embedTextLength } from "../../src/schemas/discord-limits";
import type { SinglePanel } from "../../src/schemas/panel";
import { welcomeContentText } from "../../src/schemas/send-limits";
import type { FormAnswer } from "../../src/schemas/ticket";
import { buildEmbed } from "../panels/message";
import type { BotMessage } from "../platform/adapter";
import { fitEmbeds } from "../platform/message-fit";
import { customIds } from "./custom-ids";
import { ACTION_ROW, button } from "./answers";
import type { TicketRow } from "../tickets/store";
import { botTexts } from "./texts";

/** The panel's welcome embed, the form's answers, the opener and the panel's role mentioned, Close and Claim. */
export function welcomeMessage(row: TicketRow, panel: SinglePanel | null, answers: FormAnswer[]): BotMessage {
  const w = panel?.WelcomeMessage;
  const embed = (
    w
      ? buildEmbed({
          title: w.WelcomeTitle,
          url: w.WelcomeTitleURL,
          description: w.WelcomeDescription,
          color: w.WelcomeColor,
          author: w.WelcomeAuthor,
          authorIconUrl: w.WelcomeAuthorIconURL,
          authorUrl: w.WelcomeAuthorURL,
          footer: w.WelcomeFooter,
          footerIconUrl: w.WelcomeFooterIconURL,
          imageUrl: w.WelcomeImageURL,
          thumbnailUrl: w.WelcomeThumbnailURL,
          fields: [],
        })
      : undefined
  ) as APIEmbed | undefined;
  let welcome: APIEmbed = embed ?? { description: botTexts.welcomeFallback, color: 0x5865f2 };
  if (row.subject) welcome = { ...welcome, fields: [...(welcome.fields ?? []), { name: botTexts.subjectField, value: row.subject }] };
  // What the member answered is what staff need: the answers keep their room and the welcome embed gives way to
  // them within the 6,000 characters of a message's embeds (the editor holds the welcome embed to 6,000 alone).
  const [answersEmbed] = answers.length
    ? fitEmbeds([
        { title: botTexts.answersTitle, color: 0x5865f2, fields: answers.map((a) => ({ name: a.Label || "—", value: a.Value || "—" })) },
      ])
    : [];
  const [fitted] = fitEmbeds([welcome], discordLimits.embedTotal - (answersEmbed ? embedTextLength([answersEmbed]) : 0));
  // Together once more: a form of more fields than the Forms screen allows must not leave them over 6,000.
  const embeds = fitEmbeds(answersEmbed ? [fitted, answersEmbed] : [fitted]);
  const mentionRole = panel?.MentionRoleId ?? null;
  // The mentions come first, so a WelcomeContent stored before its limit loses only its end.
  const content = clampText(welcomeContentText(row.opener_id, mentionRole, w?.WelcomeContent ?? ""), discordLimits.content);
  return {
    content,
    embeds,
    components: [
      {
        type: ACTION_ROW,
        components: [
          button(4, botTexts.closeButton, customIds.close(row.number), "🔒"),
          button(2, botTexts.claimButton, customIds.claim(row.number), "🙋"),
        ],
      },
    ],
    // Exactly the opener and the panel's role: WelcomeContent may hold @everyone or other roles, which stay silent.
    allowed_mentions: { parse: [], users: [row.opener_id], roles: mentionRole ? [mentionRole] : [] },
  };
}
