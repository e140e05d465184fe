import {
  type APIApplicationCommandInteractionDataOption,
  type APIInteraction,
  ApplicationCommandOptionType,
  InteractionType,
} from "discord-api-types/v10";
import { type BotCommand, findCommand } from "../../src/schemas/commands";
import { clampText, discordLimits } from "../../src/schemas/discord-limits";
import type { FormAnswer } from "../../src/schemas/ticket";
import { MultiPanelEmptyError, sendPanel } from "../panels/send";
import { membersOf, toMultiPanel, toSinglePanel } from "../panels/store";
import { readGuildSettings } from "../settings/store";
import { canSendIn } from "./channel-access";
import { customIds, parseCustomId, parseFieldId } from "./custom-ids";
import { can, memberAccess, type Member } from "./members";
import { say, type Reply, type TicketEngine } from "./service";
import { findTicketByChannel } from "./store";
import { tagMessage } from "./tag-message";
import { botTexts } from "./texts";
import { guildStatistics, statisticsSummary } from "./statistics";
import { panelsVisibleToMember } from "./visibility";

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

type Options = Record<string, string | number | boolean>;

/** A slash command's name, subcommand and flat options. */
function commandParts(options: readonly APIApplicationCommandInteractionDataOption[] | undefined): { subcommand?: string; options: Options; focused?: string } {
  const out: Options = {};
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

const str = (v: unknown, max = 6000) => (typeof v === "string" ? v.slice(0, max) : typeof v === "number" ? String(v) : "");
const int = (v: unknown): number | null => {
  const n = typeof v === "number" ? v : typeof v === "string" && v.length <= 10 ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= 0 && n <= 2_147_483_647 ? n : null;
};
const snowflake = (v: unknown): string | null => {
  const s = str(v, 21);
  if (!s.length) return null;
  for (const c of s) if (c < "0" || c > "9") return null;
  return s;
};

export class InteractionHandler {
  constructor(private readonly engine: TicketEngine) {}

  private get db() {
    return this.engine.deps.db;
  }

  async handle(interaction: APIInteraction): Promise<Outcome> {
    const guildId = interaction.guild_id ?? null;
    const channelId = interaction.channel?.id ?? (interaction as { channel_id?: string }).channel_id ?? null;
    switch (interaction.type) {
      case InteractionType.MessageComponent: {
        const id = parseCustomId(str(interaction.data.custom_id, 100));
        if (!id) return say(botTexts.invalidButton);
        if (id.kind === "rate") {
          const userId = interaction.user?.id ?? interaction.member?.user?.id;
          return userId ? this.engine.rate(id.guildId, id.number, userId, id.rating) : say(botTexts.invalidButton);
        }
        const member = memberOf(interaction);
        if (!guildId || !member) return say(botTexts.notInServer);
        switch (id.kind) {
          case "panel":
            return this.openFromPanel(guildId, member, id.panelId);
          case "multi-panel": {
            const values = "values" in interaction.data && Array.isArray(interaction.data.values) ? interaction.data.values : [];
            const chosen = int(values[0]);
            if (chosen === null || !(await this.inMultiPanel(guildId, id.multiPanelId, chosen))) return say(botTexts.invalidButton);
            return this.openFromPanel(guildId, member, chosen);
          }
          case "close":
            return this.engine.requestClose(guildId, id.number, member, null, false);
          case "close-confirm":
            return this.engine.requestClose(guildId, id.number, member, undefined, true);
          case "claim":
            return this.engine.claim(guildId, id.number, member);
          default:
            return say(botTexts.invalidButton);
        }
      }
      case InteractionType.ModalSubmit: {
        const id = parseCustomId(str(interaction.data.custom_id, 100));
        const member = memberOf(interaction);
        if (!id || id.kind !== "form") return say(botTexts.invalidButton);
        if (!guildId || !member) return say(botTexts.notInServer);
        const typed: Record<string, string> = {};
        for (const row of (interaction.data.components ?? []).slice(0, 5)) {
          const inputs = "components" in row && Array.isArray(row.components) ? row.components : "component" in row ? [row.component] : [];
          for (const input of inputs.slice(0, 5)) {
            if (input && "custom_id" in input && "value" in input) typed[str(input.custom_id, 100)] = str(input.value, 4000);
          }
        }
        return this.submitForm(guildId, member, id.panelId, id.formId, typed);
      }
      case InteractionType.ApplicationCommand:
      case InteractionType.ApplicationCommandAutocomplete: {
        const data = interaction.data as { name?: unknown; options?: APIApplicationCommandInteractionDataOption[] };
        const { subcommand, options, focused } = commandParts(data.options);
        const command = findCommand(str(data.name, 32), subcommand);
        const member = memberOf(interaction);
        if (!command) return say(botTexts.unknownCommand);
        if (!guildId || !member) return say(botTexts.notInServer);
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

  /** A panel's button: its form as a modal first, when it has one; else the ticket opens. */
  private async openFromPanel(guildId: string, member: Member, panelId: number): Promise<Outcome> {
    const usable = await this.engine.usablePanel(guildId, panelId);
    if ("refusal" in usable) return usable.refusal;
    if (usable.panel.FormId !== null) {
      // Refused before the form is shown, not after it was filled in.
      if (await this.engine.isBlacklisted(guildId, member)) return say(botTexts.blacklisted);
      const modal = await this.formModal(guildId, panelId, usable.panel.FormId);
      if (modal) return modal;
    }
    return this.engine.open({ guildId, member, panelId });
  }

  private async formFields(guildId: string, formId: number) {
    const form = await this.db.selectFrom("forms").select(["id", "name"]).where("guild_id", "=", guildId).where("id", "=", formId).executeTakeFirst();
    if (!form) return null;
    const fields = await this.db.selectFrom("form_fields").selectAll().where("form_id", "=", formId).orderBy("position").orderBy("id").limit(5).execute();
    return { form, fields };
  }

  /** Discord's modal from a form: ≤ 5 text inputs with the limits the Forms screen enforces. */
  async formModal(guildId: string, panelId: number, formId: number): Promise<Reply | null> {
    const found = await this.formFields(guildId, formId);
    if (!found || found.fields.length === 0) return null;
    return {
      kind: "modal",
      modal: {
        custom_id: customIds.form(panelId, formId),
        // The Forms screen keeps names, labels and placeholders within these; older records are cut.
        title: clampText(found.form.name, discordLimits.modalTitle) || "Form",
        components: found.fields.slice(0, discordLimits.modalRows).map((f) => ({
          type: 1,
          components: [
            {
              type: 4,
              custom_id: customIds.formField(f.id),
              label: clampText(f.label || "Question", discordLimits.textInputLabel),
              style: f.style === "Paragraph" ? 2 : 1,
              required: f.required === 1,
              ...(f.min_length ? { min_length: Math.min(f.min_length, discordLimits.textInputLength) } : {}),
              ...(f.max_length ? { max_length: Math.min(f.max_length, discordLimits.textInputLength) } : {}),
              ...(f.placeholder ? { placeholder: clampText(f.placeholder, discordLimits.textInputPlaceholder) } : {}),
            },
          ],
        })),
      },
    };
  }

  /** The modal's answers, checked again against the form as it is now; then the ticket opens with them. */
  private async submitForm(guildId: string, member: Member, panelId: number, formId: number, typed: Record<string, string>): Promise<Reply> {
    const found = await this.formFields(guildId, formId);
    if (!found) return say(botTexts.formGone);
    if (panelId !== 0) {
      const usable = await this.engine.usablePanel(guildId, panelId);
      if ("refusal" in usable) return usable.refusal;
      if (usable.panel.FormId !== formId) return say(botTexts.invalidButton);
    }
    const byId = new Map<number, string>();
    for (const [key, value] of Object.entries(typed)) {
      const id = parseFieldId(key);
      if (id !== null) byId.set(id, value.trim());
    }
    const answers: FormAnswer[] = [];
    for (const f of found.fields) {
      const label = f.label ?? "Question";
      const value = byId.get(f.id) ?? "";
      if (!value) {
        if (f.required === 1) return say(botTexts.formRequired(label));
        continue;
      }
      const min = f.min_length ?? 0;
      const max = f.max_length ?? 4000;
      if (value.length < min || value.length > max) return say(botTexts.formLength(label, min, max));
      answers.push({ Label: label, Value: value });
    }
    return this.engine.open({ guildId, member, panelId: panelId === 0 ? null : panelId, answers });
  }

  /** Choices for the focused option; nothing for a member who may not use the command there. */
  private async autocomplete(guildId: string, channelId: string | null, member: Member, command: BotCommand, focused: string, typed: string) {
    const needle = typed.toLowerCase();
    if (command.key === "close" && focused === "reason") {
      const ticket = channelId ? await findTicketByChannel(this.db, channelId) : undefined;
      if (!ticket || ticket.guild_id !== guildId || !(await this.engine.mayClose(ticket, member))) return [];
      const rows = (await this.db
        .selectFrom("close_reasons" as never)
        .select(["label" as never])
        .where("guild_id" as never, "=", guildId as never)
        .orderBy("position" as never)
        .limit(100)
        .execute()) as { label: string }[];
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

  private async command(guildId: string, channelId: string | null, member: Member, command: BotCommand, options: Options): Promise<Reply> {
    const engine = this.engine;
    const publicUrl = engine.deps.publicUrl;
    if (command.inTicket) {
      const ticket = channelId ? await findTicketByChannel(this.db, channelId) : undefined;
      if (!ticket || ticket.guild_id !== guildId) return say(botTexts.notATicket);
      const n = ticket.number;
      switch (command.key) {
        case "close":
          return engine.requestClose(guildId, n, member, str(options.reason, 1024) || null, false);
        case "add":
        case "remove": {
          const target = snowflake(options.member);
          return target ? engine.addMember(guildId, n, member, target, command.key === "add") : say(botTexts.memberNotFound);
        }
        case "rename":
          return engine.rename(guildId, n, member, str(options.name, 100));
        case "claim":
          return engine.claim(guildId, n, member);
        case "unclaim":
          return engine.unclaim(guildId, n, member);
        case "transfer": {
          const target = snowflake(options.member);
          return target ? engine.transfer(guildId, n, member, target) : say(botTexts.memberNotFound);
        }
        default:
          return say(botTexts.unknownCommand);
      }
    }
    const access = await memberAccess(this.db, guildId, member);
    switch (command.key) {
      case "help":
        return say(botTexts.help(`${publicUrl}/docs`), true);
      case "new":
        return engine.open({ guildId, member, panelId: null, subject: str(options.subject, 100) || null });
      case "form": {
        const formId = int(options.form_id);
        if (formId === null) return say(botTexts.formGone);
        if (await engine.isBlacklisted(guildId, member)) return say(botTexts.blacklisted);
        return (await this.formModal(guildId, 0, formId)) ?? say(botTexts.formGone);
      }
      case "tag": {
        // The bot posts for the member: only where they may write themselves (member.permissions is theirs in this channel).
        if (!canSendIn(member.permissions)) return say(botTexts.tagCannotSend);
        if (!can(access, "ViewTag")) return say(botTexts.noPermission);
        const name = str(options.name, 255).trim();
        const tag = await this.db.selectFrom("tags").select(["name", "content"]).where("guild_id", "=", guildId).where("name", "=", name).executeTakeFirst();
        if (!tag) return say(botTexts.tagNotFound(name));
        if (!channelId) return say(botTexts.somethingWrong);
        await engine.deps.platform.sendMessage(channelId, tagMessage(tag.content));
        return say(botTexts.tagSent, true);
      }
      case "transcript": {
        if (!can(access, "ViewTranscripts")) return say(botTexts.noPermission);
        const number = int(options.ticket_id);
        if (number === null) return say(botTexts.transcriptMissing(0));
        const exists = await this.db.selectFrom("transcripts").select("id").where("guild_id", "=", guildId).where("ticket_id", "=", number).executeTakeFirst();
        return exists ? say(botTexts.transcriptLink(number, `${publicUrl}/${guildId}/transcripts/${number}`), true) : say(botTexts.transcriptMissing(number));
      }
      case "panelResend":
        return this.resendPanel(guildId, access, int(options.panel_id));
      case "settings": {
        if (!can(access, "ViewSettings")) return say(botTexts.noPermission);
        const { settings } = await readGuildSettings(this.db, guildId);
        const yes = (v: boolean | null | undefined) => (v === false ? "off" : "on");
        const lines = [
          `User ticket limit: ${settings.UserTicketLimit}`,
          `Users can close their own tickets: ${yes(settings.AllowUserTicketClose)}`,
          `Ask for confirmation on close: ${yes(settings.TicketCloseConfirmation)}`,
          `Feedback: ${yes(settings.EnableUserFeedback)}`,
          `Store transcripts: ${yes(settings.StoreTranscripts)}`,
          `Auto-close: ${yes(settings.AutoCloseEnabled ?? false)}`,
          botTexts.settingsLink(`${publicUrl}/${guildId}/settings`),
        ];
        return say(lines.join("\n"), true);
      }
      case "stats": {
        if (!can(access, "ViewTranscripts")) return say(botTexts.noPermission);
        const to = new Date();
        const from = new Date(to.getTime() - 29 * 86_400_000);
        const day = (d: Date) => d.toISOString().slice(0, 10);
        const panels = await panelsVisibleToMember(this.db, guildId, access);
        const stats = await guildStatistics(this.db, guildId, { from: day(from), to: day(to), tz: "UTC" }, panels === "all" ? {} : { panels });
        return say(statisticsSummary(stats), true);
      }
      default:
        return say(botTexts.unknownCommand);
    }
  }

  private async resendPanel(guildId: string, access: Awaited<ReturnType<typeof memberAccess>>, panelId: number | null): Promise<Reply> {
    if (panelId === null) return say(botTexts.panelGone);
    const row = await this.db.selectFrom("panels").selectAll().where("guild_id", "=", guildId).where("id", "=", panelId).executeTakeFirst();
    if (!row) return say(botTexts.panelGone);
    if (!can(access, row.kind === "multi" ? "EditMultiPanel" : "EditSinglePanel")) return say(botTexts.noPermission);
    const name = row.kind === "multi" ? toMultiPanel(row, []).PanelTitle : toSinglePanel(row).PanelName;
    try {
      const { messageId } = await sendPanel(this.db, this.engine.deps.platform, guildId, row);
      await this.db.updateTable("panels").set({ message_id: messageId }).where("id", "=", row.id).execute();
      return say(botTexts.panelResent(name), true);
    } catch (error) {
      return say(error instanceof MultiPanelEmptyError ? botTexts.multiPanelEmpty : botTexts.panelResendFailed);
    }
  }
}
