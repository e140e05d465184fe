import fs from "node:fs";
import { expectNoSeriousViolations } from "./axe";
import { expect, type Page, test } from "./fixtures";
import { DEMO_COMMUNITY_ID, signIn } from "./helpers";
import { interpolate } from "../../src/i18n/core";
import { formatDateTime } from "../../src/i18n/format";
import es from "../../src/i18n/locales/es";
import { actionKey } from "../../src/resources/activity/action-labels";
import { withMentionNames } from "../../src/schemas/message-parts";
import { closeReasonLabel, ratingLabel } from "../../src/schemas/transcript";
import { composeCloseReason } from "../../src/schemas/ticket";
import { englishTexts as en } from "../../server/discord/texts";
import { spanishTexts as esBot } from "../../server/discord/texts-es";

// One ticket's whole life through every door, on the demo platform. Demo Staff is the member (the Try-it view);
// Demo Admin is the staff (the dashboard: the ticket page, the queue, the transcript viewer and its download, the
// activity log, Statistics). The ticket opens from the seeded Billing panel with its "Support Request" form; the member
// and staff write with mentions of a user, a role and a channel; staff reply from the dashboard, add a note, assign,
// set a priority and a label, close with a preset reason and added text; the member rates with a comment in the
// closing DM and reopens from it; staff close it again — that last part with the bot (BotLanguage) and both dashboards
// in Spanish. At each stage every view that shows it is read with exact texts (imported from where the product keeps
// them); a console error, a page error or a 4xx/5xx answer on any page fails the journey. The ticket page, which needs
// a live ticket to show, passes axe here (light, dark and Spanish) and fits a 390 px screen.

const G = DEMO_COMMUNITY_ID;
const GUILD_NAME = "Demo Community";
/** The seeded Billing panel asks this form (server/panels/seed.ts, server/forms/seed.ts). */
const FORM_NAME = "Support Request";
const SUPPORT_CHANNEL = "812345678901234714";
const WELCOME_CHANNEL = "812345678901234711";
const SUPPORT_ROLE = "812345678901234603";
const ADMIN_ID = "900000000000000001";
const STAFF_ID = "900000000000000002";
/** A user id no demo server knows: it reads as "@unknown user", never as its markup. */
const STRANGER_ID = "123456789012345678";
/** The names the mentions had (server/platform/demo-fixtures.ts); the ticket's own channel is added once it exists. */
const NAMES = {
  users: { [ADMIN_ID]: "Demo Admin", [STAFF_ID]: "Demo Staff" },
  roles: { [SUPPORT_ROLE]: "Support" } as Record<string, string>,
  channels: { [SUPPORT_CHANNEL]: "support", [WELCOME_CHANNEL]: "welcome" } as Record<string, string>,
};
/** Text as every view must show it: mentions as names. */
const named = (text: string) => withMentionNames(text, NAMES);
/** Text as the transcript's body reads it (whitespace folded). */
const flat = (text: string) => text.replace(/\s+/g, " ").trim();
/** A transcript's conversation: what follows its header's facts (the last is "Messages <count>"). */
const conversationOf = (transcript: string) => transcript.slice(/ Messages \d+ /.exec(transcript)!.index).replace(/^ Messages \d+ /, "");
/** A Spanish text of the dashboard (src/i18n/locales/es), with its parameters. */
const esText = (key: string, params?: Record<string, string | number>) => {
  expect(es[key], `the Spanish dictionary has ${key}`).toBeDefined();
  return interpolate(es[key]!, params);
};

type Json = Record<string, unknown>;
type Lang = "en" | "es";
/** A dashboard text: the English the code holds, or its Spanish. */
const say = (lang: Lang, key: string, english: string, params?: Record<string, string | number>) =>
  lang === "en" ? interpolate(english, params) : esText(key, params);

/** Console errors, page errors and 4xx/5xx answers of a page, from now on. */
function watchProblems(page: Page, who: string, problems: string[]) {
  page.on("console", (m) => m.type() === "error" && problems.push(`${who} console: ${m.text()}`));
  page.on("pageerror", (e) => problems.push(`${who} page error: ${e.message}`));
  page.on("response", (r) => r.status() >= 400 && problems.push(`${who} ${r.status()}: ${r.request().method()} ${r.url()}`));
}

test("one ticket's whole life, read from every door, in English and Spanish", async ({ browser }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const memberContext = await browser.newContext();
  const staffContext = await browser.newContext();
  const member = await memberContext.newPage();
  const desk = await staffContext.newPage();
  await signIn(member, "Demo Staff");
  await signIn(desk, "Demo Admin");
  // The staff's second window, signed in as the same staff member: a page of its own context is in front in its own
  // window (a second tab of one context would be in the background, its animations held back).
  const recordsContext = await browser.newContext({ acceptDownloads: true, storageState: await staffContext.storageState() });
  const records = await recordsContext.newPage();
  const problems: string[] = [];
  watchProblems(member, "member (Try-it)", problems);
  watchProblems(desk, "ticket page", problems);
  watchProblems(records, "records", problems);

  const auth = { authorization: `Bearer ${(await staffContext.cookies()).find((c) => c.name === "session_token")!.value}` };
  const api = async (method: "get" | "post" | "put", url: string, data?: Json) => {
    const res = await records.request[method](`/api/${G}${url}`, { headers: auth, ...(data ? { data } : {}) });
    expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()) as Json;
  };
  const settings = async (patch: Json) => {
    const current = await api("get", "/settings");
    await api("put", "/settings", { ...patch, Revision: current.Revision });
    return current;
  };

  // ---- setup that is not the point, through the API: the journey's settings, a label and a preset close reason
  const before = await settings({
    BotLanguage: "en",
    UserTicketLimit: 0,
    EnableUserFeedback: true,
    StoreTranscripts: true,
    ReopenWithinDays: 7,
    TicketCloseConfirmation: true,
  });
  const labelName = `Refunds ${suffix}`;
  await api("post", "/labels", { Name: labelName, Colour: "#d97706" });
  const preset = `Resolved ${suffix}`;
  await api("post", "/close-reasons", { Label: preset });

  // ---- Statistics: the figures the journey moves, read on the screen
  type Figures = { open: number; opened: number; closed: number; ratings: number };
  const figure = (label: string) =>
    records.locator(".stats-figure", { has: records.locator(".stats-figure-label", { hasText: new RegExp(`^${label}$`) }) });
  const figureLabels = (lang: Lang) => ({
    open: say(lang, "statistics.openNow", "Open now"),
    opened: say(lang, "statistics.opened", "Opened"),
    closed: say(lang, "statistics.closed", "Closed"),
    rating: say(lang, "statistics.rating", "Average rating"),
  });
  const readStats = async (): Promise<Figures> => {
    await records.goto(`/${G}/statistics`);
    const labels = figureLabels("en");
    const value = async (label: string) => Number(await figure(label).locator(".stats-figure-value").textContent());
    await expect(figure(labels.opened)).toBeVisible();
    const ratings = Number(/\d+/.exec((await figure(labels.rating).locator(".stats-figure-note").textContent())!)![0]);
    return { open: await value(labels.open), opened: await value(labels.opened), closed: await value(labels.closed), ratings };
  };
  const expectStats = async (want: Figures, lang: Lang = "en") => {
    await records.goto(`/${G}/statistics`);
    const labels = figureLabels(lang);
    await expect(figure(labels.open).locator(".stats-figure-value")).toHaveText(String(want.open));
    await expect(figure(labels.opened).locator(".stats-figure-value")).toHaveText(String(want.opened));
    await expect(figure(labels.closed).locator(".stats-figure-value")).toHaveText(String(want.closed));
    await expect(figure(labels.rating).locator(".stats-figure-note")).toHaveText(
      say(lang, "statistics.ratings", "{n} ratings", { n: want.ratings }),
    );
  };
  const stats0 = await readStats();

  // ---- the member's view (Try-it)
  const ephemeral = (text: string) => member.getByTestId("ephemeral").filter({ hasText: text });
  const chat = (text: string) => member.getByTestId("message").filter({ hasText: text });
  const composer = member.getByRole("textbox", { name: "Message" });

  // ---- the staff's ticket page
  const pageMessages = desk.getByTestId("ticket-message");
  const fact = (term: string) =>
    desk.locator(".tp-facts > div", { has: desk.locator("dt", { hasText: new RegExp(`^${term}$`) }) }).locator("dd");
  /** The ticket page's activity: "who · what" of each of the ticket's steps, newest first. */
  const expectPageActivity = async (steps: [string, string][], lang: Lang = "en") => {
    const shown = steps.map(([who, action]) => `${who} · ${lang === "en" ? action : esText(actionKey(action))}`);
    await expect
      .poll(async () => (await desk.locator(".tp-activity li").allTextContents()).map((t) => t.replace(/ · [^·]*$/, "")))
      .toEqual(shown);
  };

  // ---- the transcript viewer and its download
  const readTranscript = async (n: number, lang: Lang) => {
    await records.goto(`/${G}/transcripts/${n}`);
    const frame = records.locator("iframe.transcript-frame");
    await expect(frame).toHaveAttribute("title", say(lang, "transcripts.frameTitle", "Transcript of ticket #{id}", { id: n }));
    const html = (await frame.getAttribute("srcdoc"))!;
    // The download is the document the viewer shows, byte for byte.
    const downloading = records.waitForEvent("download");
    await records.getByRole("button", { name: say(lang, "transcripts.download", "Download HTML") }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`transcript-${n}.html`);
    expect(fs.readFileSync((await download.path())!, "utf8")).toBe(html);
    const text = flat(await records.frameLocator("iframe.transcript-frame").locator("body").innerText());
    // No mention is read raw (an unknown one keeps its markup in its tooltip only).
    expect(text).not.toMatch(/<[@#]/);
    return text;
  };

  // ---- the activity log: this ticket's entries (the API says which are its), as the screen shows them
  const expectActivityLog = async (steps: [string, string][], lang: Lang) => {
    const log = (await api("get", "/activity?per_page=100")) as {
      activity: { ActivityId: number; Action: string; Before?: Json; After?: Json }[];
    };
    const ours = log.activity.filter((e) => (e.After?.TicketId ?? e.Before?.TicketId) === number);
    // Who read the transcript is in the log too; the steps are compared in order.
    expect(ours.some((e) => e.Action === "Transcript Viewed")).toBe(true);
    const ids = new Set(ours.filter((e) => e.Action !== "Transcript Viewed").map((e) => String(e.ActivityId)));
    await records.goto(`/${G}/activity`);
    await expect(records.getByRole("heading", { name: say(lang, "activity.title", "Activity Logs") })).toBeVisible();
    const rows = records.locator(".activity-card tbody tr.dt-row");
    await expect(rows.first()).toBeVisible();
    // Each row's id, action and user, as shown.
    const shown = async () =>
      (
        await rows.evaluateAll((trs) =>
          trs.map((tr) => {
            const [id, action] = [...tr.querySelectorAll("td:not(.dt-expand-cell)")].map((td) => (td as HTMLElement).innerText.trim());
            return { id, line: `${(tr.querySelector(".activity-username") as HTMLElement).innerText.trim()} · ${action}` };
          }),
        )
      )
        .filter((row) => ids.has(row.id))
        .map((row) => row.line);
    await expect.poll(shown).toEqual(steps.map(([who, action]) => `${who} · ${lang === "en" ? action : esText(actionKey(action))}`));
  };

  // ==== 1. the Billing panel asks its form; the member answers it (a mention in an answer too)
  const forms = (await api("get", "/forms")) as { forms: { FormName: string; Fields: { Label: string }[] }[] };
  const [problem, order] = forms.forms.find((f) => f.FormName === FORM_NAME)!.Fields.map((f) => f.Label);
  const answers: Record<string, string> = {
    [problem]: `I was charged twice, as I said in <#${SUPPORT_CHANNEL}> ${suffix}`,
    [order]: "10452",
  };
  let number = 0;
  let channelId = "";
  let channelName = "";
  await test.step("the member opens a ticket from the Billing panel and answers its form", async () => {
    await member.goto(`/${G}/try-it?channel=${SUPPORT_CHANNEL}`);
    await member.getByRole("button", { name: "💳 Billing", exact: true }).click();
    const form = member.getByRole("dialog", { name: FORM_NAME });
    for (const [label, value] of Object.entries(answers)) await form.getByLabel(label).fill(value);
    await form.getByRole("button", { name: "Submit" }).click();
    await expect(form).toHaveCount(0);
    await expect(member.locator(".try-it-channel.is-active .try-it-ticket-tag")).toBeVisible();
    channelId = new URL(member.url()).searchParams.get("channel")!;
    channelName = (await member.getByTestId("messages").locator("xpath=..").getAttribute("aria-label"))!.replace(/^#/, "");
    NAMES.channels[channelId] = channelName;
    const tickets = (await api("get", "/tickets?per_page=100")) as { tickets: { TicketId: number; ChannelId: string }[] };
    number = tickets.tickets.find((t) => t.ChannelId === channelId)!.TicketId;
    expect(channelName).toBe(`billing-${number}`);
    await expect(ephemeral(named(en.opened(channelId)))).toBeVisible();

    // The member's view: the welcome message holds the answers under their questions, mentions as names.
    const welcome = member.getByTestId("message").first().getByTestId("embed").filter({ hasText: en.answersTitle });
    for (const [label, value] of Object.entries(answers)) await expect(welcome).toContainText(`${label}${named(value)}`);

    // The ticket page: the answers with their questions, the welcome message with them, who opened it.
    await desk.goto(`/${G}/tickets/${number}`);
    await expect(desk.getByRole("heading", { name: `Ticket #${number}`, level: 1 })).toBeVisible();
    for (const [label, value] of Object.entries(answers)) {
      await expect(desk.locator(".tp-answers > div", { has: desk.locator("dt", { hasText: label }) }).locator("dd")).toHaveText(
        named(value),
      );
      await expect(pageMessages.first().getByTestId("embed").filter({ hasText: en.answersTitle })).toContainText(`${label}${named(value)}`);
    }
    await expect(fact("Opened by")).toHaveText("Demo Staff");
    await expect(fact("Panel")).toHaveText("Billing");
    await expectPageActivity([["Demo Staff", "Ticket Opened"]]);
    await expectStats({ ...stats0, open: stats0.open + 1, opened: stats0.opened + 1 });
  });

  // ==== 2. messages with mentions of a user, a role and a channel, from the member and from staff (in Try-it)
  const fromMember = `Hi <@${ADMIN_ID}>, can <@&${SUPPORT_ROLE}> help? <@${STRANGER_ID}> said to ask in <#${WELCOME_CHANNEL}>.`;
  const fromStaff = `<@${STAFF_ID}>, on it — <@&${SUPPORT_ROLE}> knows, see <#${SUPPORT_CHANNEL}>.`;
  await test.step("the member and staff write with mentions", async () => {
    expect(named(fromMember)).toBe("Hi @Demo Admin, can @Support help? @unknown user said to ask in #welcome.");
    await composer.fill(fromMember);
    await composer.press("Enter");
    await expect(chat(named(fromMember))).toBeVisible();
    await records.goto(`/${G}/try-it?channel=${channelId}`);
    await records.getByRole("textbox", { name: "Message" }).fill(fromStaff);
    await records.getByRole("textbox", { name: "Message" }).press("Enter");
    await expect(chat(named(fromStaff))).toBeVisible();
    // The ticket page reads both live, each under its author, mentions as names.
    await expect(pageMessages.filter({ hasText: named(fromMember) }).locator(".tp-author")).toHaveText("Demo Staff");
    await expect(pageMessages.filter({ hasText: named(fromStaff) }).locator(".tp-author")).toHaveText("Demo Admin");
  });

  // ==== 3. a staff reply from the dashboard's ticket page, with a mention
  const reply = `Thanks <@${STAFF_ID}>: the double charge is refunded.`;
  await test.step("staff reply from the ticket page", async () => {
    await desk.getByLabel("Reply as yourself").fill(reply);
    await desk.getByRole("button", { name: "Send reply" }).click();
    await expect(pageMessages.filter({ hasText: named(reply) })).toHaveCount(1);
    const replied = chat(named(reply));
    await expect(replied.getByTestId("embed")).toContainText(`Demo Admin${named(reply)}`);
  });

  // ==== 4. a private note: on the ticket page only
  const note = `Second double charge this month ${suffix}`;
  await test.step("staff add a private note", async () => {
    await desk.getByLabel("Add a note").fill(note);
    await desk.getByRole("button", { name: "Add note" }).click();
    await expect(desk.getByTestId("ticket-notes").locator("li")).toContainText([`Demo Admin`]);
    await expect(desk.getByTestId("ticket-notes").locator(".tp-content")).toHaveText([note]);
  });

  // ==== 5. assign: the ticket was unclaimed, so it is assigned — not "handed over" from someone to themselves
  await test.step("staff assign the ticket", async () => {
    await desk.getByLabel("Assign to").selectOption({ label: "Demo Admin" });
    await desk.getByRole("button", { name: "Assign", exact: true }).click();
    const assigned = named(en.assigned(ADMIN_ID));
    expect(assigned).toBe("Ticket assigned to @Demo Admin.");
    await expect(chat(assigned)).toBeVisible();
    await expect(pageMessages.filter({ hasText: assigned })).toHaveCount(1);
    await expect(fact("Claimed by")).toHaveText("Demo Admin");
  });

  // ==== 6. priority and a label; the queue shows both
  await test.step("staff set the priority and a label", async () => {
    await desk.getByLabel("Priority", { exact: true }).selectOption("high");
    await expect(desk.locator(".ant-notification-notice").filter({ hasText: en.prioritySet("high") })).toBeVisible();
    await desk.getByRole("checkbox", { name: labelName }).click();
    await expect(desk.locator(".ant-notification-notice").filter({ hasText: en.labelsSet })).toBeVisible();
    await expect(desk.getByRole("checkbox", { name: labelName })).toBeChecked();
    await records.goto(`/${G}/tickets?priority=high`);
    const row = records.locator(".dt-row", { hasText: `#${number}` });
    await expect(row).toContainText("High");
    await expect(row).toContainText(labelName);
    await expect(row).toContainText("Demo Admin");

    // Nothing staff-only reached the member; nothing reads as a raw id anywhere.
    await expect(member.getByText(note)).toHaveCount(0);
    const views = [member.getByTestId("messages"), desk.locator(".tp-messages"), desk.locator(".tp-answers")];
    for (const view of views) await expect(view).not.toContainText(/<[@#]/);
    await expectPageActivity([
      ["Demo Admin", "Ticket Labels Set"],
      ["Demo Admin", "Ticket Priority Set"],
      ["Demo Admin", "Ticket Assigned"],
      ["Demo Admin", "Ticket Note Added"],
      ["Demo Admin", "Ticket Reply Sent"],
      ["Demo Staff", "Ticket Opened"],
    ]);

    // The ticket page with every part filled in passes axe, light and dark, and fits a 390 px screen.
    await expectNoSeriousViolations(desk, "ticket page", { liveStream: true });
    await desk.emulateMedia({ colorScheme: "dark" });
    await desk.evaluate(() => document.documentElement.setAttribute("data-theme", "dark"));
    await expectNoSeriousViolations(desk, "ticket page (dark)", { liveStream: true });
    await desk.evaluate(() => document.documentElement.setAttribute("data-theme", "light"));
    await desk.emulateMedia({ colorScheme: "light" });
    const size = desk.viewportSize()!;
    await desk.setViewportSize({ width: 390, height: 844 });
    // Polled: the layout of the new width settles after the resize.
    await expect.poll(() => desk.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await desk.setViewportSize(size);
  });

  // ==== 7. close with a preset reason and added text
  const added = "refund sent to the card";
  const reason = composeCloseReason(preset, added);
  const dm = member.getByTestId("message").filter({ hasText: en.ratingPrompt(GUILD_NAME, number) });
  let firstLife = "";
  await test.step("staff close it with a preset reason and added text", async () => {
    expect(reason).toBe(`${preset} — ${added}`);
    await desk.getByRole("button", { name: "Close", exact: true }).click();
    const dialog = desk.getByRole("dialog", { name: `Close ticket #${number}` });
    await dialog.locator(".ant-select").click();
    await desk.locator(".ant-select-item-option", { hasText: preset }).click();
    // The menu closes first: while it does, the select takes the focus back.
    await expect(desk.locator(".ant-select-dropdown:visible")).toHaveCount(0);
    await dialog.getByRole("textbox", { name: "Reason" }).fill(added);
    await expect(dialog.getByRole("textbox", { name: "Reason" })).toHaveValue(added);
    await expect(dialog.getByTestId("close-reason-preview")).toContainText(`Recorded as: ${reason}`);
    await dialog.getByRole("button", { name: "Close", exact: true }).and(dialog.locator(".ant-btn-dangerous")).click();
    await expect(desk.locator(".ant-notification-notice").filter({ hasText: en.closed(number) })).toBeVisible();
    await expect(fact("Status")).toHaveText("Closed");
    await expect(fact("Close reason")).toHaveText(reason);

    // The member's view follows: the channel is gone, the closing DM says why and who closed it.
    await expect(member.getByTestId("try-it-notice")).toHaveText(`Ticket #${number} was closed. Reason: ${reason}`);
    await expect(member.getByTestId(`channel-${channelName}`)).toHaveCount(0);
    await expect(member.getByRole("region", { name: "@Ticketeer" })).toBeVisible();
    await expect(dm.getByTestId("embed")).toHaveText(`${en.archiveReason}${reason}${en.archiveClosedBy}Demo Admin`);

    // The transcript: the answers under their questions, every message with names, the reply; never the note.
    firstLife = await readTranscript(number, "en");
    for (const [label, value] of Object.entries(answers)) expect(firstLife).toContain(flat(`${label} ${named(value)}`));
    for (const text of [fromMember, fromStaff, reply, en.assigned(ADMIN_ID)]) expect(firstLife).toContain(flat(named(text)));
    expect(firstLife).toContain(`Close reason ${closeReasonLabel(reason)}`);
    expect(firstLife).not.toContain(note);
    await expectStats({ ...stats0, opened: stats0.opened + 1, closed: stats0.closed + 1 });
  });

  // ==== 8. the member rates with a comment in the closing DM
  const comment = `Quick and kind ${suffix}`;
  await test.step("the member rates with a comment", async () => {
    await dm.getByRole("button", { name: "★★★★", exact: true }).click();
    await expect(ephemeral(en.ratingThanks(4))).toBeVisible();
    await expect(dm.getByRole("button", { name: "★★★★", exact: true })).toBeDisabled();
    await dm.getByRole("button", { name: new RegExp(en.ratingCommentButton) }).click();
    const box = member.getByRole("dialog", { name: en.ratingCommentTitle });
    await box.getByLabel(en.ratingCommentLabel).fill(comment);
    await box.getByRole("button", { name: "Submit" }).click();
    await expect(ephemeral(en.ratingCommentThanks)).toBeVisible();
    await expect(dm.getByRole("button", { name: new RegExp(en.ratingCommentButton) })).toHaveCount(0);

    await records.goto(`/${G}/transcripts`);
    await records.getByRole("spinbutton", { name: "Ticket ID" }).fill(String(number));
    const row = records.locator(".dt-row", { hasText: reason });
    await expect(row).toContainText(ratingLabel(4));
    await expect(row.locator(".transcript-rating-comment")).toHaveText(`“${comment}”`);
    expect(await readTranscript(number, "en")).toContain(`Rating ${ratingLabel(4)}`);
    await expectStats({ ...stats0, opened: stats0.opened + 1, closed: stats0.closed + 1, ratings: stats0.ratings + 1 });
  });

  // ==== 9. the member reopens it from the closing DM: the same number, a new channel, the ticket page follows
  await test.step("the member reopens it from the closing DM", async () => {
    await dm.getByRole("button", { name: new RegExp(en.reopenButton) }).click();
    await expect(member.getByTestId(`channel-${channelName}`)).toBeVisible();
    const reopenedIn = new URL(member.url()).searchParams.get("channel")!;
    NAMES.channels[reopenedIn] = channelName;
    await expect(ephemeral(named(en.reopened(reopenedIn)))).toBeVisible();
    await expect(chat(named(en.reopenedNotice(STAFF_ID, number, null)))).toBeVisible();
    // The ticket page, left open on the closed ticket, follows without a reload.
    await expect(fact("Status")).toHaveText("Open");
    await expect(desk.getByTestId("ticket-live")).toBeVisible();
    // Statistics count tickets as they are now: an open ticket is neither closed nor rated (until it closes again).
    await expectStats({ ...stats0, open: stats0.open + 1, opened: stats0.opened + 1 });
  });

  // Every step of the ticket's life and who took it, newest first.
  const life: [string, string][] = [
    ["Demo Admin", "Ticket Closed"],
    ["Demo Staff", "Ticket Reopened"],
    ["Demo Staff", "Ticket Rating Comment"],
    ["Demo Admin", "Ticket Closed"],
    ["Demo Admin", "Ticket Labels Set"],
    ["Demo Admin", "Ticket Priority Set"],
    ["Demo Admin", "Ticket Assigned"],
    ["Demo Admin", "Ticket Note Added"],
    ["Demo Admin", "Ticket Reply Sent"],
    ["Demo Staff", "Ticket Opened"],
  ];
  await test.step("the activity log after the first life and the reopen", () => expectActivityLog(life.slice(1), "en"));

  // ==== 10. staff close it again — the bot and both dashboards in Spanish
  // Its own words on every run: a retry on the same database finds only this ticket by them.
  const second = `sin respuesta del banco ${suffix}`;
  await test.step("staff close it again, in Spanish", async () => {
    await settings({ BotLanguage: "es" });
    for (const page of [member, desk, records]) await page.evaluate(() => localStorage.setItem("lang", "es"));
    await member.reload();
    await expect(member.getByRole("textbox", { name: esText("tryIt.message") })).toBeVisible();
    await desk.reload();
    await expect(desk.getByRole("heading", { name: esText("tickets.page.title", { n: number }), level: 1 })).toBeVisible();
    await desk.getByRole("button", { name: esText("tickets.close"), exact: true }).click();
    const dialog = desk.getByRole("dialog", { name: esText("tickets.closeTitle", { n: number }) });
    await dialog.getByRole("textbox", { name: esText("tickets.reason") }).fill(second);
    await dialog
      .getByRole("button", { name: esText("tickets.close"), exact: true })
      .and(dialog.locator(".ant-btn-dangerous"))
      .click();
    await expect(desk.locator(".ant-notification-notice").filter({ hasText: esBot.closed(number) })).toBeVisible();

    // The member: the notice in the dashboard's Spanish, the closing DM in the bot's.
    await expect(member.getByTestId("try-it-notice")).toHaveText(esText("tryIt.ticketClosedReason", { number, reason: second }));
    const dmEs = member.getByTestId("message").filter({ hasText: esBot.ratingPrompt(GUILD_NAME, number) });
    await expect(dmEs.getByTestId("embed")).toHaveText(`${esBot.archiveReason}${second}${esBot.archiveClosedBy}Demo Admin`);

    // The ticket page in Spanish: its facts, its dates in Spanish, its activity of the whole life.
    await expect(fact(esText("tickets.page.status"))).toHaveText(esText("tickets.page.statusClosed"));
    await expect(fact(esText("tickets.page.closeReason"))).toHaveText(second);
    const opened = fact(esText("tickets.columns.opened")).locator("time");
    await expect(opened).toHaveText(formatDateTime(Date.parse((await opened.getAttribute("datetime"))!), "es"));
    await expectPageActivity(life, "es");
    await expect(desk.getByRole("link", { name: esText("tickets.page.back") })).toBeVisible();
    await expectNoSeriousViolations(desk, "ticket page (es)", { liveStream: true });
  });

  await test.step("the records in Spanish: transcript, activity log, Statistics", async () => {
    // The whole life in one transcript: the first channel's messages, then the reopened one's; the rating and the
    // comment given after the first close kept; the last reason; never the note.
    const whole = await readTranscript(number, "es");
    expect(whole).toContain(conversationOf(firstLife));
    expect(whole).toContain(flat(named(en.reopenedNotice(STAFF_ID, number, null))));
    expect(whole).toContain(`Rating ${ratingLabel(4)}`);
    expect(whole).toContain(`Close reason ${second}`);
    expect(whole).not.toContain(note);
    await records.goto(`/${G}/transcripts`);
    await records.getByRole("spinbutton", { name: esText("transcripts.filters.ticketId") }).fill(String(number));
    const row = records.locator(".dt-row", { hasText: second });
    await expect(row).toContainText(ratingLabel(4));
    await expect(row.locator(".transcript-rating-comment")).toHaveText(`“${comment}”`);

    await expectActivityLog(life, "es");
    await expectStats({ ...stats0, opened: stats0.opened + 1, closed: stats0.closed + 1, ratings: stats0.ratings + 1 }, "es");
  });

  expect(problems).toEqual([]);
  await settings({ BotLanguage: before.BotLanguage, UserTicketLimit: before.UserTicketLimit, ReopenWithinDays: before.ReopenWithinDays });
  await Promise.all([memberContext.close(), staffContext.close(), recordsContext.close()]);
});
