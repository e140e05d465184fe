import { expect, type Page, test } from "./fixtures";
import { DEMO_COMMUNITY_ID, signIn } from "./helpers";

// The member's view follows the ticket: Demo Staff watches their ticket in Try-it (another browser) while Demo Admin
// closes it from the dashboard; the ticket's channel leaves the member's list, the view moves to the closing DM, which
// says why, without a 404 or a console error on the member's page. Along the way: a panel with a form refuses at the
// open-ticket limit before its form, a slash command by keyboard, and the rating's buttons as the bot edited them.

const G = DEMO_COMMUNITY_ID;
const SUPPORT_CHANNEL = "812345678901234714";

/** Every console error and every 404 of a page, from now on. */
function watchProblems(page: Page) {
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("response", (r) => r.status() === 404 && problems.push(`404: ${r.url()}`));
  return problems;
}

test("staff close a ticket from the dashboard while its member watches it in Try-it: the member reads why, in the closing DM, with no 404", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const adminContext = await browser.newContext();
  const memberContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const member = await memberContext.newPage();
  await signIn(admin, "Demo Admin");
  await signIn(member, "Demo Staff");
  const auth = { authorization: `Bearer ${(await adminContext.cookies()).find((c) => c.name === "session_token")!.value}` };
  const current = await (await admin.request.get(`/api/${G}/settings`, { headers: auth })).json();
  const saved = await admin.request.put(`/api/${G}/settings`, {
    headers: auth,
    data: {
      UserTicketLimit: 1,
      EnableUserFeedback: true,
      TicketCloseConfirmation: true,
      StoreTranscripts: true,
      ReopenWithinDays: 0,
      Revision: current.Revision,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  // Other specs may have left tickets of Demo Staff open: closed, so the limit counts this one only.
  const open = (await (await admin.request.get(`/api/${G}/tickets?per_page=100`, { headers: auth })).json()) as {
    tickets: { TicketId: number; OpenerId: string }[];
  };
  for (const t of open.tickets.filter((t) => t.OpenerId === "900000000000000002")) {
    expect((await admin.request.post(`/api/${G}/tickets/${t.TicketId}/close`, { headers: auth, data: {} })).status()).toBe(200);
  }

  const problems = watchProblems(member);
  const ephemeral = (text: string | RegExp) => member.getByTestId("ephemeral").filter({ hasText: text });
  const message = (text: string | RegExp) => member.getByTestId("message").filter({ hasText: text });
  await member.goto(`/${G}/try-it?channel=${SUPPORT_CHANNEL}`);
  await member.getByRole("button", { name: /Open a ticket/ }).click();
  await expect(ephemeral("Your ticket is open")).toBeVisible();
  const channelId = new URL(member.url()).searchParams.get("channel")!;
  const number = /ticket-(\d+)/.exec((await member.locator(".try-it-channel.is-active").textContent())!)![1];

  // At the limit, the Billing panel (it has a form) refuses at once: no form to fill in for nothing.
  await member.getByTestId("channel-support").click();
  await member.getByRole("button", { name: "💳 Billing", exact: true }).click();
  await expect(ephemeral("You already have 1 open ticket, the most this server allows.")).toBeVisible();
  await expect(member.getByRole("dialog")).toHaveCount(0);

  // In the ticket, a slash command by keyboard: "/rename", Enter, the name, Enter — the channel's new name follows.
  await member.getByTestId(`channel-ticket-${number}`).click();
  await member.getByRole("textbox", { name: "Message" }).click();
  await member.keyboard.type("/rename");
  await member.keyboard.press("Enter");
  await expect(member.getByRole("textbox", { name: "name" })).toBeFocused();
  await member.keyboard.type(`printer-${number}`);
  await member.keyboard.press("Enter");
  await expect(ephemeral(`Channel renamed to printer-${number}.`)).toBeVisible();
  await expect(member.locator(".try-it-channel.is-active")).toContainText(`printer-${number}`);
  await expect(member.getByRole("textbox", { name: "Message" })).toBeFocused();
  await member.keyboard.type("My printer is on fire");
  await member.keyboard.press("Enter");
  await expect(message("My printer is on fire")).toBeVisible();

  // Staff close it from the dashboard (the ticket page's call), with a reason.
  const reason = `Replaced the printer ${Date.now().toString(36)}`;
  const closed = await admin.request.post(`/api/${G}/tickets/${number}/close`, { headers: auth, data: { reason } });
  expect(closed.status(), await closed.text()).toBe(200);

  // The member's view: the channel is gone from the list, the closing DM is open, and it says why.
  await expect(member.getByTestId("try-it-notice")).toHaveText(`Ticket #${number} was closed. Reason: ${reason}`);
  await expect(member.getByTestId(`channel-printer-${number}`)).toHaveCount(0);
  await expect(member.getByRole("region", { name: "@Ticketeer" })).toBeVisible();
  const prompt = message(`Rate your ticket #${number} on Demo Community`).last();
  await expect(prompt).toContainText(reason);
  await expect(message("My printer is on fire")).toHaveCount(0);

  // Rated: the stars disabled as the bot edited its message, the comment's button there — and still after a reload.
  await prompt.getByRole("button", { name: "★★★★", exact: true }).click();
  await expect(ephemeral("Thanks for your feedback")).toBeVisible();
  await expect(prompt.getByRole("button", { name: "★★★★", exact: true })).toBeDisabled();
  await expect(prompt.getByRole("button", { name: /Add a comment/ })).toBeEnabled();
  await member.reload();
  await expect(
    message(`Rate your ticket #${number} on Demo Community`)
      .last()
      .getByRole("button", { name: /Add a comment/ }),
  ).toBeEnabled();

  // A link to the gone channel: the default channel, with a word of why — never a nameless empty channel.
  await member.goto(`/${G}/try-it?channel=${channelId}`);
  await expect(member.getByTestId("try-it-notice")).toHaveText("That channel no longer exists: its ticket may have been closed.");
  await expect(member.getByRole("region", { name: "#support" })).toBeVisible();
  await expect(member.getByRole("button", { name: /Open a ticket/ })).toBeVisible();

  expect(problems).toEqual([]);
  const after = await (await admin.request.get(`/api/${G}/settings`, { headers: auth })).json();
  await admin.request.put(`/api/${G}/settings`, { headers: auth, data: { UserTicketLimit: 1, Revision: after.Revision } });
  await adminContext.close();
  await memberContext.close();
});
