import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { textsIn } from "../../../server/discord/texts";
import { sweepRetention } from "../../../server/retention/sweep";
import { OFFERS_PER_MEMBER, recordAnswered } from "../../../server/tickets/suggestions";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, createTestApp, apiOn, type Json } from "../helpers";

// Answers before a ticket opens, through the Try-it door (the same router as Discord's): a panel that suggests
// answers matches the member's words — its form's answers, else a question it asks — against the server's tags. A
// match answers "Does one of these answer your question?" with the tags and two buttons; "Yes, thanks" opens nothing
// and counts for the panel and the tags in Statistics; "No, open a ticket" opens it with the answers kept on the
// server. No match opens the ticket at once; every refusal comes before the suggestions. SQLite and PostgreSQL.

const G = DEMO_COMMUNITY_ID;
const SUPPORT_CHANNEL = "812345678901234714";
const en = textsIn("en");
const es = textsIn("es");

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
/** Saves a panel with SuggestAnswers on or off, through the dashboard's API. */
const suggesting = async (name: string, on: boolean) => {
  const row = await panelRow(name);
  const panel = (await api("GET", `/api/${G}/panels/${row.id}`, admin)).body.panel;
  const res = await api("PUT", `/api/${G}/panels/${row.id}`, admin, {
    Panel: { ...panel, SuggestAnswers: on, PanelMessage: { ...panel.PanelMessage, DisablePanel: false } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.panel?.SuggestAnswers ?? (await api("GET", `/api/${G}/panels/${row.id}`, admin)).body.panel.SuggestAnswers).toBe(on);
};
const clickPanel = async (token: string, name: string) => {
  const row = await panelRow(name);
  return interact(token, { kind: "button", channelId: SUPPORT_CHANNEL, messageId: row.message_id!, customId: `panel:${row.id}` });
};
/** Fills in the modal a click answered with: each input in order gets one of `values`. */
const submit = (token: string, modal: Json, values: string[]) => {
  const inputs = (modal.components as Json[]).map((row) => row.components[0].custom_id as string);
  return interact(token, {
    kind: "modal",
    channelId: SUPPORT_CHANNEL,
    customId: modal.custom_id,
    fields: Object.fromEntries(inputs.map((id, i) => [id, values[i] ?? ""])),
  });
};
/** General Support (no form): the click asks the question, the member's words are submitted. */
const ask = async (token: string, question: string) => {
  const asked = await clickPanel(token, "General Support");
  expect(asked.modal, replyText(asked)).not.toBeNull();
  return submit(token, asked.modal!, [question]);
};
const buttonsOf = (reply: Reply) => (reply.ephemeral[0]?.components as Json[] | undefined)?.[0]?.components as Json[];
const press = (token: string, reply: Reply, label: string) => {
  const button = buttonsOf(reply).find((b) => b.label === label)!;
  return interact(token, { kind: "button", channelId: SUPPORT_CHANNEL, messageId: reply.ephemeral[0].id, customId: button.custom_id });
};
const tickets = () => t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).orderBy("number").execute();
const answeredRows = () =>
  t.db
    .selectFrom("suggestion_answers as a")
    .leftJoin("suggestion_answer_tags as g", "g.answer_id", "a.id")
    .select(["a.panel_name", "g.tag_name"])
    .where("a.guild_id", "=", G)
    .orderBy("a.id")
    .orderBy("g.tag_name")
    .execute();
const today = () => new Date().toISOString().slice(0, 10);
const statistics = async () => {
  const res = await api("GET", `/api/${G}/statistics?from=${today()}&to=${today()}&tz=UTC`, admin);
  expect(res.status).toBe(200);
  return res.body.suggestions;
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
  await t.db.deleteFrom("suggestion_offers").execute();
  await t.db.deleteFrom("suggestion_answers").execute();
  await t.db.deleteFrom("blacklist").where("guild_id", "=", G).execute();
  await t.db.deleteFrom("demo_channels").where("guild_id", "=", G).where("kind", "=", "text").execute();
  await saveSettings({ UserTicketLimit: 3, TicketThreads: false, BotLanguage: "en" });
  await suggesting("General Support", true);
  await suggesting("Billing", true);
});

describe("suggestions before a ticket opens", () => {
  it("a panel without a form asks the question; matching tags are offered, best first, with Yes and No, and nothing opens yet", async () => {
    const asked = await clickPanel(staff, "General Support");
    expect(asked.modal).toMatchObject({ title: en.questionTitle, custom_id: expect.stringMatching(/^question:\d+$/) });
    expect(asked.modal!.components[0].components[0]).toMatchObject({ label: en.questionLabel, required: true, max_length: 500 });

    const reply = await submit(staff, asked.modal!, ["How do I get a refund for my order? Please read the rules"]);
    expect(reply.modal).toBeNull();
    expect(replyText(reply)).toBe(en.suggestionsAsk);
    // "refund" and "order" name the refund policy (in its name and content); "read" and "rules" the welcome (which
    // asks to read #rules) before the rules, which share one word and are longer.
    expect(reply.ephemeral[0].embeds.map((e: Json) => e.title)).toEqual(["refund-policy", "welcome", "rules"]);
    expect(reply.ephemeral[0].embeds[0].description).toBe(
      "Refunds are handled case by case. Share your order id in this ticket and we will get back to you.",
    );
    expect(buttonsOf(reply).map((b) => [b.label, b.style])).toEqual([
      [en.suggestionsYes, 3],
      [en.suggestionsNo, 2],
    ]);
    // The buttons name the offer by a random key; the member's words stay on the server.
    for (const b of buttonsOf(reply)) {
      expect(b.custom_id).toMatch(/^suggest:[A-Za-z0-9_-]{16}:(yes|no)$/);
      expect(b.custom_id).not.toContain("refund");
    }
    expect(await tickets()).toHaveLength(0);
    const offers = await t.db.selectFrom("suggestion_offers").selectAll().execute();
    expect(offers.map((o) => [o.member_id, JSON.parse(o.answers_json)])).toEqual([
      [DEMO_STAFF_ID, [{ Label: en.questionLabel, Value: "How do I get a refund for my order? Please read the rules" }]],
    ]);
  });

  it("'Yes, thanks' opens no ticket and counts for the panel and each tag shown; the offer is answered once", async () => {
    const reply = await ask(staff, "I want a refund");
    expect(reply.ephemeral[0].embeds.map((e: Json) => e.title)).toEqual(["refund-policy"]);
    const yes = await press(staff, reply, en.suggestionsYes);
    expect(replyText(yes)).toBe(en.suggestionsAnswered);
    expect(await tickets()).toHaveLength(0);
    expect(await answeredRows()).toEqual([{ panel_name: "General Support", tag_name: "refund-policy" }]);
    // Pressed again (or "No" after "Yes"): the offer is gone, nothing more is counted or opened.
    expect(replyText(await press(staff, reply, en.suggestionsYes))).toBe(en.invalidButton);
    expect(replyText(await press(staff, reply, en.suggestionsNo))).toBe(en.invalidButton);
    expect(await tickets()).toHaveLength(0);

    const second = await ask(admin, "Refund please, and what are the rules?");
    expect(second.ephemeral[0].embeds.map((e: Json) => e.title)).toEqual(["refund-policy", "rules", "welcome"]);
    await press(admin, second, en.suggestionsYes);
    const figures = await statistics();
    expect(figures).toEqual({
      answered: 2,
      panels: [{ PanelId: (await panelRow("General Support")).id, PanelName: "General Support", answered: 2 }],
      tags: [
        { TagId: expect.any(String), TagName: "refund-policy", answered: 2 },
        { TagId: expect.any(String), TagName: "rules", answered: 1 },
        { TagId: expect.any(String), TagName: "welcome", answered: 1 },
      ],
    });
  });

  it("'No, open a ticket' opens it with the exact answers of the form, kept on the server", async () => {
    const asked = await clickPanel(staff, "Billing");
    expect(asked.modal).toMatchObject({ title: "Support Request" });
    const reply = await submit(staff, asked.modal!, ["I was charged twice, I need a refund", "10452"]);
    expect(reply.ephemeral[0].embeds.map((e: Json) => e.title)).toEqual(["refund-policy"]);
    expect(await tickets()).toHaveLength(0);

    const no = await press(staff, reply, en.suggestionsNo);
    const [ticket] = await tickets();
    expect(ticket).toMatchObject({ status: "open", panel_name: "Billing", opener_id: DEMO_STAFF_ID });
    expect(replyText(no)).toBe(en.opened(ticket.channel_id!));
    expect(JSON.parse(ticket.form_answers_json!)).toEqual([
      { Label: "What do you need help with?", Value: "I was charged twice, I need a refund" },
      { Label: "Order ID (if any)", Value: "10452" },
    ]);
    expect(await answeredRows()).toEqual([]);
    expect((await statistics()).answered).toBe(0);
    // The offer was used: another "No" opens nothing more.
    expect(replyText(await press(staff, reply, en.suggestionsNo))).toBe(en.invalidButton);
    expect(await tickets()).toHaveLength(1);
  });

  it("words no tag shares open the ticket at once, as a panel without suggestions does", async () => {
    const reply = await ask(staff, "My screen flickers constantly");
    const [ticket] = await tickets();
    expect(replyText(reply)).toBe(en.opened(ticket.channel_id!));
    expect(JSON.parse(ticket.form_answers_json!)).toEqual([{ Label: en.questionLabel, Value: "My screen flickers constantly" }]);
    // Only stop words: nothing to match either.
    await ask(admin, "Hello, can you help me please?");
    expect(await tickets()).toHaveLength(2);
    expect(await t.db.selectFrom("suggestion_offers").selectAll().execute()).toEqual([]);
  });

  it("a panel with the option off opens as before: no question, no suggestions", async () => {
    await suggesting("General Support", false);
    const reply = await clickPanel(staff, "General Support");
    expect(reply.modal).toBeNull();
    expect(await tickets()).toHaveLength(1);
  });

  it("every refusal comes before the suggestions: at the click, and again when the words arrive", async () => {
    expect((await api("POST", `/api/${G}/blacklist`, admin, { Kind: "User", TargetId: DEMO_STAFF_ID })).status).toBe(201);
    const refused = await clickPanel(staff, "General Support");
    expect(refused.modal).toBeNull();
    expect(replyText(refused)).toBe(en.blacklisted);
    await t.db.deleteFrom("blacklist").where("guild_id", "=", G).execute();

    // Asked while allowed, at the limit when the words arrive: refused, no tags shown, nothing kept.
    await saveSettings({ UserTicketLimit: 1 });
    const asked = await clickPanel(staff, "General Support");
    expect(asked.modal).not.toBeNull();
    await ask(staff, "My screen flickers constantly");
    expect(await tickets()).toHaveLength(1);
    const late = await submit(staff, asked.modal!, ["I want a refund"]);
    expect(replyText(late)).toBe(en.limitReached(1));
    expect(late.ephemeral[0].embeds).toEqual([]);
    expect(await t.db.selectFrom("suggestion_offers").selectAll().execute()).toEqual([]);
    // Refused again at "No" when the limit was reached between the offer and the answer.
    await t.db.deleteFrom("tickets").execute();
    const offered = await ask(staff, "I want a refund");
    await ask(staff, "My screen flickers constantly");
    expect(replyText(await press(staff, offered, en.suggestionsNo))).toBe(en.limitReached(1));
    expect(await tickets()).toHaveLength(1);
  });

  it("an offer answers only its member, and each member keeps a few offers at most", async () => {
    const reply = await ask(staff, "I want a refund");
    // Another member pressing the buttons (a forged click) answers nothing of the offer.
    expect(replyText(await press(admin, reply, en.suggestionsNo))).toBe(en.invalidButton);
    expect(replyText(await press(admin, reply, en.suggestionsYes))).toBe(en.invalidButton);
    expect(await tickets()).toHaveLength(0);
    expect(await answeredRows()).toEqual([]);
    // A malformed key is no offer.
    const forged = await interact(staff, { kind: "button", channelId: SUPPORT_CHANNEL, messageId: "1", customId: "suggest:short:yes" });
    expect(replyText(forged)).toBe(en.invalidButton);

    for (let i = 0; i < OFFERS_PER_MEMBER + 2; i++) await ask(staff, `Refund number ${i}`);
    const kept = await t.db.selectFrom("suggestion_offers").select("answers_json").where("member_id", "=", DEMO_STAFF_ID).execute();
    expect(kept).toHaveLength(OFFERS_PER_MEMBER);
    // The first offer was pushed out: its buttons are no longer valid; the newest still are.
    expect(replyText(await press(staff, reply, en.suggestionsYes))).toBe(en.invalidButton);
  });

  it("in Spanish: the question, the offer and the buttons, and tags matched with accents and plurals folded", async () => {
    await saveSettings({ BotLanguage: "es" });
    const tag = (TagName: string, Content: string) => api("POST", `/api/${G}/tags`, admin, { TagName, Content });
    expect((await tag("contraseña", "Para cambiar la contraseña, ve a Ajustes y pulsa «Olvidé mi contraseña».")).status).toBe(201);
    expect((await tag("envíos", "Los pedidos se envían en dos días laborables.")).status).toBe(201);
    try {
      const asked = await clickPanel(staff, "General Support");
      expect(asked.modal).toMatchObject({ title: es.questionTitle });
      const reply = await submit(staff, asked.modal!, ["¿Cómo cambio mi CONTRASENA? Mi PEDIDO no llegó"]);
      expect(replyText(reply)).toBe(es.suggestionsAsk);
      expect(reply.ephemeral[0].embeds.map((e: Json) => e.title)).toEqual(["contraseña", "envíos"]);
      expect(buttonsOf(reply).map((b) => b.label)).toEqual([es.suggestionsYes, es.suggestionsNo]);
      expect(replyText(await press(staff, reply, es.suggestionsYes))).toBe(es.suggestionsAnswered);
    } finally {
      await t.db.deleteFrom("tags").where("guild_id", "=", G).where("name", "in", ["contraseña", "envíos"]).execute();
    }
  });

  it("retention deletes the answers older than the server's ticket window, with their tags; the figures count what is left", async () => {
    const DAY = 86_400_000;
    const now = Date.now();
    const offer = (tag: string) => ({
      guildId: G,
      memberId: DEMO_STAFF_ID,
      panelId: 1,
      panelName: "General Support",
      answers: [],
      tags: [{ id: tag, name: tag }],
    });
    await recordAnswered(t.db, offer("old"), now - 40 * DAY);
    await recordAnswered(t.db, offer("recent"), now - 2 * DAY);
    await saveSettings({ RetentionTicketsDays: 30 });
    try {
      await sweepRetention(t.db, t.app.tickets.deps.clock, now, G);
      expect(await answeredRows()).toEqual([{ panel_name: "General Support", tag_name: "recent" }]);
      expect(await t.db.selectFrom("suggestion_answer_tags").select("tag_id").execute()).toEqual([{ tag_id: "recent" }]);
    } finally {
      await saveSettings({ RetentionTicketsDays: 0 });
    }
  });

  it("the option is in the export and comes back with an import", async () => {
    await suggesting("Billing", false);
    const exported = await api("GET", `/api/${G}/config/export`, admin);
    expect(exported.status).toBe(200);
    const file = exported.body as Json;
    expect(file.panels.map((p: Json) => [p.PanelName, p.SuggestAnswers])).toEqual([
      ["General Support", true],
      ["Billing", false],
    ]);
    file.panels = file.panels.map((p: Json) => ({ ...p, SuggestAnswers: !p.SuggestAnswers }));
    const imported = await api("POST", `/api/${G}/config/import`, admin, { config: file });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const stored = (await api("GET", `/api/${G}/panels`, admin)).body.panels.SinglePanels as Json[];
    expect(stored.map((p) => [p.PanelName, p.SuggestAnswers])).toEqual([
      ["General Support", false],
      ["Billing", true],
    ]);
  });
});
