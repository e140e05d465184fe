import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { answeredSteps } from "./steps";
import { botTexts } from "../../../server/discord/texts";
import { SEND_MESSAGES, VIEW_CHANNEL } from "../../../server/tickets/channel-access";
import { sweepTickets } from "../../../server/tickets/scheduler";
import { DEMO_SUPPORT_ROLE_ID } from "../../../server/platform/demo-fixtures";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, bearer, createTestApp } from "../helpers";

// The ticket engine end to end on the demo platform (docs/ticket-engine.md): the Try-it API plays the Discord
// client, so every step runs through the same interaction handler as Discord's endpoint. Each test starts from
// a guild with no tickets.

const G = DEMO_COMMUNITY_ID;
const SUPPORT_CHANNEL = "812345678901234714";
const ARCHIVE_CHANNEL = "812345678901234715";

let t: TestApp;
let admin: string;
let staff: string;

type Json = Record<string, any>;
const api = async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string, payload?: unknown) => {
  const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as Json }) });
  return { status: res.statusCode, body: res.body ? (res.json() as Json) : {} };
};
const interact = async (token: string, body: Json) => {
  const res = await api("POST", `/api/${G}/demo/interactions`, token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { modal: Json | null; ephemeral: Json[]; choices: Json[] };
};
const replyText = (reply: { ephemeral: Json[] }) => reply.ephemeral.map((m) => m.content).join("\n");

async function panelMessage(panelName: string) {
  const panel = await t.db
    .selectFrom("panels")
    .selectAll()
    .where("guild_id", "=", G)
    .where("name", "=", panelName)
    .executeTakeFirstOrThrow();
  return { panelId: panel.id, messageId: panel.message_id!, channelId: SUPPORT_CHANNEL };
}
const clickPanel = async (token: string, panelName = "General Support") => {
  const p = await panelMessage(panelName);
  return interact(token, { kind: "button", channelId: p.channelId, messageId: p.messageId, customId: `panel:${p.panelId}` });
};
/** A click on a button of a channel's first message (the welcome message of a ticket). */
const button = (token: string, channelId: string, customId: string) =>
  t.db
    .selectFrom("demo_messages")
    .select("id")
    .where("channel_id", "=", channelId)
    .orderBy("id")
    .executeTakeFirstOrThrow()
    .then((m) => interact(token, { kind: "button", channelId, messageId: m.id, customId }));
/** The tickets this suite opened (the demo seed's history is older: server/tickets/demo-history.ts). */
const suiteStart = Date.now();
const tickets = () =>
  t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).where("opened_at", ">=", suiteStart).orderBy("number").execute();
const saveSettings = async (patch: Json) => {
  const current = await api("GET", `/api/${G}/settings`, admin);
  const res = await api("PUT", `/api/${G}/settings`, admin, { ...patch, Revision: current.body.Revision });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const channelRow = (id: string) => t.db.selectFrom("demo_channels").selectAll().where("id", "=", id).executeTakeFirst();
const messagesOf = (channelId: string) =>
  t.db.selectFrom("demo_messages").selectAll().where("channel_id", "=", channelId).orderBy("id").execute();

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
  await saveSettings({
    UserTicketLimit: 1,
    TicketCloseConfirmation: true,
    AllowUserTicketClose: true,
    SupportRepsTypeInTickets: true,
    SupportRepsViewTickets: true,
    ArchiveChannelId: null,
  });
});

describe("opening a ticket from a panel", () => {
  it("creates the channel with its overwrites, posts the welcome message with exact mentions, records the ticket and an activity entry", async () => {
    const reply = await clickPanel(staff);
    const [ticket] = await tickets();
    expect(ticket).toMatchObject({ status: "open", opener_id: DEMO_STAFF_ID, panel_name: "General Support", claimed_by: null });
    expect(replyText(reply)).toBe(botTexts.opened(ticket.channel_id!));
    const channel = (await channelRow(ticket.channel_id!))!;
    expect(channel.parent_id).toBe("812345678901234702");
    expect(channel.name).toBe(`ticket-${ticket.number}`);
    const overwrites = JSON.parse(channel.overwrites_json) as Json[];
    const everyone = overwrites.find((o) => o.id === G)!;
    expect(BigInt(everyone.deny) & VIEW_CHANNEL).toBe(VIEW_CHANNEL);
    for (const id of [DEMO_STAFF_ID, "900000000000000099", DEMO_SUPPORT_ROLE_ID]) {
      expect(BigInt(overwrites.find((o) => o.id === id)!.allow) & VIEW_CHANNEL, id).toBe(VIEW_CHANNEL);
    }
    const [welcome] = await messagesOf(ticket.channel_id!);
    expect(welcome.author_bot).toBeTruthy();
    // The opener and the panel's mention role, nobody else (the panel's texts may say @everyone: it stays silent).
    expect(JSON.parse(welcome.allowed_mentions_json!)).toEqual({ parse: [], users: [DEMO_STAFF_ID], roles: [DEMO_SUPPORT_ROLE_ID] });
    expect(welcome.content.startsWith(`<@${DEMO_STAFF_ID}> <@&${DEMO_SUPPORT_ROLE_ID}>`)).toBe(true);
    const buttons = JSON.parse(welcome.components_json)[0].components.map((c: Json) => c.custom_id);
    expect(buttons).toEqual([`ticket:${ticket.number}:close`, `ticket:${ticket.number}:claim`]);
    const activity = await t.db
      .selectFrom("activity")
      .selectAll()
      .where("guild_id", "=", G)
      .where("action", "=", "Ticket Opened")
      .where("timestamp", ">=", Math.floor(suiteStart / 1000))
      .execute();
    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({ user_id: DEMO_STAFF_ID, ip: "demo" });
  });

  it("the Try-it view reads the welcome message with the names of whom it mentions, as Discord resolves them", async () => {
    await clickPanel(staff);
    const [ticket] = await tickets();
    const read = await api("GET", `/api/${G}/demo/channels/${ticket.channel_id}/messages`, staff);
    expect(read.status).toBe(200);
    const role = (await t.app.platform.getGuild(G)).roles.find((r) => r.id === DEMO_SUPPORT_ROLE_ID)!;
    expect(read.body.mentions).toEqual({ [DEMO_STAFF_ID]: "Demo Staff", [DEMO_SUPPORT_ROLE_ID]: role.name });
    // Text without mentions resolves nothing.
    const panelChannel = await api("GET", `/api/${G}/demo/channels/${SUPPORT_CHANNEL}/messages`, staff);
    expect(panelChannel.body.mentions).toEqual({});
  });

  it("a mention of a ticket channel the reader cannot see is not named to them", async () => {
    await saveSettings({ SupportRepsViewTickets: false });
    await clickPanel(admin);
    await clickPanel(staff);
    const hidden = (await tickets()).find((x) => x.opener_id === DEMO_ADMIN_ID)!;
    // Claimed, with reps not seeing claimed tickets: the support role loses sight of it.
    expect(replyText(await button(admin, hidden.channel_id!, `ticket:${hidden.number}:claim`))).toBe(botTexts.claimedReply);
    const own = (await tickets()).find((x) => x.opener_id === DEMO_STAFF_ID)!;
    const wrote = await api("POST", `/api/${G}/demo/channels/${own.channel_id}/messages`, staff, {
      content: `like <#${hidden.channel_id}>? see <#${SUPPORT_CHANNEL}>`,
    });
    expect(wrote.status).toBe(201);
    const seen = await api("GET", `/api/${G}/demo/channels/${own.channel_id}/messages`, staff);
    expect(seen.body.mentions[SUPPORT_CHANNEL]).toBe("support");
    expect(seen.body.mentions).not.toHaveProperty(hidden.channel_id!);
    // The admin, who sees every channel, gets its name.
    const byAdmin = await api("GET", `/api/${G}/demo/channels/${own.channel_id}/messages`, admin);
    expect(byAdmin.body.mentions[hidden.channel_id!]).toBe(`ticket-${hidden.number}`);
  });

  it("two fast clicks at the limit open one ticket; the other click is told why", async () => {
    const [a, b] = await Promise.all([clickPanel(staff), clickPanel(staff)]);
    expect(await tickets()).toHaveLength(1);
    expect([replyText(a), replyText(b)].filter((text) => text === botTexts.limitReached(1))).toHaveLength(1);
  });

  it("refuses a blacklisted user, by id or by role, and stores nothing", async () => {
    expect((await api("POST", `/api/${G}/blacklist`, admin, { Kind: "Role", TargetId: DEMO_SUPPORT_ROLE_ID })).status).toBe(201);
    const before = await t.db.selectFrom("activity").select("id").where("guild_id", "=", G).execute();
    expect(replyText(await clickPanel(staff))).toBe(botTexts.blacklisted);
    expect(await tickets()).toEqual([]);
    expect(await t.db.selectFrom("activity").select("id").where("guild_id", "=", G).execute()).toHaveLength(before.length);
  });

  it("a forged or stale custom id is answered, never a 500", async () => {
    const p = await panelMessage("General Support");
    for (const customId of ["panel:999999", "panel:abc", "ticket:1:explode", "rate:x:1:9", "panel:1:2:3:4", "x".repeat(100)]) {
      const reply = await interact(staff, { kind: "button", channelId: p.channelId, messageId: p.messageId, customId });
      expect(replyText(reply), customId).toMatch(/no longer valid|no longer exists/);
    }
    expect(await tickets()).toEqual([]);
  });

  it("a panel with a form answers with its modal; a missing required answer is refused; the answers reach the ticket", async () => {
    const form = await api("POST", `/api/${G}/forms`, admin, {
      FormName: "Intake",
      fields: [{ Label: "Order number", Style: "Short", Required: true, MinLength: 3, MaxLength: 20, Placeholder: "#1234" }],
    });
    expect(form.status, JSON.stringify(form.body)).toBe(201);
    const formId = (
      await t.db.selectFrom("forms").select("id").where("guild_id", "=", G).where("name", "=", "Intake").executeTakeFirstOrThrow()
    ).id;
    const panel = await panelMessage("Billing");
    await t.db.updateTable("panels").set({ form_id: formId }).where("id", "=", panel.panelId).execute();
    const fresh = await panelMessage("Billing");

    const reply = await interact(staff, {
      kind: "button",
      channelId: fresh.channelId,
      messageId: fresh.messageId,
      customId: `panel:${fresh.panelId}`,
    });
    expect(reply.modal).toMatchObject({ custom_id: `form:${fresh.panelId}:${formId}`, title: "Intake" });
    const input = reply.modal!.components[0].components[0];
    expect(input).toMatchObject({
      type: 4,
      label: "Order number",
      style: 1,
      required: true,
      min_length: 3,
      max_length: 20,
      placeholder: "#1234",
    });
    expect(await tickets()).toEqual([]);

    const empty = await interact(staff, {
      kind: "modal",
      channelId: fresh.channelId,
      customId: reply.modal!.custom_id,
      fields: { [input.custom_id]: "" },
    });
    expect(replyText(empty)).toBe(botTexts.formRequired("Order number"));
    expect(await tickets()).toEqual([]);

    await interact(staff, {
      kind: "modal",
      channelId: fresh.channelId,
      customId: reply.modal!.custom_id,
      fields: { [input.custom_id]: "A-77", "field:999": "ignored" },
    });
    const [ticket] = await tickets();
    expect(JSON.parse(ticket.form_answers_json!)).toEqual([{ Label: "Order number", Value: "A-77" }]);
  });
});

describe("claiming and closing", () => {
  const openOne = async (token = admin) => {
    await clickPanel(token);
    return (await tickets())[0];
  };

  it("claim takes Send Messages from the other support roles when reps cannot type in claimed tickets; unclaim gives it back", async () => {
    await saveSettings({ SupportRepsTypeInTickets: false });
    const ticket = await openOne(admin);
    const reply = await button(staff, ticket.channel_id!, `ticket:${ticket.number}:claim`);
    expect(replyText(reply)).toBe(botTexts.claimedReply);
    const claimed = JSON.parse((await channelRow(ticket.channel_id!))!.overwrites_json) as Json[];
    expect(BigInt(claimed.find((o) => o.id === DEMO_SUPPORT_ROLE_ID)!.deny) & SEND_MESSAGES).toBe(SEND_MESSAGES);
    expect(BigInt(claimed.find((o) => o.id === DEMO_STAFF_ID)!.allow) & SEND_MESSAGES).toBe(SEND_MESSAGES);
    expect((await tickets())[0]).toMatchObject({ claimed_by: DEMO_STAFF_ID, claimed_by_name: "Demo Staff" });
    expect(replyText(await button(admin, ticket.channel_id!, `ticket:${ticket.number}:claim`))).toBe(botTexts.alreadyClaimed("Demo Staff"));

    const res = await api("POST", `/api/${G}/tickets/${ticket.number}/unclaim`, staff);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(botTexts.unclaimedReply);
    const released = JSON.parse((await channelRow(ticket.channel_id!))!.overwrites_json) as Json[];
    expect(BigInt(released.find((o) => o.id === DEMO_SUPPORT_ROLE_ID)!.deny)).toBe(0n);
  });

  it("a member outside the support team cannot claim, unclaim, rename or transfer; the opener may add someone", async () => {
    const ticket = await openOne(admin);
    // A Discord member with no team role and no manager permission (on Discord anyone can click a button).
    const outsider = { id: "900000000000000777", username: "Outsider", avatar: null, roles: [], permissions: "0", owner: false };
    const engine = answeredSteps(t.app.tickets.deps);
    for (const reply of [
      await engine.claim(G, ticket.number, outsider),
      await engine.unclaim(G, ticket.number, outsider),
      await engine.rename(G, ticket.number, outsider, "mine"),
      await engine.transfer(G, ticket.number, outsider, DEMO_STAFF_ID),
    ]) {
      expect(reply).toMatchObject({ kind: "message", ok: false, message: { content: botTexts.staffOnly } });
    }
    expect(await engine.addMember(G, ticket.number, outsider, DEMO_STAFF_ID, true)).toMatchObject({
      ok: false,
      message: { content: botTexts.noPermission },
    });
    expect((await tickets())[0]).toMatchObject({ claimed_by: null });
  });

  it("close asks for confirmation, then stores the transcript, deletes the channel, posts to the archive and asks the opener for a rating", async () => {
    await saveSettings({ ArchiveChannelId: ARCHIVE_CHANNEL });
    const ticket = await openOne(admin);
    const channelId = ticket.channel_id!;
    await api("POST", `/api/${G}/demo/channels/${channelId}/messages`, admin, { content: "My order never arrived" });
    await api("POST", `/api/${G}/demo/channels/${channelId}/messages`, staff, { content: "Looking into it" });

    const ask = await button(admin, channelId, `ticket:${ticket.number}:close`);
    expect(replyText(ask)).toBe(botTexts.confirmClose);
    expect(ask.ephemeral[0].components[0].components[0].custom_id).toBe(`ticket:${ticket.number}:close-confirm`);
    expect((await tickets())[0].status).toBe("open");

    const done = await button(admin, channelId, `ticket:${ticket.number}:close-confirm`);
    expect(replyText(done)).toBe(botTexts.closed(ticket.number));
    const [closed] = await tickets();
    expect(closed).toMatchObject({ status: "closed", closed_by: DEMO_ADMIN_ID });
    expect(Number(closed.response_ms)).toBeGreaterThanOrEqual(0);
    expect(Number(closed.resolution_ms)).toBeGreaterThanOrEqual(Number(closed.response_ms));
    expect(await channelRow(channelId)).toBeUndefined();

    const view = await api("GET", `/api/${G}/transcripts/${ticket.number}`, admin);
    expect(view.status).toBe(200);
    const transcript = await t.db
      .selectFrom("transcripts")
      .selectAll()
      .where("guild_id", "=", G)
      .where("ticket_id", "=", ticket.number)
      .executeTakeFirstOrThrow();
    expect(transcript).toMatchObject({ author_id: DEMO_ADMIN_ID, panel_name: "General Support", message_count: 3 });

    const archive = (await messagesOf(ARCHIVE_CHANNEL)).pop()!;
    expect(JSON.parse(archive.embeds_json)[0].title).toBe(botTexts.archived(ticket.number, "Demo Admin"));
    expect(JSON.parse(archive.allowed_mentions_json!)).toEqual({ parse: [] });

    const dm = await t.db
      .selectFrom("demo_channels")
      .selectAll()
      .where("kind", "=", "dm")
      .where("recipient_id", "=", DEMO_ADMIN_ID)
      .executeTakeFirstOrThrow();
    const prompt = (await messagesOf(dm.id)).pop()!;
    const rate4 = JSON.parse(prompt.components_json)[0].components[3].custom_id;
    expect(rate4).toBe(`rate:${G}:${ticket.number}:4`);
    const thanks = await interact(admin, { kind: "button", channelId: dm.id, messageId: prompt.id, customId: rate4 });
    expect(replyText(thanks)).toBe(botTexts.ratingThanks(4));
    expect(
      replyText(await interact(admin, { kind: "button", channelId: dm.id, messageId: prompt.id, customId: rate4.replace(/4$/, "1") })),
    ).toBe(botTexts.ratingAlready);
    const rated = await t.db
      .selectFrom("transcripts")
      .select("rating")
      .where("guild_id", "=", G)
      .where("ticket_id", "=", ticket.number)
      .executeTakeFirstOrThrow();
    expect(rated.rating).toBe(4);
  });

  it("two closes at once close once", async () => {
    await saveSettings({ TicketCloseConfirmation: false });
    const ticket = await openOne(admin);
    const closedEntries = () =>
      t.db.selectFrom("activity").select("id").where("guild_id", "=", G).where("action", "=", "Ticket Closed").execute();
    const before = (await closedEntries()).length;
    const results = await Promise.all([
      api("POST", `/api/${G}/tickets/${ticket.number}/close`, admin, { reason: "Solved" }),
      api("POST", `/api/${G}/tickets/${ticket.number}/close`, admin, { reason: "Solved" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(
      await t.db.selectFrom("transcripts").select("id").where("guild_id", "=", G).where("ticket_id", "=", ticket.number).execute(),
    ).toHaveLength(1);
    expect(await closedEntries()).toHaveLength(before + 1);
  });

  it("/close offers the server's close reasons as autocomplete choices", async () => {
    const ticket = await openOne(admin);
    for (const Label of ["Solved", "Duplicate", "No answer"])
      expect((await api("POST", `/api/${G}/close-reasons`, admin, { Label })).status).toBe(201);
    const reply = await interact(admin, {
      kind: "autocomplete",
      channelId: ticket.channel_id!,
      name: "close",
      focused: "reason",
      value: "so",
      options: {},
    });
    expect(reply.choices).toEqual([{ name: "Solved", value: "Solved" }]);
    const closed = await interact(admin, { kind: "command", channelId: ticket.channel_id!, name: "close", options: { reason: "Solved" } });
    expect(replyText(closed)).toBe(botTexts.confirmClose);
  });

  it("auto-close closes a silent ticket once, even when two sweeps run together", async () => {
    await saveSettings({ AutoCloseEnabled: true, SinceLastMessageDays: 0, SinceLastMessageHours: 0, SinceLastMessageMinutes: 5 });
    const ticket = await openOne(admin);
    const later = Date.now() + 10 * 60_000;
    const [a, b] = await Promise.all([sweepTickets(t.app, later), sweepTickets(t.app, later)]);
    expect(a + b).toBe(1);
    expect((await tickets())[0]).toMatchObject({
      status: "closed",
      close_reason: botTexts.autoCloseReason,
      closed_by: "900000000000000099",
    });
    await saveSettings({ AutoCloseEnabled: false });
    expect(ticket.status).toBe("open");
  });
});
