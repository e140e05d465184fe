import { type APIRequestContext, type Page, expect, test } from "./fixtures";
import { DEMO_COMMUNITY_ID, GAMING_HUB_ID, signIn, uniqueName } from "./helpers";

// "My tickets": Demo Admin opens tickets as a member (Try-it's /new) on Demo Community and Gaming Hub and has one
// closed, with their message in it; Demo Staff opens one of their own. Demo Admin's My tickets lists exactly their own
// tickets of both servers and not Demo Staff's; they open one, write into it (the message arrives in the conversation
// under their name), download the closed ticket's transcript (their message in it), export and erase their data; the
// staff's transcript of that ticket then shows their message as "deleted user".

const channels: Record<string, string> = { [DEMO_COMMUNITY_ID]: "812345678901234713", [GAMING_HUB_ID]: "823456789012345712" };

async function bearerOf(page: Page) {
  return { authorization: `Bearer ${(await page.context().cookies()).find((c) => c.name === "session_token")!.value}` };
}

async function openWithNew(request: APIRequestContext, auth: Record<string, string>, guildId: string, subject: string) {
  const res = await request.post(`/api/${guildId}/demo/interactions`, {
    headers: auth,
    data: { kind: "command", channelId: channels[guildId], name: "new", options: { subject } },
  });
  expect(res.status(), await res.text()).toBe(200);
  const list = (await (await request.get(`/api/${guildId}/tickets?status=open&per_page=100`, { headers: auth })).json()) as {
    tickets: { TicketId: number; Subject: string | null }[];
  };
  return list.tickets.find((t) => t.Subject === subject)!.TicketId;
}

test("a member sees exactly their own tickets on two servers, writes into one, downloads a transcript and erases their data", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const memberContext = await browser.newContext();
  const staffContext = await browser.newContext();
  const member = await memberContext.newPage();
  const staff = await staffContext.newPage();
  await signIn(member, "Demo Admin");
  await signIn(staff, "Demo Staff");
  const auth = await bearerOf(member);
  const staffAuth = await bearerOf(staff);
  for (const guildId of [DEMO_COMMUNITY_ID, GAMING_HUB_ID]) {
    const settings = (await (await member.request.get(`/api/${guildId}/settings`, { headers: auth })).json()) as { Revision: number };
    const saved = await member.request.put(`/api/${guildId}/settings`, {
      headers: auth,
      data: { UserTicketLimit: 20, MemberTickets: true, StoreTranscripts: true, Revision: settings.Revision },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }

  const done = uniqueName("Done");
  const closed = await openWithNew(member.request, auth, DEMO_COMMUNITY_ID, done);
  // The member writes in the ticket's channel (Try-it: as on Discord), so its transcript holds their words.
  const said = uniqueName("My printer is on fire");
  const detail = (await (await member.request.get(`/api/${DEMO_COMMUNITY_ID}/tickets/${closed}`, { headers: auth })).json()) as {
    ticket: { ChannelId: string };
  };
  const posted = await member.request.post(`/api/${DEMO_COMMUNITY_ID}/demo/channels/${detail.ticket.ChannelId}/messages`, {
    headers: auth,
    data: { content: said },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const close = await member.request.post(`/api/${DEMO_COMMUNITY_ID}/tickets/${closed}/close`, {
    headers: auth,
    data: { reason: "Solved" },
  });
  expect(close.status(), await close.text()).toBe(200);
  const order = uniqueName("Order");
  const lag = uniqueName("Lag");
  const inCommunity = await openWithNew(member.request, auth, DEMO_COMMUNITY_ID, order);
  const inHub = await openWithNew(member.request, auth, GAMING_HUB_ID, lag);
  const staffs = uniqueName("Staff's own");
  await openWithNew(staff.request, staffAuth, DEMO_COMMUNITY_ID, staffs);

  await member.goto("/dashboard");
  await member.getByRole("link", { name: "My tickets" }).click();
  await expect(member).toHaveURL(/\/my-tickets$/);
  await expect(member.getByRole("heading", { name: "My tickets", level: 1 })).toBeVisible();
  const openRows = member.locator(".my-tickets-open .my-tickets-row");
  await expect(openRows.filter({ hasText: order })).toHaveText(new RegExp(`Demo Community · Ticket #${inCommunity}`));
  await expect(openRows.filter({ hasText: lag })).toHaveText(new RegExp(`Gaming Hub · Ticket #${inHub}`));
  await expect(member.getByText(staffs)).toHaveCount(0);
  // Exactly the member's own: every row the page shows is one the server lists as theirs, and none is Demo Staff's.
  const mine = (await (await member.request.get("/api/my-tickets", { headers: auth })).json()) as { open: unknown[]; closed: unknown[] };
  await expect(openRows).toHaveCount(mine.open.length);
  await expect(member.locator(".my-tickets-closed .my-tickets-row")).toHaveCount(mine.closed.length);

  await openRows.filter({ hasText: lag }).click();
  const conversation = member.locator(".my-tickets-conversation");
  await expect(conversation.locator(".my-tickets-message").first()).toBeVisible();
  const words = uniqueName("Still lagging");
  await member.getByLabel("Your message").fill(words);
  await member.getByRole("button", { name: "Send" }).click();
  await expect(member.getByRole("status")).toHaveText("Message sent.");
  await expect(conversation.locator(".my-tickets-message", { hasText: words })).toContainText("Demo Admin");

  const closedRow = member.locator(".my-tickets-closed .my-tickets-row", { hasText: `Demo Community · Ticket #${closed}` });
  const download = member.waitForEvent("download");
  await closedRow.getByRole("button", { name: "Download transcript" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`transcript-${DEMO_COMMUNITY_ID}-${closed}.html`);
  const { readFile } = await import("node:fs/promises");
  const transcript = await readFile((await file.path())!, "utf8");
  expect(transcript).toMatch(/<html/i);
  // Their message, under their name.
  expect(transcript).toContain(said);
  expect(transcript).toMatch(/title="Demo Admin · [^"]+">/);

  // Their data: the export downloads the JSON, the erasure asks for the typed word, then says what it did.
  const yourData = member.locator(".my-data");
  const exported = member.waitForEvent("download");
  await yourData.getByRole("button", { name: "Export my data" }).click();
  const json = await exported;
  expect(json.suggestedFilename()).toBe("my-ticketeer-data.json");
  expect(JSON.parse(await readFile((await json.path())!, "utf8"))).toMatchObject({ user_id: expect.any(String) });
  await yourData.getByRole("button", { name: "Erase my data" }).click();
  const confirm = yourData.getByRole("form", { name: "Erase my data" });
  await expect(confirm).toContainText("This cannot be undone.");
  await expect(confirm).toContainText("closes your open tickets;");
  const eraseForever = confirm.getByRole("button", { name: "Erase my data permanently" });
  await expect(eraseForever).toBeDisabled();
  await confirm.getByLabel("Type ERASE to confirm").fill("ERASE");
  await eraseForever.click();
  const result = yourData.getByRole("status");
  await expect(result).toContainText("Your data was erased.");
  await expect(result).toContainText(/Tickets cleared: [1-9]\d*/);
  // Their open tickets were closed and nothing is theirs any more.
  await expect(member.getByText("You have no open tickets.")).toBeVisible();
  await expect(member.getByText("You have no closed tickets.")).toBeVisible();

  // The staff's transcript of that ticket: their message reads "deleted user", its words gone; the staff see it.
  await staff.goto(`/${DEMO_COMMUNITY_ID}/transcripts/${closed}`);
  const frame = staff.frameLocator("iframe.transcript-frame");
  await expect(frame.locator(".message .author", { hasText: "deleted user" }).first()).toBeVisible();
  await expect(frame.locator("body")).not.toContainText(said);
  await expect(frame.locator(".message .author", { hasText: "Demo Admin" })).toHaveCount(0);
  await memberContext.close();
  await staffContext.close();
});
