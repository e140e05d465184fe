import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { http as rest, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { changeLocale } from "../../../src/i18n/core";
import { webhookText as text } from "../../../src/resources/webhooks/WebhooksScreen";
import { allPermissions } from "../../../src/schemas/team";
import type { WebhookDelivery, WebhookEndpoint } from "../../../src/schemas/webhooks";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "../shell/harness";

// The Webhooks screen (docs/webhooks.md): the endpoints with why one was turned off, adding one (its secret shown
// once), a test, a redelivery, the server's refusal in words; managers only; in English and Spanish.

const server = useMswServer();
vi.setConfig({ testTimeout: 30_000 });

const endpoint = (over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  Id: 1,
  Url: "https://hooks.example.com/ticketeer",
  Events: ["ticket.opened", "ticket.closed"],
  Format: "json",
  Description: "Our CRM",
  Enabled: true,
  DisabledReason: null,
  DisabledAt: null,
  ConsecutiveFailures: 0,
  CreatedAt: 1_764_000_000_000,
  ...over,
});
const delivery: WebhookDelivery = {
  Id: 7,
  DeliveryId: "5d0c5a1e-0000-4000-8000-000000000007",
  EndpointId: 1,
  Event: "ticket.opened",
  Status: "pending",
  Attempts: 2,
  ResponseStatus: 500,
  Error: "The endpoint answered 500.",
  CreatedAt: 1_764_000_000_000,
  LastAttemptAt: 1_764_000_030_000,
  NextAttemptAt: 1_764_000_090_000,
};

function fakeApi(endpoints: WebhookEndpoint[] = [endpoint()]) {
  const state = { created: [] as unknown[], tests: 0, redelivered: [] as string[] };
  const handlers = [
    rest.get(`${API}/:guildId/webhooks`, () => HttpResponse.json({ endpoints, max: 10 })),
    rest.get(`${API}/:guildId/webhook-deliveries`, () => HttpResponse.json({ deliveries: [delivery] })),
    rest.post(`${API}/:guildId/webhooks`, async ({ request }) => {
      const body = (await request.json()) as { Url: string };
      state.created.push(body);
      if (body.Url.includes("127.0.0.1"))
        return HttpResponse.json(
          { error: "The webhook's address resolves to a private, loopback or link-local network: it cannot be used." },
          { status: 400 },
        );
      return HttpResponse.json(
        { message: "added", endpoint: endpoint({ Id: 2, Url: body.Url }), secret: "whsec_shown_once" },
        { status: 201 },
      );
    }),
    rest.post(`${API}/:guildId/webhooks/:id/test`, () => {
      state.tests++;
      return HttpResponse.json({ message: "Test delivered", delivery: { ...delivery, Id: 8, Event: "webhook.test", Status: "delivered" } });
    }),
    rest.post(`${API}/:guildId/webhook-deliveries/:id/redeliver`, ({ params }) => {
      state.redelivered.push(String(params.id));
      return HttpResponse.json({ message: "Redelivered", delivery: { ...delivery, Id: 9, Status: "delivered" } });
    }),
  ];
  return { state, handlers };
}

describe("Webhooks screen", () => {
  afterEach(async () => {
    await changeLocale("en");
  });

  it("lists the endpoints and deliveries, and says why an endpoint was turned off", async () => {
    const reason = "Turned off after 10 failed attempts in a row; the last: The endpoint answered 500.";
    renderApp(`/${community}/webhooks`, server, { handlers: fakeApi([endpoint({ Enabled: false, DisabledReason: reason })]).handlers });
    expect(await screen.findByText("https://hooks.example.com/ticketeer", { selector: "code" })).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.getByText(text.off)).toBeInTheDocument();
    expect(screen.getByText("JSON · Ticket opened, Ticket closed")).toBeInTheDocument();
    const row = (await screen.findByText("ticket.opened")).closest("tr")!;
    expect(within(row).getByText("Retrying")).toBeInTheDocument();
    expect(within(row).getByText("500")).toBeInTheDocument();
    expect(within(row).getByText("2")).toBeInTheDocument();
    // A turned-off endpoint cannot be tested.
    expect(screen.getByRole("button", { name: text.sendTest })).toBeDisabled();
  });

  it("adds an endpoint with the chosen events and shows its secret once; a refused address is said in words", async () => {
    const api = fakeApi([]);
    renderApp(`/${community}/webhooks`, server, { handlers: api.handlers });
    expect(await screen.findByText(text.none)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: text.add }));
    await userEvent.type(screen.getByLabelText(text.url), "https://127.0.0.1/hooks");
    await userEvent.click(screen.getByRole("checkbox", { name: "Ticket closed" }));
    await userEvent.click(screen.getByRole("radio", { name: "Slack-compatible" }));
    await userEvent.click(within(document.querySelector("form")!).getByRole("button", { name: text.add }));
    expect(
      await screen.findByText("The webhook's address resolves to a private, loopback or link-local network: it cannot be used."),
    ).toBeInTheDocument();
    const url = screen.getByLabelText(text.url);
    await userEvent.clear(url);
    await userEvent.type(url, "https://hooks.example.com/new");
    await userEvent.click(within(document.querySelector("form")!).getByRole("button", { name: text.add }));
    expect(await screen.findByDisplayValue("whsec_shown_once")).toBeInTheDocument();
    expect(api.state.created.at(-1)).toEqual({
      Url: "https://hooks.example.com/new",
      Events: ["ticket.opened", "ticket.closed"],
      Format: "slack",
      Description: "",
      Enabled: true,
    });
  });

  it("sends a test and redelivers a delivery", async () => {
    const api = fakeApi();
    renderApp(`/${community}/webhooks`, server, { handlers: api.handlers });
    await userEvent.click(await screen.findByRole("button", { name: text.sendTest }));
    await waitFor(() => expect(api.state.tests).toBe(1));
    await userEvent.click(screen.getByRole("button", { name: text.redeliver }));
    await waitFor(() => expect(api.state.redelivered).toEqual(["7"]));
  });

  it("is for managers: staff get the 'no access' page and no request is made", async () => {
    const api = fakeApi();
    let listed = 0;
    renderApp(`/${community}/webhooks`, server, {
      handlers: [
        ...api.handlers,
        rest.get(`${API}/:guildId/webhooks`, () => {
          listed++;
          return HttpResponse.json({ endpoints: [], max: 10 });
        }),
        rest.get(`${API}/:guildId/permissions`, () => HttpResponse.json({ level: "staff", permissions: allPermissions() })),
      ],
    });
    expect(await screen.findByTestId("no-access")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Webhooks" })).toBeNull();
    expect(listed).toBe(0);
  });

  it("speaks Spanish", async () => {
    await changeLocale("es");
    renderApp(`/${community}/webhooks`, server, { handlers: fakeApi().handlers });
    expect(await screen.findByRole("button", { name: "Añadir endpoint" })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Enviar prueba" })).toBeInTheDocument();
    expect(await screen.findByText("Reintentando")).toBeInTheDocument();
    expect(screen.getByText("JSON · Ticket abierto, Ticket cerrado")).toBeInTheDocument();
  });
});
