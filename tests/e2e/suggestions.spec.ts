import { expect, test } from "./fixtures";
import { DEMO_COMMUNITY_ID, signIn, uniqueName } from "./helpers";

// Answers before a ticket opens, in Try-it: a panel that suggests answers asks the member's question; the demo's
// "refund-policy" tag answers it — "Yes, thanks" opens no ticket — and a second question answered "No, open a ticket"
// opens one whose welcome message holds the question, and the view follows it.

const G = DEMO_COMMUNITY_ID;
const SUPPORT_CHANNEL = "812345678901234714";

test("a member's question answered by a tag opens no ticket; a 'No' opens one with the answer", async ({ browser }) => {
  test.setTimeout(90_000);
  const adminContext = await browser.newContext();
  const memberContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const member = await memberContext.newPage();
  await signIn(admin, "Demo Admin");
  await signIn(member, "Demo Staff");
  const auth = { authorization: `Bearer ${(await adminContext.cookies()).find((c) => c.name === "session_token")!.value}` };
  const call = async (method: "GET" | "PUT" | "POST" | "DELETE", path: string, data?: unknown) => {
    const res = await admin.request.fetch(`/api/${G}${path}`, { method, headers: auth, data });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return res.json();
  };
  // Other specs may have left tickets of Demo Staff open: room for one more.
  const settings = await call("GET", "/settings");
  await call("PUT", "/settings", { UserTicketLimit: (settings.UserTicketLimit ?? 1) + 5, Revision: settings.Revision });

  const name = uniqueName("Ask first");
  const button = `Ask ${name.slice(-6)}`;
  const created = await call("POST", "/panels", {
    SinglePanel: {
      PanelName: name,
      SuggestAnswers: true,
      PanelMessage: { PanelChannel: SUPPORT_CHANNEL, PanelTitle: name, ButtonText: button },
      WelcomeMessage: { WelcomeTitle: "Thanks for asking" },
    },
  });
  const ticketsOfPanel = async () =>
    ((await call("GET", "/tickets?per_page=100")).tickets as { PanelName: string; TicketId: number }[]).filter((t) => t.PanelName === name);

  const ephemeral = (text: string | RegExp) => member.getByTestId("ephemeral").filter({ hasText: text });
  const ask = async (question: string) => {
    await member.getByRole("button", { name: button, exact: true }).click();
    const dialog = member.getByRole("dialog", { name: "Your question" });
    await dialog.getByLabel("What is your question?").fill(question);
    await dialog.getByRole("button", { name: "Submit" }).click();
    await expect(dialog).toHaveCount(0);
    const offer = ephemeral("Does one of these answer your question?").last();
    await expect(offer.getByTestId("embed").filter({ hasText: "refund-policy" })).toContainText("Refunds are handled case by case.");
    return offer;
  };

  await member.goto(`/${G}/try-it?channel=${SUPPORT_CHANNEL}`);
  const first = await ask("How do I get a refund for my order?");
  await first.getByRole("button", { name: "Yes, thanks" }).click();
  await expect(ephemeral("Glad that helped! No ticket was opened.")).toBeVisible();
  // The answered offer's buttons are used; no ticket, and the view stays in #support.
  await expect(first.getByRole("button", { name: "No, open a ticket" })).toBeDisabled();
  expect(await ticketsOfPanel()).toEqual([]);
  await expect(member.locator(".try-it-channel.is-active")).toContainText("support");

  const second = await ask("My refund never arrived, order 10452");
  await second.getByRole("button", { name: "No, open a ticket" }).click();
  await expect(member.locator(".try-it-channel.is-active .try-it-ticket-tag")).toBeVisible();
  const welcome = member.getByTestId("message").first();
  await expect(welcome.getByTestId("embed").filter({ hasText: "Thanks for asking" })).toBeVisible();
  await expect(welcome.getByTestId("embed").filter({ hasText: "What is your question?" })).toContainText(
    "What is your question?My refund never arrived, order 10452",
  );
  await expect.poll(async () => (await ticketsOfPanel()).length).toBe(1);

  // Leave the server as the other specs expect it.
  const [ticket] = await ticketsOfPanel();
  await call("POST", `/tickets/${ticket.TicketId}/close`, {});
  await call("DELETE", `/panels/${created.PanelId}`);
  const now = await call("GET", "/settings");
  await call("PUT", "/settings", { UserTicketLimit: settings.UserTicketLimit, Revision: now.Revision });
  await adminContext.close();
  await memberContext.close();
});
