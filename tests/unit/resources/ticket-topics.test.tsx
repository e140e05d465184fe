import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http as rest, HttpResponse } from "msw";
import { describe, expect, it, vi } from "vitest";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "../shell/harness";

// docs/adding-a-resource.md, followed literally, adds "Ticket topics": its spec (tests/fixtures/ticket-topic.ts, what
// the guide has one write as src/schemas/ticket-topic.ts) and one line in the shared registry — here the registry
// with that line added. The dashboard then has its sidebar entry, route, generated list and add dialog, whose Emoji
// field is the form engine's emoji picker (named by the schema's .meta({ widget: "emoji" })).

vi.mock("../../../src/schemas/resources", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../../src/schemas/resources")>();
  const { ticketTopicsSpec } = await import("../../fixtures/ticket-topic");
  const resourceSpecs = [...actual.resourceSpecs, ticketTopicsSpec];
  return { ...actual, resourceSpecs, allResourceSpecs: resourceSpecs };
});

const server = useMswServer();
const url = `${API}/${community}/ticket-topics`;

describe("Ticket topics (a fixture declaration) on the dashboard", { timeout: 30_000 }, () => {
  it("has a sidebar entry, the generated list, and an add dialog with the emoji picker that sends what was picked", async () => {
    const topics = [{ TopicId: 1, Name: "Billing", Emoji: "💳", Description: "Invoices and refunds", Revision: 1 }];
    const sent: unknown[] = [];
    const handlers = [
      rest.get(url, () => HttpResponse.json({ ticket_topics: topics })),
      rest.post(url, async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        sent.push(body);
        topics.push({ TopicId: 2, Name: body.Name, Emoji: body.Emoji, Description: body.Description, Revision: 1 });
        return HttpResponse.json({ message: "Ticket topic created", ticket_topic: topics[1] }, { status: 201 });
      }),
    ];
    const user = userEvent.setup();
    renderApp(`/${community}/ticket-topics`, server, { handlers });
    expect(await screen.findByRole("heading", { name: "Ticket Topics", level: 1 })).toBeInTheDocument();
    const nav = await screen.findByRole("navigation", { name: "Navigation" });
    expect(await within(nav).findByRole("link", { name: "Ticket Topics" })).toHaveAttribute("href", `/${community}/ticket-topics`);
    const row = (await screen.findByText("Billing")).closest("tr")!;
    expect(within(row).getByText("💳")).toBeInTheDocument();
    expect(within(row).getByText("Invoices and refunds")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Add ticket topic" }));
    const dialog = await screen.findByRole("dialog", {}, { timeout: 15_000 });
    await user.type(await within(dialog).findByLabelText(/Name/), "Shipping");
    await user.click(within(dialog).getByRole("button", { name: "Pick" }));
    await user.click(await screen.findByRole("option", { name: "🎫" }));
    await user.click(within(dialog).getByRole("button", { name: "Add" }));
    await waitFor(() => expect(sent).toEqual([{ Name: "Shipping", Emoji: "🎫", Description: "" }]));
    expect(await screen.findByText("Shipping")).toBeInTheDocument();
  });
});
