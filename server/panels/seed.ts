import { DemoPlatform } from "../platform/demo";
import { postPanel } from "./send";
import type { Db } from "../db/schema";
import { DEMO_COMMUNITY_ID, DEMO_SUPPORT_ROLE_ID } from "../platform/demo-fixtures";
import { type MultiPanel, multiPanelCreateSchema } from "../../src/schemas/multi-panel";
import { type SinglePanel, singlePanelSchema } from "../../src/schemas/panel";
import { insertMultiPanel, insertSinglePanel } from "./store";

// Demo data: two ticket panels (one with a form) and a multi-panel showing both, in Demo Community.

const SUPPORT_CHANNEL = "812345678901234714";
const WELCOME_CHANNEL = "812345678901234711";
const SUPPORT_CATEGORY = "812345678901234702";

const generalSupport = (teamId: string | null): SinglePanel =>
  singlePanelSchema.parse({
    PanelName: "General Support",
    MentionRoleId: DEMO_SUPPORT_ROLE_ID,
    SupportTeams: teamId ? [teamId] : [],
    TicketCategory: SUPPORT_CATEGORY,
    PanelMessage: {
      PanelChannel: SUPPORT_CHANNEL,
      PanelTitle: "Need help?",
      PanelDescription: "Click the button below to open a **private ticket** with our support team.",
      PanelFooter: "Demo Community Support",
      PanelFields: [
        { FieldName: "Response time", FieldValue: "Usually within an hour", Inline: true },
        { FieldName: "Languages", FieldValue: "English, Deutsch", Inline: true },
      ],
      ButtonText: "Open a ticket",
      ButtonEmoji: "🎫",
      ButtonColor: "Primary",
    },
    WelcomeMessage: {
      WelcomeTitle: "Thanks for reaching out!",
      WelcomeDescription: "Describe your problem and a member of the *Support Team* will be with you shortly.",
    },
  });

// Billing asks the demo's "Support Request" form first (Try-it: "answer its form").
const billing = (formId: number | null): SinglePanel =>
  singlePanelSchema.parse({
    PanelName: "Billing",
    NamingScheme: "billing-%id%",
    FormId: formId,
    PanelMessage: {
      PanelChannel: SUPPORT_CHANNEL,
      PanelTitle: "Billing questions",
      PanelDescription: "Questions about a purchase, a refund or your subscription? Open a billing ticket.",
      PanelColor: "#FAA61A",
      ButtonText: "Billing",
      ButtonEmoji: "💳",
      ButtonColor: "Success",
    },
    WelcomeMessage: {
      WelcomeTitle: "Billing ticket",
      WelcomeDescription: "Please share your order id. Refunds are handled case by case.",
    },
  });

const helpCenter = (panelIds: number[]): MultiPanel =>
  multiPanelCreateSchema.parse({
    PanelChannelId: WELCOME_CHANNEL,
    Panels: panelIds.map(String),
    DropdownMenu: true,
    DropdownMenuPlaceholder: "What do you need help with?",
    PanelTitle: "Help Center",
    PanelDescription: "Pick a topic to open a ticket with the right team.",
  });

export async function seedPanels(db: Db): Promise<void> {
  const now = Date.now();
  const team = await db
    .selectFrom("teams")
    .select("id")
    .where("guild_id", "=", DEMO_COMMUNITY_ID)
    .where("name", "=", "Support Team")
    .executeTakeFirst();
  const form = await db
    .selectFrom("forms")
    .select("id")
    .where("guild_id", "=", DEMO_COMMUNITY_ID)
    .where("name", "=", "Support Request")
    .executeTakeFirst();
  const ids: number[] = [];
  for (const panel of [generalSupport(team ? String(team.id) : null), billing(form?.id ?? null)]) {
    ids.push(await insertSinglePanel(db, DEMO_COMMUNITY_ID, panel, panel.SupportTeams[0] ? Number(panel.SupportTeams[0]) : null, now));
  }
  await insertMultiPanel(db, DEMO_COMMUNITY_ID, helpCenter(ids), ids, now);
  // Posted into the demo server's channels, as the bot would: the Try-it view shows them ready to click.
  const platform = new DemoPlatform(db);
  const rows = await db.selectFrom("panels").selectAll().where("guild_id", "=", DEMO_COMMUNITY_ID).orderBy("id").execute();
  for (const panel of rows) await postPanel(db, platform, DEMO_COMMUNITY_ID, panel);
}
