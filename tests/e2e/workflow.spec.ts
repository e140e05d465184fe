import { expect, type Page, test } from "./fixtures";
import { DEMO_COMMUNITY_ID, signIn } from "./helpers";

// The ticket workflow, walked in the Try-it view by Demo Staff (one browser, one shared setup made
// through the API): a thread-mode panel opens a thread, a required role refuses, support hours name the next opening,
// the inactivity warning (the owner skips the server's demo clock ahead) and its "Keep open", a close request
// confirmed, a rating with a comment that the Transcripts screen shows, reopening with the same number, a ticket from a
// message that quotes it, and the bot in Spanish.

const G = DEMO_COMMUNITY_ID;
const SUPPORT_CHANNEL = "812345678901234714";
const VIP_ROLE = "812345678901234604";
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

type Json = Record<string, unknown>;

test("the ticket workflow in Try-it: rules, hours, warning, close request, rating comment, reopen, a ticket from a message, Spanish", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, "Demo Staff");
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, "Demo Admin");
  const auth = { authorization: `Bearer ${(await adminContext.cookies()).find((c) => c.name === "session_token")!.value}` };
  const api = async (method: "get" | "post" | "put", url: string, data?: Json) => {
    const res = await adminPage.request[method](`/api/${G}${url}`, { headers: auth, ...(data ? { data } : {}) });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return (await res.json()) as Json;
  };
  const settings = async (patch: Json) => {
    const current = await api("get", "/settings");
    await api("put", "/settings", { ...patch, Revision: current.Revision });
  };
  const suffix = Date.now().toString(36);
  const panel = (name: string, button: string, rules: Json) =>
    api("post", "/panels", {
      SinglePanel: {
        PanelName: `${name} ${suffix}`,
        PanelMessage: { PanelChannel: SUPPORT_CHANNEL, PanelTitle: name, ButtonText: `${button} ${suffix}` },
        WelcomeMessage: { WelcomeTitle: "Hi" },
        ...rules,
      },
    });

  // ---- shared setup
  await settings({
    BotLanguage: "en",
    TimeZone: "UTC",
    UserTicketLimit: 0,
    TicketCloseConfirmation: false,
    EnableUserFeedback: true,
    StoreTranscripts: true,
    ReopenWithinDays: 7,
    AutoCloseEnabled: true,
    SinceLastMessageDays: 1,
    SinceLastMessageHours: 0,
    SinceLastMessageMinutes: 0,
    InactivityWarningHours: 12,
    MessageTicketOpener: "member",
  });
  const later = (new Date().getUTCDay() + 2) % 7;
  await panel("VIP desk", "VIP only", { RequiredRoles: [VIP_ROLE] });
  await panel("Night desk", "Office hours", {
    SupportHours: { Enabled: true, Days: [later], Start: "09:00", End: "17:00", OutsideHours: "refuse" },
  });
  await panel("Workflow desk", "Get help", {});
  await panel("Thread desk", "In a thread", { ThreadMode: "thread" });

  const ephemeral = (text: string | RegExp) => page.getByTestId("ephemeral").filter({ hasText: text });
  const message = (text: string | RegExp) => page.getByTestId("message").filter({ hasText: text });
  const click = (p: Page, name: string) => p.getByRole("button", { name }).last().click();
  await page.goto(`/${G}/try-it?channel=${SUPPORT_CHANNEL}`);

  // ---- a required role refuses a member without it; outside support hours the answer names the next opening
  await click(page, `VIP only ${suffix}`);
  await expect(ephemeral("This panel is only for members with @VIP.")).toBeVisible();
  await click(page, `Office hours ${suffix}`);
  await expect(ephemeral(`It opens again on ${DAYS[later]} at 09:00 (UTC)`)).toBeVisible();

  // ---- a thread-mode panel opens a private thread, listed under its channel
  await click(page, `In a thread ${suffix}`);
  await expect(ephemeral("Your ticket is open")).toBeVisible();
  await expect(page.locator(".try-it-channel.is-active.is-thread")).toContainText("ticket-");
  await expect(message("Hi")).toBeVisible();
  await page.goto(`/${G}/try-it?channel=${SUPPORT_CHANNEL}`);

  // ---- a ticket opens; a manager skips the server's demo clock 12 hours ahead: the warning arrives, "Keep open" keeps it
  await click(page, `Get help ${suffix}`);
  await expect(ephemeral("Your ticket is open")).toBeVisible();
  const channel = (await page.locator(".try-it-channel.is-active").textContent())!;
  const number = /ticket-(\d+)/.exec(channel)![1];
  // Staff read the server's clock, a demo clock, but only managers move it.
  await expect(page.getByTestId("demo-clock")).toContainText("Server time: real time");
  await expect(page.getByTestId("demo-clock")).toContainText("demo clock");
  await expect(page.getByRole("button", { name: "Skip ahead 12 hours" })).toHaveCount(0);
  await adminPage.goto(`/${G}/try-it?channel=${SUPPORT_CHANNEL}`);
  await adminPage.getByRole("button", { name: "Skip ahead 12 hours" }).click();
  await expect(adminPage.locator(".try-it-skip-result")).toHaveText(
    /^Skipped 12 h ahead: \d+ closed, [1-9]\d* warned, \d+ waiting alerts\.$/,
  );
  await expect(adminPage.getByTestId("demo-clock")).toContainText("Server time: +12 h");
  const warning = message("This ticket closes in 12 hours without a reply.");
  await expect(warning).toBeVisible();
  await warning.getByRole("button", { name: /Keep open/ }).click();
  await expect(ephemeral("The ticket stays open.")).toBeVisible();
  await expect(message("kept this ticket open")).toBeVisible();

  // ---- a close request (/closerequest), confirmed by the member
  await page.getByRole("textbox", { name: "Message" }).fill("/closerequest");
  await page.getByRole("option").filter({ hasText: "/closerequest" }).click();
  await page.getByRole("textbox", { name: "reason" }).fill("All sorted");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(ephemeral("Close request sent to the member.")).toBeVisible();
  const request = message("asks to close this ticket: All sorted");
  await expect(request).toBeVisible();
  await request.getByRole("button", { name: /Close/ }).click();
  await expect(ephemeral(`Ticket #${number} closed.`)).toBeVisible();

  // ---- the closing DM: five stars, then a comment in a modal
  await page.getByTestId("channel-Ticketeer").click();
  const prompt = message(`Rate your ticket #${number}`).last();
  await prompt.getByRole("button", { name: "★★★★★", exact: true }).click();
  await expect(ephemeral("Thanks for your feedback")).toBeVisible();
  // The bot edited its DM: the comment's button is on it.
  await prompt.getByRole("button", { name: /Add a comment/ }).click();
  const modal = page.getByRole("dialog");
  await modal.getByLabel("Anything you want to tell the staff?").fill("Fast and friendly");
  await modal.getByRole("button", { name: "Submit" }).click();
  await expect(ephemeral("Thanks, your comment was saved.")).toBeVisible();

  // ---- the Transcripts screen shows the comment
  await adminPage.goto(`/${G}/transcripts`);
  await expect(adminPage.locator(".transcript-rating-comment", { hasText: "Fast and friendly" })).toBeVisible();

  // ---- the member reopens it from the closing DM: the same number, a new channel
  await prompt.getByRole("button", { name: /Reopen/ }).click();
  await expect(ephemeral("The ticket is open again")).toBeVisible();
  await expect(page.getByTestId(`channel-ticket-${number}`)).toBeVisible();

  // ---- a ticket from a message, quoting it
  await page.goto(`/${G}/try-it?channel=${SUPPORT_CHANNEL}`);
  const words = `Where is my refund ${suffix}?`;
  await page.getByRole("textbox", { name: "Message" }).fill(words);
  await page.getByRole("button", { name: "Send" }).click();
  const mine = message(words);
  await expect(mine).toBeVisible();
  await mine.getByRole("button", { name: "Apps" }).click();
  await mine.getByRole("menuitem", { name: "Open ticket about this message" }).click();
  await expect(ephemeral("Your ticket is open")).toBeVisible();
  await expect(message(`> ${words}`)).toBeVisible();

  // ---- a server set to Spanish gets Spanish bot texts
  await settings({ BotLanguage: "es" });
  await page.goto(`/${G}/try-it?channel=${SUPPORT_CHANNEL}`);
  await click(page, `Get help ${suffix}`);
  await expect(ephemeral("Tu ticket está abierto")).toBeVisible();
  await expect(
    page
      .getByTestId("message")
      .first()
      .getByRole("button", { name: /Cerrar/ }),
  ).toBeVisible();

  await settings({
    BotLanguage: "auto",
    AutoCloseEnabled: false,
    InactivityWarningHours: 0,
    UserTicketLimit: 1,
    TicketCloseConfirmation: true,
    MessageTicketOpener: "author",
  });
  await context.close();
  await adminContext.close();
});
