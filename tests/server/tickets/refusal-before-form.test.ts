import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { answeredSteps } from "./steps";
import { DEMO_SUPPORT_ROLE_ID } from "../../../server/platform/demo-fixtures";
import { textsIn } from "../../../server/discord/texts";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, createTestApp, apiOn, type Json } from "../helpers";

// A form is never shown to be refused after it was filled in: every refusal that does not depend on the answers
// (blacklist, the server's and the panel's open-ticket limits, cooldown, support hours, roles, a disabled panel, a
// full category) answers the click itself — a panel's button, a multi-panel's choice, /form — and /new and "Open
// ticket about this message" meet the same check (openRefusal in server/tickets/open-rules.ts).

const G = DEMO_COMMUNITY_ID;
const SUPPORT_CHANNEL = "812345678901234714";
const WELCOME_CHANNEL = "812345678901234711";
const GENERAL_CHANNEL = "812345678901234713";
const SUPPORT_CATEGORY = "812345678901234702";
const ARCHIVE_CATEGORY = "812345678901234703";
const VIP_ROLE = "812345678901234604";
const en = textsIn("en");

let t: TestApp;
let admin: string;
let staff: string;

type Reply = { modal: Json | null; ephemeral: Json[]; choices: Json[] };
const api = apiOn(() => t);
const interact = async (token: string, body: Json): Promise<Reply> => {
  const res = await api("POST", `/api/${G}/demo/interactions`, token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Reply;
};
const replyText = (reply: Reply) => reply.ephemeral.map((m) => m.content).join("\n");
const saveSettings = async (patch: Json) => {
  const current = await api("GET", `/api/${G}/settings`, admin);
  expect((await api("PUT", `/api/${G}/settings`, admin, { ...patch, Revision: current.body.Revision })).status).toBe(200);
};
const panelRow = (name: string) =>
  t.db.selectFrom("panels").selectAll().where("guild_id", "=", G).where("name", "=", name).executeTakeFirstOrThrow();
const formId = async () =>
  (await t.db.selectFrom("forms").select("id").where("guild_id", "=", G).where("name", "=", "Support Request").executeTakeFirstOrThrow())
    .id;
/** Saves General Support with a form and these rules, through the dashboard's API. */
const panelWith = async (rules: Json) => {
  const row = await panelRow("General Support");
  const panel = (await api("GET", `/api/${G}/panels/${row.id}`, admin)).body.panel;
  const res = await api("PUT", `/api/${G}/panels/${row.id}`, admin, {
    Panel: {
      ...panel,
      FormId: await formId(),
      ...rules,
      PanelMessage: { ...panel.PanelMessage, DisablePanel: false, ...rules.PanelMessage },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const noRules = {
  ThreadMode: "server",
  PanelTicketLimit: 0,
  CooldownMinutes: 0,
  RequiredRoles: [],
  ExcludedRoles: [],
  OverflowCategory: null,
  TicketCategory: SUPPORT_CATEGORY,
  SupportHours: { Enabled: false, Days: [1, 2, 3, 4, 5], Start: "09:00", End: "17:00", OutsideHours: "open" },
};
const clickPanel = async (token: string) => {
  const row = await panelRow("General Support");
  return interact(token, { kind: "button", channelId: SUPPORT_CHANNEL, messageId: row.message_id!, customId: `panel:${row.id}` });
};
const choosePanel = async (token: string) => {
  const multi = await t.db.selectFrom("panels").selectAll().where("guild_id", "=", G).where("kind", "=", "multi").executeTakeFirstOrThrow();
  const row = await panelRow("General Support");
  return interact(token, {
    kind: "select",
    channelId: WELCOME_CHANNEL,
    messageId: multi.message_id!,
    customId: `multi-panel:${multi.id}`,
    values: [String(row.id)],
  });
};
const formCommand = async (token: string) =>
  interact(token, { kind: "command", channelId: GENERAL_CHANNEL, name: "form", options: { form_id: await formId() } });
const newCommand = (token: string) => interact(token, { kind: "command", channelId: GENERAL_CHANNEL, name: "new", options: {} });
const aboutMessage = async (token: string) => {
  const posted = await api("POST", `/api/${G}/demo/channels/${GENERAL_CHANNEL}/messages`, token, { content: "Something is off here" });
  expect(posted.status).toBe(201);
  return interact(token, {
    kind: "messageCommand",
    channelId: GENERAL_CHANNEL,
    messageId: posted.body.id,
    name: "Open ticket about this message",
  });
};
const tickets = () => t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).orderBy("number").execute();
/** A ticket of General Support the member already has open (made through the engine, without its form). */
const openTicketOf = async (memberId: string, username: string) => {
  const row = await panelRow("General Support");
  const member = { id: memberId, username, avatar: null, roles: [DEMO_SUPPORT_ROLE_ID], permissions: "0", owner: false };
  const reply = await answeredSteps(t.app.tickets.deps).open({ guildId: G, member, panelId: row.id });
  expect(reply).toMatchObject({ kind: "message", ok: true });
};
/** Refused with `text`, no modal, nothing opened. */
const refused = async (reply: Reply, text: string, ticketsBefore: number) => {
  expect(reply.modal).toBeNull();
  expect(replyText(reply)).toBe(text);
  expect(await tickets()).toHaveLength(ticketsBefore);
};

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([t.signIn(DEMO_ADMIN_ID), t.signIn(DEMO_STAFF_ID)]);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.deleteFrom("ticket_members").execute();
  await t.db.deleteFrom("tickets").execute();
  await t.db.deleteFrom("blacklist").where("guild_id", "=", G).execute();
  await t.db.deleteFrom("demo_channels").where("guild_id", "=", G).where("kind", "=", "text").execute();
  await saveSettings({ UserTicketLimit: 1, TicketThreads: false, MessageTicketOpener: "member", TimeZone: "UTC" });
  await panelWith(noRules);
});

describe("refusals come before a form", () => {
  it("at the server's open-ticket limit, a panel's button, a multi-panel's choice and /form refuse instead of showing the form", async () => {
    // Below the limit, each of them shows the form.
    expect((await clickPanel(staff)).modal).toMatchObject({ title: "Support Request" });
    expect((await choosePanel(staff)).modal).toMatchObject({ title: "Support Request" });
    expect((await formCommand(staff)).modal).toMatchObject({ title: "Support Request" });

    await openTicketOf(DEMO_STAFF_ID, "Demo Staff");
    for (const reply of [await clickPanel(staff), await choosePanel(staff), await formCommand(staff)])
      await refused(reply, en.limitReached(1), 1);
    // /new and a ticket about a message meet the same check (they have no form to show).
    await refused(await newCommand(staff), en.limitReached(1), 1);
    await refused(await aboutMessage(staff), en.limitReached(1), 1);
    // Another member is not at the limit.
    expect((await clickPanel(admin)).modal).toMatchObject({ title: "Support Request" });
  });

  it("the panel's own limit, its cooldown, support hours that refuse, its roles and a disabled panel refuse before the form", async () => {
    await saveSettings({ UserTicketLimit: 0 });
    await panelWith({ ...noRules, PanelTicketLimit: 1 });
    await openTicketOf(DEMO_STAFF_ID, "Demo Staff");
    await refused(await clickPanel(staff), en.panelLimitReached(1, "General Support"), 1);
    await refused(await choosePanel(staff), en.panelLimitReached(1, "General Support"), 1);

    await t.db.updateTable("tickets").set({ status: "closed", closed_at: Date.now() }).execute();
    await panelWith({ ...noRules, CooldownMinutes: 30 });
    await refused(await clickPanel(staff), en.cooldown(en.aboutMinutes(30)), 1);

    const later = (new Date().getUTCDay() + 2) % 7;
    await panelWith({ ...noRules, SupportHours: { Enabled: true, Days: [later], Start: "09:00", End: "17:00", OutsideHours: "refuse" } });
    await refused(await clickPanel(staff), en.outsideHoursRefused(en.nextOpening(later, "09:00", "UTC", false)), 1);

    await panelWith({ ...noRules, RequiredRoles: [VIP_ROLE] });
    await refused(await choosePanel(staff), en.requiredRole("@VIP"), 1);
    await panelWith({ ...noRules, ExcludedRoles: [DEMO_SUPPORT_ROLE_ID] });
    await refused(await clickPanel(staff), en.excludedRole("@Support"), 1);

    await panelWith({ ...noRules, PanelMessage: { DisablePanel: true } });
    await refused(await clickPanel(staff), en.panelDisabled, 1);
  });

  it("a blacklisted member (by id or by role) is refused before the form and before /form's modal", async () => {
    expect((await api("POST", `/api/${G}/blacklist`, admin, { Kind: "User", TargetId: DEMO_STAFF_ID })).status).toBe(201);
    await refused(await clickPanel(staff), en.blacklisted, 0);
    await refused(await formCommand(staff), en.blacklisted, 0);
    await t.db.deleteFrom("blacklist").where("guild_id", "=", G).execute();
    expect((await api("POST", `/api/${G}/blacklist`, admin, { Kind: "Role", TargetId: DEMO_SUPPORT_ROLE_ID })).status).toBe(201);
    await refused(await choosePanel(staff), en.blacklisted, 0);
  });

  it("a full ticket category refuses before the form, unless its overflow category has room", async () => {
    // #support sits in the category: 49 ticket channels more make Discord's 50.
    const now = Date.now();
    await t.db
      .insertInto("demo_channels")
      .values(
        Array.from({ length: 49 }, (_, i) => ({
          id: String(1_400_000_000_000_000_000n + BigInt(i)),
          guild_id: G,
          name: `old-${i}`,
          kind: "text",
          parent_id: SUPPORT_CATEGORY,
          topic: null,
          overwrites_json: "[]",
          recipient_id: null,
          created_at: now,
        })),
      )
      .execute();
    await refused(await clickPanel(staff), en.categoryFull, 0);
    await refused(await choosePanel(staff), en.categoryFull, 0);
    await panelWith({ ...noRules, OverflowCategory: ARCHIVE_CATEGORY });
    expect((await clickPanel(staff)).modal).toMatchObject({ title: "Support Request" });
    // As private threads the category does not matter.
    await panelWith({ ...noRules, ThreadMode: "thread" });
    expect((await clickPanel(staff)).modal).toMatchObject({ title: "Support Request" });
  });

  it("answers that arrive after the member became refused still open nothing", async () => {
    const asked = await clickPanel(staff);
    expect(asked.modal).not.toBeNull();
    await openTicketOf(DEMO_STAFF_ID, "Demo Staff");
    const field = asked.modal!.components[0].components[0].custom_id as string;
    const reply = await interact(staff, {
      kind: "modal",
      channelId: SUPPORT_CHANNEL,
      customId: asked.modal!.custom_id,
      fields: { [field]: "My order never arrived at all" },
    });
    await refused(reply, en.limitReached(1), 1);
  });
});
