import { expect, test } from "./fixtures";
import { DEMO_COMMUNITY_ID, signIn } from "./helpers";

// DM tickets on the demo platform: Demo Staff, as a member in Try-it, writes to the bot in their direct messages,
// chooses the server and the panel from the bot's selects, and the ticket opens relayed to the DM (the view stays
// there, as on Discord). Their next DM reaches the ticket's page; Demo Admin replies from the ticket page and the reply
// appears in the member's DM without a reload.

const G = DEMO_COMMUNITY_ID;

test("a ticket opened by DM in Try-it, relayed both ways: the member's DM on the ticket page, the staff reply in the DM", async ({
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
  const putSettings = async (values: Record<string, unknown>) => {
    const current = await (await admin.request.get(`/api/${G}/settings`, { headers: auth })).json();
    const saved = await admin.request.put(`/api/${G}/settings`, { headers: auth, data: { ...values, Revision: current.Revision } });
    expect(saved.status(), await saved.text()).toBe(200);
    return current as { UserTicketLimit: number | null };
  };
  // Other specs may have left tickets of Demo Staff open: room for one more.
  const before = await putSettings({ DmTickets: true, DmTicketPanels: [] });
  await putSettings({ UserTicketLimit: (before.UserTicketLimit ?? 1) + 5 });

  const ephemeral = (text: string | RegExp) => member.getByTestId("ephemeral").filter({ hasText: text });
  const message = (text: string | RegExp) => member.getByTestId("message").filter({ hasText: text });
  await member.goto(`/${G}/try-it`);
  await member.getByTestId("channel-Ticketeer").click();
  await expect(member.getByRole("region", { name: "@Ticketeer" })).toBeVisible();
  await member.getByRole("textbox", { name: "Message" }).fill("Hello, I need help");
  await member.keyboard.press("Enter");

  // The bot asks which server, then which panel.
  await expect(message("Which server is your ticket for?")).toBeVisible();
  await message("Which server is your ticket for?")
    .last()
    .getByRole("combobox", { name: "Choose a server" })
    .selectOption({ label: "Demo Community" });
  await expect(ephemeral("What is your ticket on Demo Community about?")).toBeVisible();
  await ephemeral("What is your ticket on Demo Community about?")
    .getByRole("combobox", { name: "Choose a topic" })
    .selectOption({ label: "General Support" });
  const opened = ephemeral(/Your ticket #\d+ on Demo Community is open/);
  await expect(opened).toBeVisible();
  const number = /#(\d+)/.exec((await opened.textContent())!)![1];
  // The view stays in the DM, where the ticket goes on.
  await expect(member.getByRole("region", { name: "@Ticketeer" })).toBeVisible();

  // The member's DM reaches the ticket's page, under their name.
  await member.getByRole("textbox", { name: "Message" }).fill("My order never arrived");
  await member.keyboard.press("Enter");
  await expect(message("My order never arrived")).toBeVisible();
  await admin.goto(`/${G}/tickets/${number}`);
  await expect(admin.getByRole("heading", { name: `Ticket #${number}`, level: 1 })).toBeVisible();
  await expect(admin.getByTestId("ticket-message").filter({ hasText: "My order never arrived" })).toContainText("Demo Staff");

  // A reply from the ticket page appears in the member's DM, under the staff member's name, without a reload.
  await admin.getByLabel("Reply as yourself").fill("Sorry! A new one ships today.");
  await admin.getByRole("button", { name: "Send reply" }).click();
  const reply = message("Sorry! A new one ships today.");
  await expect(reply).toBeVisible({ timeout: 10_000 });
  await expect(reply.getByTestId("embed")).toContainText("Demo Admin");

  // Leave the server as the other specs expect it.
  expect((await admin.request.post(`/api/${G}/tickets/${number}/close`, { headers: auth, data: {} })).status()).toBe(200);
  await putSettings({ DmTickets: false, UserTicketLimit: before.UserTicketLimit ?? 1 });
  await adminContext.close();
  await memberContext.close();
});
