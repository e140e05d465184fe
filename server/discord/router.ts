import { type APIApplicationCommandInteractionDataOption, type APIInteraction, InteractionType } from "discord-api-types/v10";
import { eraseMyData } from "./commands/mydata";
import { membersOf } from "../panels/store";
import { readGuildSettings } from "../settings/store";
import { claim } from "../tickets/claim";
import { requestClose } from "../tickets/close";
import { answerCloseRequest } from "../tickets/close-request";
import { keepOpen } from "../tickets/inactivity";
import { answerSuggestion, openFromPanel, submitForm, submitQuestion } from "../tickets/open";
import type { Outcome } from "../tickets/outcomes";
import { rate, rateComment, ratingCommentForm } from "../tickets/rate";
import { reopen } from "../tickets/reopen";
import type { EngineDeps, Known } from "../tickets/step";
import { findTicketByChannel } from "../tickets/store";
import { answerOf, QUESTION_INPUT, RATING_COMMENT_INPUT, type Reply, say } from "./answers";
import { chooseServerPanel, openFromDm, submitDmForm } from "./dm";
import type { Choice, CommandAnswer, CommandContext } from "./command";
import type { CommandRegistry } from "./command-registry";
import { parseCustomId, parseFieldId } from "./custom-ids";
import { chooseLanguage, speaking, type SpokenLanguage } from "./language";
import { commandParts, dmMessageOf, int, memberOf, str } from "./options";
import { botTexts } from "./texts";

// The Discord door's router: an interaction — Discord's JSON, delivered by Discord or built by the demo platform from
// a click in the Try-it view — becomes a step of the ticket core, or a command's handler (./commands/). Everything in
// it is hostile: ids are parsed without regexes, records re-read, access re-checked by the steps. The server's settings
// are read once, for the language the bot answers in, and handed to the step. The answer is the outcome in words
// (./answers.ts), a modal, or the choices of an autocomplete.

export type Answer = Reply | { kind: "choices"; choices: Choice[] };

const choices = (list: Choice[]): Answer => ({ kind: "choices", choices: list });

/** A command's answer as Discord takes it: an outcome in words, or what the command worded itself. */
const answered = (answer: CommandAnswer): Reply => ("kind" in answer ? answer : answerOf(answer));

export class InteractionRouter {
  constructor(
    private readonly deps: EngineDeps,
    readonly commands: CommandRegistry,
  ) {}

  /** The interaction's step, with the bot speaking the server's language (./language.ts). */
  async handle(interaction: APIInteraction): Promise<Answer> {
    const { language, known } = await this.contextOf(interaction);
    return speaking(language, () => this.route(interaction, known));
  }

  /**
   * The server's settings — of the interaction's server; in a DM (the rating), of the ticket's server its custom id
   * names — and the language they choose: its BotLanguage, else the interaction's guild_locale.
   */
  private async contextOf(interaction: APIInteraction): Promise<{ language: SpokenLanguage; known: Known }> {
    let guildId = interaction.guild_id ?? null;
    if (!guildId && (interaction.type === InteractionType.MessageComponent || interaction.type === InteractionType.ModalSubmit)) {
      const id = parseCustomId(str(interaction.data.custom_id, 100));
      if (id && "guildId" in id) guildId = id.guildId;
    }
    const settings =
      guildId && /^\d{1,21}$/.test(guildId) ? (await readGuildSettings(this.deps.db, guildId).catch(() => null))?.settings : undefined;
    const language = chooseLanguage(
      settings?.BotLanguage,
      interaction.guild_locale ?? ("locale" in interaction ? interaction.locale : undefined),
    );
    return { language, known: settings ? { settings, language } : { language } };
  }

  private route(interaction: APIInteraction, known: Known): Promise<Answer> | Answer {
    const channelId = interaction.channel?.id ?? (interaction as { channel_id?: string }).channel_id ?? null;
    switch (interaction.type) {
      case InteractionType.MessageComponent:
        return this.component(interaction, channelId, known).then(answered);
      case InteractionType.ModalSubmit:
        return this.modal(interaction, channelId, known).then(answered);
      case InteractionType.ApplicationCommand:
      case InteractionType.ApplicationCommandAutocomplete:
        return this.command(interaction, channelId, known);
      default:
        return say(botTexts.somethingWrong);
    }
  }

  /** A button or a select: the step its custom id names. */
  private async component(
    interaction: APIInteraction & { type: InteractionType.MessageComponent },
    channelId: string | null,
    known: Known,
  ): Promise<Outcome | Reply> {
    const { deps } = this;
    const id = parseCustomId(str(interaction.data.custom_id, 100));
    if (!id) return { refusal: "stale" };
    // From the closing DM: only the user is known.
    const user = interaction.user ?? interaction.member?.user;
    if (id.kind === "rate" || id.kind === "reopen" || id.kind === "rate-comment") {
      if (!user) return { refusal: "stale" };
      if (id.kind === "rate") return rate(deps, id.guildId, id.number, user.id, id.rating, dmMessageOf(interaction, channelId), known);
      if (id.kind === "rate-comment") return ratingCommentForm(deps, id.guildId, id.number, user.id);
      return reopen(deps, id.guildId, id.number, { kind: "opener", userId: user.id, username: user.global_name || user.username }, known);
    }
    // /mydata's confirmation: whoever presses it erases their own data (./commands/mydata.ts).
    if (id.kind === "erase-my-data") return user ? eraseMyData(deps, user.id) : { refusal: "stale" };
    const values = "values" in interaction.data && Array.isArray(interaction.data.values) ? interaction.data.values : [];
    // DM tickets (./dm.ts): the server, then its panel, chosen in the member's direct messages with the bot.
    if (id.kind === "dm-server" || id.kind === "dm-panel") {
      if (!user || interaction.guild_id) return { refusal: "stale" };
      if (id.kind === "dm-server") return chooseServerPanel(deps, user.id, str(values[0], 21), interaction.locale);
      return openFromDm(deps, user.id, id.guildId, int(values[0]), channelId, known);
    }
    const guildId = interaction.guild_id;
    const member = memberOf(interaction);
    if (!guildId || !member) return say(botTexts.notInServer);
    switch (id.kind) {
      case "panel":
        return openFromPanel(deps, guildId, member, id.panelId, known);
      case "multi-panel": {
        const chosen = int(values[0]);
        if (chosen === null || !(await this.inMultiPanel(guildId, id.multiPanelId, chosen))) return { refusal: "stale" };
        return openFromPanel(deps, guildId, member, chosen, known);
      }
      case "suggestion-yes":
      case "suggestion-no":
        return answerSuggestion(deps, guildId, member, id.key, id.kind === "suggestion-yes", known);
      case "close":
        return requestClose(deps, guildId, id.number, member, null, false, known);
      case "close-confirm":
        return requestClose(deps, guildId, id.number, member, undefined, true, known);
      case "claim":
        return claim(deps, guildId, id.number, member, known);
      case "keep-open":
        return keepOpen(deps, guildId, id.number, member, known);
      case "close-request-yes":
      case "close-request-no":
        return answerCloseRequest(deps, guildId, id.number, member, id.kind === "close-request-yes", known);
      default:
        return { refusal: "stale" };
    }
  }

  /** A modal submitted: a form's answers, or the comment on a rating. */
  private async modal(
    interaction: APIInteraction & { type: InteractionType.ModalSubmit },
    channelId: string | null,
    known: Known,
  ): Promise<Outcome | Reply> {
    const id = parseCustomId(str(interaction.data.custom_id, 100));
    if (!id || (id.kind !== "form" && id.kind !== "rate-comment" && id.kind !== "dm-form" && id.kind !== "question"))
      return { refusal: "stale" };
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
      if (!user) return { refusal: "stale" };
      const by = { id: user.id, username: user.global_name || user.username };
      return rateComment(
        this.deps,
        id.guildId,
        id.number,
        by,
        typed[RATING_COMMENT_INPUT] ?? "",
        dmMessageOf(interaction, channelId),
        known,
      );
    }
    if (id.kind === "question") {
      const member = memberOf(interaction);
      if (!interaction.guild_id || !member) return say(botTexts.notInServer);
      return submitQuestion(this.deps, interaction.guild_id, member, id.panelId, typed[QUESTION_INPUT] ?? "", known);
    }
    const fields = new Map<number, string>();
    for (const [key, value] of Object.entries(typed)) {
      const fieldId = parseFieldId(key);
      if (fieldId !== null) fields.set(fieldId, value);
    }
    if (id.kind === "dm-form") {
      const user = interaction.user;
      if (!user || interaction.guild_id) return { refusal: "stale" };
      return submitDmForm(this.deps, user.id, id.guildId, id.panelId, id.formId, fields, channelId, known);
    }
    const member = memberOf(interaction);
    if (!interaction.guild_id || !member) return say(botTexts.notInServer);
    return submitForm(this.deps, interaction.guild_id, member, id.panelId, id.formId, fields, known);
  }

  /** A slash or message command, or the choices of one being typed: its file's handler (./commands/). */
  private async command(interaction: APIInteraction, channelId: string | null, known: Known): Promise<Answer> {
    const autocomplete = interaction.type === InteractionType.ApplicationCommandAutocomplete;
    const data = interaction.data as { name?: unknown; options?: APIApplicationCommandInteractionDataOption[] };
    const { subcommand, options, focused } = commandParts(data.options);
    const command = this.commands.find(str(data.name, 32), subcommand);
    const member = memberOf(interaction);
    const guildId = interaction.guild_id;
    if (!command) return say(botTexts.unknownCommand);
    // A command of the member's direct messages with the bot (Discord offers it only there).
    if (command.where === "dm") {
      const user = interaction.user;
      if (guildId || !user || autocomplete) return autocomplete ? choices([]) : say(botTexts.dmOnly);
      return answered(
        await command.run({
          deps: this.deps,
          user: { id: user.id, username: user.global_name || user.username },
          channelId,
          known,
          interaction,
        }),
      );
    }
    if (!guildId || !member) return say(botTexts.notInServer);
    const context: CommandContext = { deps: this.deps, guildId, channelId, member, options, known, interaction };
    const typed = str(options[focused ?? ""], 100);
    if (command.where === "guild") {
      if (autocomplete) return choices((await command.autocomplete?.(context, focused ?? "", typed)) ?? []);
      return answered(await command.run(context));
    }
    // In a ticket's channel: a step on that ticket (the row read here is the one the step acts on).
    const ticket = channelId ? await findTicketByChannel(this.deps.db, channelId) : undefined;
    if (!ticket || ticket.guild_id !== guildId) return autocomplete ? choices([]) : say(botTexts.notATicket);
    const inTicket = { ...context, ticket, known: { ...known, row: ticket } };
    if (autocomplete) return choices((await command.autocomplete?.(inTicket, focused ?? "", typed)) ?? []);
    return answered(await command.run(inTicket));
  }

  private async inMultiPanel(guildId: string, multiPanelId: number, panelId: number): Promise<boolean> {
    const multi = await this.deps.db
      .selectFrom("panels")
      .select("id")
      .where("guild_id", "=", guildId)
      .where("id", "=", multiPanelId)
      .where("kind", "=", "multi")
      .executeTakeFirst();
    if (!multi) return false;
    return ((await membersOf(this.deps.db, [multiPanelId])).get(multiPanelId) ?? []).includes(panelId);
  }
}
