import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { supportHoursSummary } from "../../../src/schemas/support-hours";
import { buildApp } from "../../../server/app";
import { chooseLanguage } from "../../../server/discord/language";
import { sweepTickets } from "../../../server/tickets/scheduler";
import { supportHoursAt } from "../../../server/tickets/support-hours";
import { botTexts, textsIn } from "../../../server/discord/texts";
import { type TestApp, DEMO_ADMIN_ID, DEMO_COMMUNITY_ID, DEMO_STAFF_ID, bearer, createTestApp, apiOn, type Json } from "../helpers";

// The ticket workflow on the demo platform, through the same interaction router as Discord's endpoint:
// the bot's language, per-panel rules and support hours, the inactivity warning, close requests and the rating's
// comment; the scheduler's parts run once with two instances on one database.

const G = DEMO_COMMUNITY_ID;
const SUPPORT_CHANNEL = "812345678901234714";
const VIP_ROLE = "812345678901234604";
const MEMBER_ROLE = "812345678901234605";
const HOUR = 3_600_000;
const en = textsIn("en");
const es = textsIn("es");

let t: TestApp;
let admin: string;
let staff: string;

const api = apiOn(() => t);
const interact = async (token: string, body: Json) => {
  const res = await api("POST", `/api/${G}/demo/interactions`, token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { modal: Json | null; ephemeral: Json[]; choices: Json[] };
};
const replyText = (reply: { ephemeral: Json[] }) => reply.ephemeral.map((m) => m.content).join("\n");
const saveSettings = async (patch: Json) => {
  const current = await api("GET", `/api/${G}/settings`, admin);
  const res = await api("PUT", `/api/${G}/settings`, admin, { ...patch, Revision: current.body.Revision });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const generalPanel = async () =>
  t.db.selectFrom("panels").selectAll().where("guild_id", "=", G).where("name", "=", "General Support").executeTakeFirstOrThrow();
/** Saves the General Support panel with these rules (through the dashboard's API: validated, stored, exported). */
const panelRules = async (rules: Json) => {
  const row = await generalPanel();
  const panel = (await api("GET", `/api/${G}/panels/${row.id}`, admin)).body.panel;
  const res = await api("PUT", `/api/${G}/panels/${row.id}`, admin, { Panel: { ...panel, ...rules } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const clickPanel = async (token: string) => {
  const panel = await generalPanel();
  return interact(token, { kind: "button", channelId: SUPPORT_CHANNEL, messageId: panel.message_id!, customId: `panel:${panel.id}` });
};
const tickets = () => t.db.selectFrom("tickets").selectAll().where("guild_id", "=", G).orderBy("number").execute();
const messagesOf = (channelId: string) =>
  t.db.selectFrom("demo_messages").selectAll().where("channel_id", "=", channelId).orderBy("id").execute();
const anyMessage = async (channelId: string) => (await messagesOf(channelId))[0].id;
const button = async (token: string, channelId: string, customId: string) =>
  interact(token, { kind: "button", channelId, messageId: await anyMessage(channelId), customId });
const command = (token: string, channelId: string, name: string, options: Json = {}) =>
  interact(token, { kind: "command", channelId, name, options });
/** Staff open a ticket from the panel; its row. */
const openAsStaff = async () => {
  await clickPanel(staff);
  return (await tickets()).pop()!;
};
const noRules = {
  ThreadMode: "server",
  PanelTicketLimit: 0,
  CooldownMinutes: 0,
  RequiredRoles: [],
  ExcludedRoles: [],
  SupportHours: { Enabled: false, Days: [1, 2, 3, 4, 5], Start: "09:00", End: "17:00", OutsideHours: "open" },
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
  await saveSettings({
    UserTicketLimit: 0,
    TicketCloseConfirmation: false,
    AllowUserTicketClose: true,
    ArchiveChannelId: null,
    BotLanguage: "auto",
    TimeZone: "UTC",
    AutoCloseEnabled: false,
    InactivityWarningHours: 0,
    CloseRequestHours: 24,
    TicketThreads: false,
    ClosedThreads: "archive",
  });
  await panelRules(noRules);
});

describe("the bot speaks the server's language", () => {
  it("a server set to Spanish gets Spanish answers, buttons and notices; English otherwise", async () => {
    await saveSettings({ BotLanguage: "es" });
    const reply = await clickPanel(staff);
    const [ticket] = await tickets();
    expect(replyText(reply)).toBe(es.opened(ticket.channel_id!));
    const [welcome] = await messagesOf(ticket.channel_id!);
    expect(JSON.parse(welcome.components_json)[0].components.map((b: Json) => b.label)).toEqual([es.closeButton, es.claimButton]);
    expect(replyText(await command(admin, ticket.channel_id!, "claim"))).toBe(es.claimedReply);
    await saveSettings({ BotLanguage: "en" });
    expect(replyText(await command(admin, ticket.channel_id!, "unclaim"))).toBe(en.unclaimedReply);
  });

  it("on automatic, the interaction's guild_locale chooses; outside any step the catalogue is English", () => {
    expect(chooseLanguage("auto", "es-ES")).toBe("es");
    expect(chooseLanguage("auto", "es-419")).toBe("es");
    expect(chooseLanguage("auto", "en-GB")).toBe("en");
    expect(chooseLanguage("en", "es-ES")).toBe("en");
    expect(chooseLanguage(null, undefined)).toBe("en");
    expect(botTexts.keepOpenButton).toBe(en.keepOpenButton);
  });

  it("refuses a language or a time zone it does not know, and stores nothing", async () => {
    const before = await api("GET", `/api/${G}/settings`, admin);
    for (const bad of [{ BotLanguage: "fr" }, { TimeZone: "Mars/Olympus" }, { InactivityWarningHours: 73 }]) {
      const res = await api("PUT", `/api/${G}/settings`, admin, { ...bad, Revision: before.body.Revision });
      expect(res.status).toBe(400);
    }
    expect((await api("GET", `/api/${G}/settings`, admin)).body.Revision).toBe(before.body.Revision);
  });
});

describe("per-panel rules", () => {
  it("a required role refuses a member without it, naming the role; an excluded role refuses its members", async () => {
    await panelRules({ RequiredRoles: [VIP_ROLE] });
    expect(replyText(await clickPanel(staff))).toBe(en.requiredRole("@VIP"));
    await panelRules({ RequiredRoles: [], ExcludedRoles: [MEMBER_ROLE] });
    expect(replyText(await clickPanel(staff))).toBe(en.excludedRole("@Member"));
    expect(await tickets()).toHaveLength(0);
    expect((await clickPanel(admin)).ephemeral[0].content).toMatch(/^Your ticket is open/);
  });

  it("a per-panel limit beside the server's, and a cooldown after a ticket of the panel closed", async () => {
    await panelRules({ PanelTicketLimit: 1, CooldownMinutes: 30 });
    const ticket = await openAsStaff();
    expect(replyText(await clickPanel(staff))).toBe(en.panelLimitReached(1, "General Support"));
    expect(replyText(await command(staff, ticket.channel_id!, "close"))).toBe(en.closed(ticket.number));
    expect(replyText(await clickPanel(staff))).toBe(en.cooldown(en.aboutMinutes(30)));
    expect(await tickets()).toHaveLength(1);
  });

  it("the panel editor refuses rules that cannot hold", async () => {
    const row = await generalPanel();
    const panel = (await api("GET", `/api/${G}/panels/${row.id}`, admin)).body.panel;
    for (const bad of [
      { PanelTicketLimit: -1 },
      { RequiredRoles: ["everyone"] },
      { SupportHours: { ...noRules.SupportHours, Enabled: true, Start: "18:00", End: "09:00" } },
      { SupportHours: { ...noRules.SupportHours, Enabled: true, Days: [] } },
    ]) {
      expect((await api("PUT", `/api/${G}/panels/${row.id}`, admin, { Panel: { ...panel, ...bad } })).status).toBe(400);
    }
  });
});

describe("support hours", () => {
  const today = new Date().getUTCDay();
  const later = (today + 2) % 7;

  it("outside them a refusing panel names the next opening time; an opening one opens and says when staff answer", async () => {
    await panelRules({ SupportHours: { Enabled: true, Days: [later], Start: "09:00", End: "17:00", OutsideHours: "refuse" } });
    const next = en.nextOpening(later, "09:00", "UTC", false);
    expect(replyText(await clickPanel(staff))).toBe(en.outsideHoursRefused(next));
    expect(await tickets()).toHaveLength(0);

    await panelRules({ SupportHours: { Enabled: true, Days: [later], Start: "09:00", End: "17:00", OutsideHours: "open" } });
    const reply = replyText(await clickPanel(staff));
    const [ticket] = await tickets();
    expect(reply).toBe(`${en.opened(ticket.channel_id!)}\n${en.outsideHoursNotice(next)}`);
    expect((await messagesOf(ticket.channel_id!)).map((m) => m.content)).toContain(en.outsideHoursNotice(next));
  });

  it("are shown on the panel's message, in the server's time zone and bot language", async () => {
    await saveSettings({ BotLanguage: "es", TimeZone: "Europe/Madrid" });
    await panelRules({ SupportHours: { Enabled: true, Days: [1, 2, 3, 4, 5, 0], Start: "09:00", End: "17:00", OutsideHours: "open" } });
    const row = await generalPanel();
    expect((await api("POST", `/api/${G}/panels/${row.id}/resend`, admin)).status).toBe(200);
    const posted = (await messagesOf(SUPPORT_CHANNEL)).at(-1)!;
    const [embed] = JSON.parse(posted.embeds_json);
    expect(embed.fields.at(-1)).toEqual({
      name: "Horario de soporte",
      value: "lunes–viernes, domingo, 09:00–17:00 (Europe/Madrid)",
      inline: false,
    });
    expect(supportHoursSummary({ Enabled: true, Days: [6, 0, 1, 3], Start: "08:00", End: "12:00", OutsideHours: "open" }, "UTC")).toBe(
      "Monday, Wednesday, Saturday, Sunday, 08:00–12:00 (UTC)",
    );
    expect(supportHoursSummary({ Enabled: true, Days: [4, 5, 6], Start: "08:00", End: "12:00", OutsideHours: "open" }, "UTC")).toBe(
      "Thursday–Saturday, 08:00–12:00 (UTC)",
    );
    expect(supportHoursSummary({ Enabled: false, Days: [1], Start: "08:00", End: "12:00", OutsideHours: "open" }, "UTC")).toBe("");
  });

  it("reads days and hours on the server's wall clock, across a daylight-saving change", () => {
    const hours = { Enabled: true, Days: [1, 2, 3, 4, 5], Start: "09:00", End: "17:00", OutsideHours: "open" as const };
    // Monday 30 November 2026, 08:30 UTC = 09:30 in Madrid (CET): open.
    expect(supportHoursAt(hours, "Europe/Madrid", Date.UTC(2026, 10, 30, 8, 30)).open).toBe(true);
    expect(supportHoursAt(hours, "UTC", Date.UTC(2026, 10, 30, 8, 30))).toMatchObject({
      open: false,
      next: { at: Date.UTC(2026, 10, 30, 9, 0), day: 1, today: true },
    });
    // Friday 27 March 2026, 18:00 in Madrid: the next opening is Monday 30 March 09:00 CEST (summer time began on the Sunday) = 07:00 UTC.
    expect(supportHoursAt(hours, "Europe/Madrid", Date.UTC(2026, 2, 27, 17, 0))).toMatchObject({
      open: false,
      next: { at: Date.UTC(2026, 2, 30, 7, 0), day: 1, today: false },
    });
    expect(supportHoursAt({ ...hours, Enabled: false }, "UTC", 0).open).toBe(true);
  });
});

describe("the inactivity warning", () => {
  const warnings = async (channelId: string) => (await messagesOf(channelId)).filter((m) => m.content === en.inactivityWarning(12));

  it("warns once before the auto-close (two instances sweeping at once), 'Keep open' keeps it, and the close waits for the warning's lead time", async () => {
    await saveSettings({
      AutoCloseEnabled: true,
      SinceLastMessageDays: 1,
      SinceLastMessageHours: 0,
      SinceLastMessageMinutes: 0,
      InactivityWarningHours: 12,
    });
    const ticket = await openAsStaff();
    const opened = Number(ticket.opened_at);
    const second = await buildApp({ config: t.config, distDir: "/nonexistent" });
    try {
      await Promise.all([sweepTickets(t.app, opened + 13 * HOUR), sweepTickets(second, opened + 13 * HOUR)]);
      await sweepTickets(t.app, opened + 13 * HOUR + 60_000);
    } finally {
      await second.close();
    }
    const [warning] = await warnings(ticket.channel_id!);
    expect(await warnings(ticket.channel_id!)).toHaveLength(1);
    expect(JSON.parse(warning.components_json)[0].components[0]).toMatchObject({
      label: en.keepOpenButton,
      custom_id: `ticket:${ticket.number}:keep-open`,
    });
    expect((await tickets())[0].status).toBe("open");

    expect(
      replyText(
        await interact(staff, {
          kind: "button",
          channelId: ticket.channel_id!,
          messageId: warning.id,
          customId: `ticket:${ticket.number}:keep-open`,
        }),
      ),
    ).toBe(en.keptOpen);
    const kept = (await tickets())[0];
    expect(kept.warned_at).toBeNull();
    // Silent again: a new warning (its own message is no activity), and no close before it stood 12 hours.
    await sweepTickets(t.app, Number(kept.last_activity_at) + 13 * HOUR);
    expect(await warnings(ticket.channel_id!)).toHaveLength(2);
    await sweepTickets(t.app, Number(kept.last_activity_at) + 24 * HOUR + 60_000);
    expect((await tickets())[0].status).toBe("open");
    await sweepTickets(t.app, Number(kept.last_activity_at) + 25 * HOUR + 60_000);
    expect((await tickets())[0]).toMatchObject({ status: "closed", close_reason: en.autoCloseReason });
  });

  it("a message after the warning ends it", async () => {
    await saveSettings({
      AutoCloseEnabled: true,
      SinceLastMessageDays: 1,
      SinceLastMessageHours: 0,
      SinceLastMessageMinutes: 0,
      InactivityWarningHours: 12,
    });
    const ticket = await openAsStaff();
    await sweepTickets(t.app, Number(ticket.opened_at) + 13 * HOUR);
    expect(await warnings(ticket.channel_id!)).toHaveLength(1);
    await t.db
      .updateTable("tickets")
      .set({ last_activity_at: Number(ticket.opened_at) + 14 * HOUR })
      .where("id", "=", ticket.id)
      .execute();
    await sweepTickets(t.app, Number(ticket.opened_at) + 25 * HOUR + 60_000);
    expect((await tickets())[0].status).toBe("open");
  });
});

describe("close requests", () => {
  it("staff ask, the member confirms: the ticket closes with the request's reason", async () => {
    const ticket = await openAsStaff();
    expect(replyText(await command(staff, ticket.channel_id!, "closerequest", { reason: "Solved" }))).toBe(en.closeRequestSent);
    const request = (await messagesOf(ticket.channel_id!)).pop()!;
    expect(request.content).toBe(en.closeRequest(DEMO_STAFF_ID, DEMO_STAFF_ID, 24, "Solved"));
    expect(JSON.parse(request.allowed_mentions_json!)).toEqual({ parse: [], users: [DEMO_STAFF_ID] });
    expect(
      replyText(
        await interact(admin, {
          kind: "button",
          channelId: ticket.channel_id!,
          messageId: request.id,
          customId: `ticket:${ticket.number}:cr-yes`,
        }),
      ),
    ).toBe(en.closeRequestOnlyOpener);
    expect(
      replyText(
        await interact(staff, {
          kind: "button",
          channelId: ticket.channel_id!,
          messageId: request.id,
          customId: `ticket:${ticket.number}:cr-yes`,
        }),
      ),
    ).toBe(en.closed(ticket.number));
    expect((await tickets())[0]).toMatchObject({ status: "closed", close_reason: "Solved", closed_by: DEMO_STAFF_ID });
  });

  it("a member who keeps it open cancels the request, with its activity entries", async () => {
    const ticket = await openAsStaff();
    await t.db.updateTable("tickets").set({ opener_id: DEMO_ADMIN_ID }).where("id", "=", ticket.id).execute();
    expect(replyText(await command(admin, ticket.channel_id!, "closerequest", { hours: 2 }))).toBe(en.closeRequestSent);
    expect(replyText(await button(admin, ticket.channel_id!, `ticket:${ticket.number}:cr-no`))).toBe(en.keptOpen);
    expect((await tickets())[0]).toMatchObject({ status: "open", close_request_at: null });
    expect(replyText(await button(admin, ticket.channel_id!, `ticket:${ticket.number}:cr-yes`))).toBe(en.closeRequestGone);
    const activity = await t.db
      .selectFrom("activity")
      .select("action")
      .where("guild_id", "=", G)
      .where("action", "like", "Ticket Close Request%")
      .where("after_json", "like", `%"TicketId":${ticket.number}%`)
      .execute();
    expect(activity.map((a) => a.action).sort()).toEqual(["Ticket Close Request Declined", "Ticket Close Requested"]);
  });

  it("without an answer the ticket closes at the deadline, once, with two instances sweeping", async () => {
    const ticket = await openAsStaff();
    await command(staff, ticket.channel_id!, "closerequest", { hours: 2 });
    const deadline = Number((await tickets())[0].close_request_at);
    await sweepTickets(t.app, deadline - 60_000);
    expect((await tickets())[0].status).toBe("open");
    const second = await buildApp({ config: t.config, distDir: "/nonexistent" });
    try {
      await Promise.all([sweepTickets(t.app, deadline + 1), sweepTickets(second, deadline + 1)]);
    } finally {
      await second.close();
    }
    expect((await tickets())[0]).toMatchObject({
      status: "closed",
      close_reason: en.closeRequestTimeoutReason,
      closed_by: t.app.platform.botUserId,
    });
    const closes = await t.db
      .selectFrom("activity")
      .select("id")
      .where("guild_id", "=", G)
      .where("action", "=", "Ticket Closed")
      .where("after_json", "like", `%"TicketId":${ticket.number},%`)
      .execute();
    expect(closes).toHaveLength(1);
  });
});

describe("a rating with a comment", () => {
  it("after the stars, a modal takes a comment: stored once on the ticket and its transcript, listed with the transcript", async () => {
    const ticket = await openAsStaff();
    await t.app.inject({
      method: "POST",
      url: `/api/${G}/demo/channels/${ticket.channel_id}/messages`,
      headers: bearer(staff),
      payload: { content: "It broke" },
    });
    await command(admin, ticket.channel_id!, "close");
    const dm = await t.db
      .selectFrom("demo_channels")
      .selectAll()
      .where("kind", "=", "dm")
      .where("recipient_id", "=", DEMO_STAFF_ID)
      .executeTakeFirstOrThrow();
    const prompt = (await messagesOf(dm.id)).pop()!;
    // The closing DM says why the ticket closed.
    expect(JSON.parse(prompt.embeds_json)[0].fields[0]).toEqual({ name: en.archiveReason, value: en.archiveNoReason });
    const thanks = await interact(staff, {
      kind: "button",
      channelId: dm.id,
      messageId: prompt.id,
      customId: `rate:${G}:${ticket.number}:5`,
    });
    expect(replyText(thanks)).toBe(en.ratingThanks(5));
    // The bot edits its DM, as on Discord: the stars disabled, the fifth marked, and the comment's button there to stay.
    const rated = (await messagesOf(dm.id)).find((m) => m.id === prompt.id)!;
    const [stars, commentRow] = JSON.parse(rated.components_json) as Json[];
    expect(stars.components.map((b: Json) => [b.style, b.disabled])).toEqual([
      [2, true],
      [2, true],
      [2, true],
      [2, true],
      [1, true],
    ]);
    const commentButton = commentRow.components[0];
    expect(commentButton).toMatchObject({ label: en.ratingCommentButton, custom_id: `rate-comment:${G}:${ticket.number}` });
    const asked = await interact(staff, { kind: "button", channelId: dm.id, messageId: prompt.id, customId: commentButton.custom_id });
    expect(asked.modal).toMatchObject({ custom_id: `rate-comment:${G}:${ticket.number}`, title: en.ratingCommentTitle });
    const saved = await interact(staff, {
      kind: "modal",
      channelId: dm.id,
      messageId: prompt.id,
      customId: `rate-comment:${G}:${ticket.number}`,
      fields: { comment: "Quick and kind" },
    });
    expect(replyText(saved)).toBe(en.ratingCommentThanks);
    // Once the comment is given its button goes; the stars stay as rated.
    const commented = JSON.parse((await messagesOf(dm.id)).find((m) => m.id === prompt.id)!.components_json) as Json[];
    expect(commented.flatMap((row) => row.components.map((b: Json) => b.custom_id))).not.toContain(commentButton.custom_id);
    expect(commented[0].components[4]).toMatchObject({ style: 1, disabled: true });
    expect(
      replyText(
        await interact(staff, {
          kind: "modal",
          channelId: dm.id,
          customId: `rate-comment:${G}:${ticket.number}`,
          fields: { comment: "Again" },
        }),
      ),
    ).toBe(en.ratingCommentAlready);
    expect((await tickets())[0].rating_comment).toBe("Quick and kind");
    const list = await api("GET", `/api/${G}/transcripts?ticket_id=${ticket.number}`, admin);
    expect(list.body.transcripts[0]).toMatchObject({ Rating: 5, RatingComment: "Quick and kind" });
  });

  it("no comment before the stars, nor from anyone but the opener", async () => {
    const ticket = await openAsStaff();
    await command(admin, ticket.channel_id!, "close");
    const dm = await t.db
      .selectFrom("demo_channels")
      .selectAll()
      .where("kind", "=", "dm")
      .where("recipient_id", "=", DEMO_STAFF_ID)
      .executeTakeFirstOrThrow();
    expect(
      replyText(
        await interact(staff, {
          kind: "modal",
          channelId: dm.id,
          customId: `rate-comment:${G}:${ticket.number}`,
          fields: { comment: "Hi" },
        }),
      ),
    ).toBe(en.ratingCommentFirst);
  });
});

describe("reopening a ticket", () => {
  const closeIt = async (ticket: { channel_id: string | null; number: number }, text: string) => {
    await t.app.inject({
      method: "POST",
      url: `/api/${G}/demo/channels/${ticket.channel_id}/messages`,
      headers: bearer(staff),
      payload: { content: text },
    });
    await command(admin, ticket.channel_id!, "close");
  };

  it("the member reopens from the closing DM: the same number, a new channel linking the transcript; the next close keeps the whole conversation", async () => {
    const ticket = await openAsStaff();
    await closeIt(ticket, "First words");
    const dm = await t.db
      .selectFrom("demo_channels")
      .selectAll()
      .where("kind", "=", "dm")
      .where("recipient_id", "=", DEMO_STAFF_ID)
      .executeTakeFirstOrThrow();
    const prompt = (await messagesOf(dm.id)).pop()!;
    const reopenButton = JSON.parse(prompt.components_json)[1].components[0];
    expect(reopenButton).toMatchObject({ label: en.reopenButton, custom_id: `reopen:${G}:${ticket.number}` });

    const reply = await interact(staff, { kind: "button", channelId: dm.id, messageId: prompt.id, customId: reopenButton.custom_id });
    const [again] = await tickets();
    expect(again).toMatchObject({ number: ticket.number, status: "open", closed_at: null });
    expect(again.channel_id).not.toBe(ticket.channel_id);
    expect(replyText(reply)).toBe(en.reopened(again.channel_id!));
    const notices = (await messagesOf(again.channel_id!)).map((m) => m.content);
    expect(notices).toContain(en.reopenedNotice(DEMO_STAFF_ID, ticket.number, `${t.config.publicUrl}/${G}/transcripts/${ticket.number}`));
    expect(
      replyText(await interact(staff, { kind: "button", channelId: dm.id, messageId: prompt.id, customId: reopenButton.custom_id })),
    ).toBe(en.reopenNotClosed);

    await closeIt(again, "Second words");
    const view = await api("GET", `/api/${G}/transcripts/${ticket.number}`, admin);
    expect(view.status).toBe(200);
    expect(JSON.stringify(view.body)).toContain("First words");
    expect(JSON.stringify(view.body)).toContain("Second words");
    const stored = await t.db
      .selectFrom("transcripts")
      .select("id")
      .where("guild_id", "=", G)
      .where("ticket_id", "=", ticket.number)
      .execute();
    expect(stored).toHaveLength(1);
    const entries = await t.db
      .selectFrom("activity")
      .select("action")
      .where("guild_id", "=", G)
      .where("action", "=", "Ticket Reopened")
      .where("after_json", "like", `%"TicketId":${ticket.number},%`)
      .execute();
    expect(entries).toHaveLength(1);
  });

  it("staff reopen from the dashboard; past ReopenWithinDays, or with it off, the answer says why", async () => {
    const ticket = await openAsStaff();
    await closeIt(ticket, "Hello");
    const res = await api("POST", `/api/${G}/tickets/${ticket.number}/reopen`, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.ticket).toMatchObject({ TicketId: ticket.number, Status: "open" });
    await command(admin, (await tickets())[0].channel_id!, "close");
    await t.db
      .updateTable("tickets")
      .set({ closed_at: Date.now() - 8 * 86_400_000 })
      .where("id", "=", ticket.id)
      .execute();
    expect((await api("POST", `/api/${G}/tickets/${ticket.number}/reopen`, admin)).body.error).toBe(en.reopenTooLate(7));
    await saveSettings({ ReopenWithinDays: 0 });
    expect((await api("POST", `/api/${G}/tickets/${ticket.number}/reopen`, admin)).body.error).toBe(en.reopenOff);
    await saveSettings({ ReopenWithinDays: 7 });
  });
});

describe("a ticket from a message", () => {
  it("staff open a ticket for the message's author, quoting it and linking back (never for a bot); set to 'member', it opens for whoever uses it", async () => {
    const messageId = (
      await t.app.inject({
        method: "POST",
        url: `/api/${G}/demo/channels/${SUPPORT_CHANNEL}/messages`,
        headers: bearer(staff),
        payload: { content: "My order never arrived" },
      })
    ).json().id;
    expect(messageId).toBeTruthy();
    const refused = await interact(staff, {
      kind: "messageCommand",
      channelId: SUPPORT_CHANNEL,
      messageId: (await messagesOf(SUPPORT_CHANNEL))[0].id,
      name: "Open ticket about this message",
    });
    // The first message of #support is the bot's panel: no ticket for a bot.
    expect(replyText(refused)).toBe(en.messageTicketBot);

    const reply = await interact(admin, {
      kind: "messageCommand",
      channelId: SUPPORT_CHANNEL,
      messageId,
      name: "Open ticket about this message",
    });
    const [ticket] = await tickets();
    expect(ticket).toMatchObject({ opener_id: DEMO_STAFF_ID, panel_id: null, subject: en.messageTicketSubject("Demo Staff") });
    expect(replyText(reply)).toBe(en.opened(ticket.channel_id!));
    const quote = (await messagesOf(ticket.channel_id!)).map((m) => m.content).find((c) => c.startsWith("Opened about"));
    expect(quote).toBe(
      en.messageQuote(DEMO_STAFF_ID, "> My order never arrived", `${t.config.publicUrl}/${G}/try-it?channel=${SUPPORT_CHANNEL}`),
    );

    await saveSettings({ MessageTicketOpener: "author" });
    const own = (
      await t.app.inject({
        method: "POST",
        url: `/api/${G}/demo/channels/${SUPPORT_CHANNEL}/messages`,
        headers: bearer(admin),
        payload: { content: "Admin's words" },
      })
    ).json().id;
    await saveSettings({ MessageTicketOpener: "member" });
    const forSelf = await interact(staff, {
      kind: "messageCommand",
      channelId: SUPPORT_CHANNEL,
      messageId: own,
      name: "Open ticket about this message",
    });
    expect((await tickets())[1]).toMatchObject({ opener_id: DEMO_STAFF_ID });
    expect(replyText(forSelf)).toBe(en.opened((await tickets())[1].channel_id!));
    await saveSettings({ MessageTicketOpener: "author" });
  });
});

describe("Try-it's skip ahead", () => {
  // More of the demo clock in ./demo-clock.test.ts.
  it("moves this server's clock and runs its scheduled work at the new time: the warning arrives", async () => {
    await saveSettings({
      AutoCloseEnabled: true,
      SinceLastMessageDays: 1,
      SinceLastMessageHours: 0,
      SinceLastMessageMinutes: 0,
      InactivityWarningHours: 12,
    });
    const ticket = await openAsStaff();
    const res = await api("POST", `/api/${G}/demo/skip-ahead`, admin, { hours: 12 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ closed: 0, warned: 1 });
    expect((await messagesOf(ticket.channel_id!)).map((m) => m.content)).toContain(en.inactivityWarning(12));
    expect((await api("POST", `/api/${G}/demo/skip-ahead`, admin, { hours: 100 })).status).toBe(400);
  });
});

describe("thread mode", () => {
  it("a thread-mode panel opens a private thread under its channel: the opener and the support team in it, claimed and closed like a channel, archived", async () => {
    await panelRules({ ThreadMode: "thread" });
    const reply = await clickPanel(staff);
    const [ticket] = await tickets();
    expect(ticket).toMatchObject({ status: "open", is_thread: 1 });
    expect(replyText(reply)).toBe(en.opened(ticket.channel_id!));
    const thread = await t.db.selectFrom("demo_channels").selectAll().where("id", "=", ticket.channel_id!).executeTakeFirstOrThrow();
    expect(thread).toMatchObject({ kind: "thread", parent_id: SUPPORT_CHANNEL, name: `ticket-${ticket.number}` });
    const audience = JSON.parse(thread.overwrites_json) as { id: string; type: number }[];
    expect(audience).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: DEMO_STAFF_ID, type: 1 }),
        expect.objectContaining({ id: "812345678901234603", type: 0 }),
      ]),
    );
    const seen = (await api("GET", `/api/${G}/demo/channels`, staff)).body.channels as Json[];
    expect(seen.find((c) => c.id === ticket.channel_id)).toMatchObject({
      kind: "ticket",
      parentChannelId: SUPPORT_CHANNEL,
      ticketId: ticket.number,
    });
    // Right after its channel, as Discord lists it.
    expect(seen.findIndex((c) => c.id === ticket.channel_id)).toBeGreaterThan(seen.findIndex((c) => c.id === SUPPORT_CHANNEL));

    expect(replyText(await command(admin, ticket.channel_id!, "claim"))).toBe(en.claimedReply);
    expect(replyText(await command(admin, ticket.channel_id!, "close"))).toBe(en.closed(ticket.number));
    expect(
      (await t.db.selectFrom("demo_channels").select("kind").where("id", "=", ticket.channel_id!).executeTakeFirstOrThrow()).kind,
    ).toBe("archived-thread");
    expect(
      await t.db.selectFrom("transcripts").select("id").where("guild_id", "=", G).where("ticket_id", "=", ticket.number).executeTakeFirst(),
    ).toBeDefined();
  });

  it("the server's default applies to panels that follow it, and closed threads can be deleted instead", async () => {
    await saveSettings({ TicketThreads: true, ClosedThreads: "delete" });
    await clickPanel(staff);
    const [ticket] = await tickets();
    expect(ticket.is_thread).toBe(1);
    await command(admin, ticket.channel_id!, "close");
    expect(await t.db.selectFrom("demo_channels").select("id").where("id", "=", ticket.channel_id!).executeTakeFirst()).toBeUndefined();
    await panelRules({ ThreadMode: "channel" });
    await clickPanel(staff);
    expect((await tickets()).at(-1)!.is_thread).toBe(0);
  });
});
