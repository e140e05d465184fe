import {
  type APIApplicationCommandInteractionDataOption,
  type APIInteraction,
  ApplicationCommandOptionType,
  InteractionType,
} from "discord-api-types/v10";
import { type BotCommand, findCommand } from "../../src/schemas/commands";
import { membersOf } from "../panels/store";
import { type CommandOptions, guildCommand, int, str } from "./commands";
import { parseCustomId } from "../tickets/custom-ids";
import type { TicketEngine } from "../tickets/engine";
import { can, memberAccess, type Member } from "../tickets/members";
import { type Reply, say } from "../tickets/step";
import { findTicketByChannel } from "../tickets/store";
import { botTexts } from "../tickets/texts";
import { chooseLanguage, speaking, type SpokenLanguage } from "../tickets/language";
import { readGuildSettings } from "../settings/store";
import { RATING_COMMENT_INPUT } from "../tickets/rate";
import type { DmMessage } from "../tickets/closing-dm";
import type { TargetMessage } from "../tickets/message-ticket";
import { addNote } from "../helpdesk/notes";
import { triage } from "../helpdesk/triage";
import { ticketPriorities, type TicketPriority } from "../../src/schemas/helpdesk";
import { closeReasonMax, composeCloseReason } from "../../src/schemas/ticket";

// Turns an interaction — Discord's JSON, delivered by Discord or built by the demo platform from a click in the
// Try-it view — into an engine step. Everything in it is hostile: ids are parsed without regexes, records re-read,
// access re-checked. The answer is a Reply, or the choices of an autocomplete.

export type Outcome = Reply | { kind: "choices"; choices: { name: string; value: string | number }[] };

/** The acting member of an interaction in a guild; for DMs (the rating buttons) only the user is known. */
export function memberOf(interaction: APIInteraction): Member | null {
  const m = interaction.member;
  if (!m?.user) return null;
  return {
    id: m.user.id,
    username: m.nick || m.user.global_name || m.user.username,
    avatar: m.user.avatar,
    roles: Array.isArray(m.roles) ? m.roles.filter((r) => typeof r === "string") : [],
    permissions: typeof m.permissions === "string" ? m.permissions : "0",
    owner: false,
  };
}

/** A slash command's name, subcommand and flat options. */
function commandParts(options: readonly APIApplicationCommandInteractionDataOption[] | undefined): { subcommand?: string; options: CommandOptions; focused?: string } {
  const out: CommandOptions = {};
  let subcommand: string | undefined;
  let focused: string | undefined;
  const visit = (list: readonly APIApplicationCommandInteractionDataOption[]) => {
    for (const o of list.slice(0, 25)) {
      if (o.type === ApplicationCommandOptionType.Subcommand) {
        subcommand = o.name;
        visit(o.options ?? []);
      } else if ("value" in o && (typeof o.value === "string" || typeof o.value === "number" || typeof o.value === "boolean")) {
        out[o.name] = o.value;
        if ("focused" in o && o.focused) focused = o.name;
      }
    }
  };
  visit(options ?? []);
  return { subcommand, options: out, focused };
}

const snowflake = (v: unknown): string | null => {
  const s = str(v, 21);
  if (!s.length) return null;
  for (const c of s) if (c < "0" || c > "9") return null;
  return s;
};

/** The message a message command targets: data.resolved.messages[data.target_id] (issue 22). */
function targetMessageOf(data: unknown, channelId: string | null): TargetMessage | null {
  const d = data as { target_id?: unknown; resolved?: { messages?: Record<string, unknown> } };
  const id = snowflake(d.target_id);
  const raw = id && d.resolved?.messages && typeof d.resolved.messages === "object" ? (d.resolved.messages[id] as Record<string, unknown> | undefined) : undefined;
  if (!id || !raw || typeof raw !== "object") return null;
  const author = raw.author as { id?: unknown; username?: unknown; global_name?: unknown; bot?: unknown } | undefined;
  const authorId = snowflake(author?.id);
  const inChannel = snowflake(raw.channel_id) ?? channelId;
  if (!authorId || !inChannel) return null;
  return {
    id,
    channelId: inChannel,
    content: str(raw.content, 4000),
    author: { id: authorId, username: str(author?.global_name, 100) || str(author?.username, 100) || authorId, bot: author?.bot === true },
  };
}

/** The message a click (or a modal opened by a click) came from, in a DM: Discord's `message` of the interaction. */
function dmMessageOf(interaction: APIInteraction, channelId: string | null): DmMessage | null {
  if (interaction.guild_id || !channelId) return null;
  const messageId = snowflake((interaction as { message?: { id?: unknown } }).message?.id);
  return messageId ? { channelId, messageId } : null;
}

export class InteractionHandler {
  constructor(private readonly engine: TicketEngine) {}

  private get db() {
    return this.engine.deps.db;
  }

  /** The interaction's step, with the bot speaking the server's language (./language.ts). */
  async handle(interaction: APIInteraction): Promise<Outcome> {
    return speaking(await this.languageOf(interaction), () => this.step(interaction));
  }

  /** The server's BotLanguage, else the interaction's guild_locale; in a DM (the rating), the ticket's server's. */
  private async languageOf(interaction: APIInteraction): Promise<SpokenLanguage> {
    let guildId = interaction.guild_id ?? null;
    if (!guildId && interaction.type === InteractionType.MessageComponent) {
      const id = parseCustomId(str(interaction.data.custom_id, 100));
      if (id && "guildId" in id) guildId = id.guildId;
    }
    if (!guildId && interaction.type === InteractionType.ModalSubmit) {
      const id = parseCustomId(str(interaction.data.custom_id, 100));
      if (id && "guildId" in id) guildId = id.guildId;
    }
    const setting = guildId && /^\d{1,21}$/.test(guildId) ? (await readGuildSettings(this.db, guildId).catch(() => null))?.settings.BotLanguage : null;
    return chooseLanguage(setting, interaction.guild_locale ?? ("locale" in interaction ? interaction.locale : undefined));
  }

  private async step(interaction: APIInteraction): Promise<Outcome> {
    const guildId = interaction.guild_id ?? null;
    const channelId = interaction.channel?.id ?? (interaction as { channel_id?: string }).channel_id ?? null;
    switch (interaction.type) {
      case InteractionType.MessageComponent: {
        const id = parseCustomId(str(interaction.data.custom_id, 100));
        if (!id) return say(botTexts.invalidButton);
        if (id.kind === "rate") {
          const userId = interaction.user?.id ?? interaction.member?.user?.id;
          return userId ? this.engine.rate(id.guildId, id.number, userId, id.rating, dmMessageOf(interaction, channelId)) : say(botTexts.invalidButton);
        }
        if (id.kind === "reopen") {
          const user = interaction.user ?? interaction.member?.user;
          return user ? this.engine.reopen(id.guildId, id.number, { kind: "opener", userId: user.id, username: user.global_name || user.username }) : say(botTexts.invalidButton);
        }
        if (id.kind === "rate-comment") {
          const userId = interaction.user?.id ?? interaction.member?.user?.id;
          return userId ? this.engine.ratingCommentModal(id.guildId, id.number, userId) : say(botTexts.invalidButton);
        }
        const member = memberOf(interaction);
        if (!guildId || !member) return say(botTexts.notInServer);
        switch (id.kind) {
          case "panel":
            return this.engine.openFromPanel(guildId, member, id.panelId);
          case "multi-panel": {
            const values = "values" in interaction.data && Array.isArray(interaction.data.values) ? interaction.data.values : [];
            const chosen = int(values[0]);
            if (chosen === null || !(await this.inMultiPanel(guildId, id.multiPanelId, chosen))) return say(botTexts.invalidButton);
            return this.engine.openFromPanel(guildId, member, chosen);
          }
          case "close":
            return this.engine.requestClose(guildId, id.number, member, null, false);
          case "close-confirm":
            return this.engine.requestClose(guildId, id.number, member, undefined, true);
          case "claim":
            return this.engine.claim(guildId, id.number, member);
          case "keep-open":
            return this.engine.keepOpen(guildId, id.number, member);
          case "close-request-yes":
          case "close-request-no":
            return this.engine.answerCloseRequest(guildId, id.number, member, id.kind === "close-request-yes");
          default:
            return say(botTexts.invalidButton);
        }
      }
      case InteractionType.ModalSubmit: {
        const id = parseCustomId(str(interaction.data.custom_id, 100));
        const member = memberOf(interaction);
        if (!id || (id.kind !== "form" && id.kind !== "rate-comment")) return say(botTexts.invalidButton);
        const typed: Record<string, string> = {};
        for (const row of (interaction.data.components ?? []).slice(0, 5)) {
          const inputs = "components" in row && Array.isArray(row.components) ? row.components : "component" in row ? [row.component] : [];
          for (const input of inputs.slice(0, 5)) {
            if (input && "custom_id" in input && "value" in input) typed[str(input.custom_id, 100)] = str(input.value, 4000);
          }
        }
        if (id.kind === "rate-comment") {
          // From the direct message: only the user is known.
          const user = interaction.user ?? interaction.member?.user;
          if (!user) return say(botTexts.invalidButton);
          const text = typed[RATING_COMMENT_INPUT] ?? "";
          return this.engine.rateComment(id.guildId, id.number, { id: user.id, username: user.global_name || user.username }, text, dmMessageOf(interaction, channelId));
        }
        if (!guildId || !member) return say(botTexts.notInServer);
        return this.engine.submitForm(guildId, member, id.panelId, id.formId, typed);
      }
      case InteractionType.ApplicationCommand:
      case InteractionType.ApplicationCommandAutocomplete: {
        const data = interaction.data as { name?: unknown; options?: APIApplicationCommandInteractionDataOption[] };
        const { subcommand, options, focused } = commandParts(data.options);
        const command = findCommand(str(data.name, 32), subcommand);
        const member = memberOf(interaction);
        if (!command) return say(botTexts.unknownCommand);
        if (!guildId || !member) return say(botTexts.notInServer);
        if (command.type === "message") {
          const target = targetMessageOf(interaction.data, channelId);
          return target ? this.engine.openFromMessage(guildId, member, target) : say(botTexts.invalidButton);
        }
        if (interaction.type === InteractionType.ApplicationCommandAutocomplete) {
          return { kind: "choices", choices: await this.autocomplete(guildId, channelId, member, command, focused ?? "", str(options[focused ?? ""], 100)) };
        }
        return this.command(guildId, channelId, member, command, options);
      }
      default:
        return say(botTexts.somethingWrong);
    }
  }

  private async inMultiPanel(guildId: string, multiPanelId: number, panelId: number): Promise<boolean> {
    const multi = await this.db.selectFrom("panels").select("id").where("guild_id", "=", guildId).where("id", "=", multiPanelId).where("kind", "=", "multi").executeTakeFirst();
    if (!multi) return false;
    return ((await membersOf(this.db, [multiPanelId])).get(multiPanelId) ?? []).includes(panelId);
  }

  /** Choices for the focused option; nothing for a member who may not use the command there. */
  private async autocomplete(guildId: string, channelId: string | null, member: Member, command: BotCommand, focused: string, typed: string) {
    const needle = typed.toLowerCase();
    if (command.key === "close" && focused === "reason") {
      const ticket = channelId ? await findTicketByChannel(this.db, channelId) : undefined;
      if (!ticket || ticket.guild_id !== guildId || !(await this.engine.mayClose(ticket, member))) return [];
      const rows = await this.db.selectFrom("close_reasons").select("label").where("guild_id", "=", guildId).orderBy("position").limit(100).execute();
      return rows.filter((r) => r.label.toLowerCase().includes(needle)).slice(0, 25).map((r) => ({ name: r.label.slice(0, 100), value: r.label.slice(0, 100) }));
    }
    if (command.key === "tag" && focused === "name") {
      if (!can(await memberAccess(this.db, guildId, member), "ViewTag")) return [];
      const rows = await this.db.selectFrom("tags").select("name").where("guild_id", "=", guildId).orderBy("name").limit(200).execute();
      // A choice's value holds at most 100 characters: a longer name would come back cut and match no tag, so it is
      // typed instead of offered.
      return rows
        .filter((r) => r.name.length <= 100 && r.name.toLowerCase().includes(needle))
        .slice(0, 25)
        .map((r) => ({ name: r.name, value: r.name }));
    }
    return [];
  }

  /** A slash command: in a ticket's channel, a step on that ticket; anywhere else, ./commands.ts. */
  private async command(guildId: string, channelId: string | null, member: Member, command: BotCommand, options: CommandOptions): Promise<Reply> {
    const engine = this.engine;
    if (!command.inTicket) return guildCommand(engine, guildId, channelId, member, command, options);
    const ticket = channelId ? await findTicketByChannel(this.db, channelId) : undefined;
    if (!ticket || ticket.guild_id !== guildId) return say(botTexts.notATicket);
    const n = ticket.number;
    switch (command.key) {
      case "close": {
        // A preset (or the member's own reason) and the details added after it: one reason, within its limit.
        const reason = composeCloseReason(str(options.reason, closeReasonMax + 1), str(options.details, closeReasonMax + 1));
        if (reason.length > closeReasonMax) return say(botTexts.closeReasonTooLong(closeReasonMax));
        return engine.requestClose(guildId, n, member, reason || null, false);
      }
      case "add":
      case "remove": {
        const target = snowflake(options.member);
        return target ? engine.addMember(guildId, n, member, target, command.key === "add") : say(botTexts.memberNotFound);
      }
      case "rename":
        return engine.rename(guildId, n, member, str(options.name, 100));
      case "claim":
        return engine.claim(guildId, n, member);
      case "closeRequest": {
        const hours = int(options.hours);
        return engine.requestCloseConfirmation(guildId, n, member, str(options.reason, 1024) || null, hours);
      }
      case "unclaim":
        return engine.unclaim(guildId, n, member);
      case "transfer": {
        const target = snowflake(options.member);
        return target ? engine.transfer(guildId, n, member, target) : say(botTexts.memberNotFound);
      }
      // issue 23 (the help desk): a private note (the answer is ephemeral, like every reply), the priority
      case "note":
        return (await addNote(engine.deps, guildId, n, member, str(options.text, 2000))).reply;
      case "priority": {
        const level = str(options.level, 10).trim().toLowerCase();
        if (!(ticketPriorities as readonly string[]).includes(level)) return say(botTexts.priorityUnknown);
        return triage(engine.deps, guildId, n, member, { Priority: level as TicketPriority });
      }
      default:
        return say(botTexts.unknownCommand);
    }
  }
}
