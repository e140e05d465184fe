import { expect, test } from "./fixtures";
import { expectNoSeriousViolations } from "./axe";
import { DEMO_COMMUNITY_ID, signIn, uniqueName } from "./helpers";

// The help desk on the demo platform: Demo Admin opens a ticket in the Try-it view as a member; Demo Staff,
// signed in in another browser, sees it in the queue, opens its page, sees the member's next message arrive without
// a reload, replies (the member sees the reply under Demo Staff's name), adds a note the member never sees, sets the
// priority "high" and a label, and closes it; the transcript holds the reply and not the note. The page passes axe,
// in dark mode and in Spanish, under 768 px.

test("the demo's history adds up: Statistics over the seeded 90 days equals the Transcripts list", async ({ page }) => {
  await signIn(page, "Demo Admin");
  const auth = { authorization: `Bearer ${(await page.context().cookies()).find((c) => c.name === "session_token")!.value}` };
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const transcripts = (await (await page.request.get(`/api/${DEMO_COMMUNITY_ID}/transcripts?per_page=25`, { headers: auth })).json()) as {
    total: number;
  };
  const stats = (await (
    await page.request.get(`/api/${DEMO_COMMUNITY_ID}/statistics?from=${day(Date.now() - 100 * 86_400_000)}&to=${day(Date.now())}`, {
      headers: auth,
    })
  ).json()) as {
    totals: { closed: number };
    ratings: { count: number };
  };
  expect(transcripts.total).toBeGreaterThan(50);
  expect(stats.totals.closed).toBe(transcripts.total);
  await page.goto(`/${DEMO_COMMUNITY_ID}/statistics`);
  await page.getByText("90 days").click();
  const closed = page.locator(".stats-figure", { hasText: /^Closed/ }).locator(".stats-figure-value");
  await expect(closed).not.toHaveText("0");
  await expect(page.getByRole("heading", { name: "Per priority" })).toBeVisible();
});

test("a ticket handled from the dashboard: live conversation, reply, note, priority, label, close", async ({ browser }) => {
  test.setTimeout(90_000);
  const memberContext = await browser.newContext();
  const staffContext = await browser.newContext();
  const member = await memberContext.newPage();
  const staff = await staffContext.newPage();
  await signIn(member, "Demo Admin");
  await signIn(staff, "Demo Staff");
  const auth = { authorization: `Bearer ${(await memberContext.cookies()).find((c) => c.name === "session_token")!.value}` };
  const settings = (await (await member.request.get(`/api/${DEMO_COMMUNITY_ID}/settings`, { headers: auth })).json()) as {
    Revision: number;
    UserTicketLimit: number | null;
  };
  const saved = await member.request.put(`/api/${DEMO_COMMUNITY_ID}/settings`, {
    headers: auth,
    data: {
      StoreTranscripts: true,
      TicketCloseConfirmation: true,
      UserTicketLimit: (settings.UserTicketLimit ?? 1) + 5,
      Revision: settings.Revision,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const labelName = uniqueName("Shipping");
  expect(
    (
      await member.request.post(`/api/${DEMO_COMMUNITY_ID}/labels`, { headers: auth, data: { Name: labelName, Colour: "#d97706" } })
    ).status(),
  ).toBe(201);

  // The member opens a ticket from the panel.
  await member.goto(`/${DEMO_COMMUNITY_ID}/try-it?channel=812345678901234714`);
  await member.getByRole("button", { name: /Open a ticket/ }).click();
  await expect(member.getByTestId("ephemeral").filter({ hasText: "Your ticket is open" })).toBeVisible();
  await expect(member.locator(".try-it-channel.is-active")).toContainText("ticket");
  const channelId = new URL(member.url()).searchParams.get("channel")!;
  const ticket = (await (await member.request.get(`/api/${DEMO_COMMUNITY_ID}/tickets?mine=true`, { headers: auth })).json()) as {
    tickets: { TicketId: number; ChannelId: string }[];
  };
  const number = ticket.tickets.find((t) => t.ChannelId === channelId)!.TicketId;

  // Staff see it in the queue and open its page.
  await staff.goto(`/${DEMO_COMMUNITY_ID}/tickets`);
  await staff.getByRole("link", { name: `Open ticket #${number}` }).click();
  await expect(staff.getByRole("heading", { name: `Ticket #${number}`, level: 1 })).toBeVisible();
  await expect(staff.getByTestId("ticket-message").first()).toBeVisible();

  // The member writes; it appears on the page without a reload.
  await member.getByLabel("Message").fill("My parcel never arrived");
  await member.getByRole("button", { name: "Send" }).click();
  await expect(staff.getByTestId("ticket-message").filter({ hasText: "My parcel never arrived" })).toBeVisible({ timeout: 6000 });

  // A reply from the dashboard: the member sees it under the staff member's name.
  await staff.getByLabel("Reply as yourself").fill("Sorry about that! A new one ships today.");
  await staff.getByRole("button", { name: "Send reply" }).click();
  await expect(staff.getByTestId("ticket-message").filter({ hasText: "A new one ships today." })).toBeVisible();
  const reply = member.getByTestId("message").filter({ hasText: "A new one ships today." });
  await expect(reply).toBeVisible({ timeout: 6000 });
  await expect(reply.getByTestId("embed")).toContainText("Demo Staff");

  // A private note: on the page, never in the member's channel.
  await staff.getByLabel("Add a note").fill("Second lost parcel this month: check the courier");
  await staff.getByRole("button", { name: "Add note" }).click();
  await expect(staff.getByTestId("ticket-notes")).toContainText("Second lost parcel this month");

  // Priority and a label.
  await staff.getByLabel("Priority", { exact: true }).selectOption("high");
  await expect(staff.getByText("Priority set to high.")).toBeVisible();
  // A controlled box: it shows what the server holds once the answer is back.
  await staff.getByRole("checkbox", { name: labelName }).click();
  await expect(staff.getByText("Labels saved.")).toBeVisible();
  await expect(staff.getByRole("checkbox", { name: labelName })).toBeChecked();

  await expectNoSeriousViolations(staff, "ticket page", { liveStream: true });
  await staff.emulateMedia({ colorScheme: "dark" });
  await staff.evaluate(() => document.documentElement.setAttribute("data-theme", "dark"));
  await expectNoSeriousViolations(staff, "ticket page (dark)", { liveStream: true });
  await staff.setViewportSize({ width: 390, height: 844 });
  // Polled: the layout of the new width settles after the resize.
  await expect.poll(() => staff.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await staff.setViewportSize({ width: 1280, height: 800 });

  // The queue shows the priority and the label.
  await staff.goto(`/${DEMO_COMMUNITY_ID}/tickets?priority=high`);
  const row = staff.locator(".dt-row", { hasText: `#${number}` });
  await expect(row).toContainText("High");
  await expect(row).toContainText(labelName);

  // Close from the page.
  await staff.goto(`/${DEMO_COMMUNITY_ID}/tickets/${number}`);
  await staff.getByRole("button", { name: "Close", exact: true }).click();
  const dialog = staff.getByRole("dialog", { name: `Close ticket #${number}` });
  await dialog.getByRole("textbox", { name: "Reason" }).fill("New parcel sent");
  await dialog.getByRole("button", { name: "Close", exact: true }).and(dialog.locator(".ant-btn-dangerous")).click();
  await expect(staff.getByText(`Ticket #${number} closed.`)).toBeVisible();
  await expect(staff.getByRole("link", { name: "Open the transcript" })).toBeVisible();

  // The member never saw the note; the transcript holds the reply and not the note.
  expect(await member.getByText("Second lost parcel this month").count()).toBe(0);
  await member.goto(`/${DEMO_COMMUNITY_ID}/transcripts/${number}`);
  const frame = member.frameLocator("iframe");
  await expect(frame.getByText("Sorry about that! A new one ships today.")).toBeVisible();
  await expect(frame.getByText("My parcel never arrived")).toBeVisible();
  expect(await frame.getByText("Second lost parcel this month").count()).toBe(0);

  // In Spanish.
  await staff.evaluate(() => localStorage.setItem("lang", "es"));
  await staff.goto(`/${DEMO_COMMUNITY_ID}/tickets/${number}`);
  await expect(staff.getByRole("heading", { name: `Ticket #${number}`, level: 1 })).toBeVisible();
  await expect(staff.getByText("Volver a la cola")).toBeVisible();
  await expectNoSeriousViolations(staff, "ticket page (es)", { liveStream: true });

  await memberContext.close();
  await staffContext.close();
});
