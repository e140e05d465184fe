import { act, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { changeLocale } from "../../../src/i18n/core";
import { http as rest, HttpResponse } from "msw";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "./harness";

const server = useMswServer();

describe("the browser tab names the page, the server and the product", { timeout: 20_000 }, () => {
  afterEach(async () => {
    await act(() => changeLocale("en"));
    localStorage.clear();
  });

  it("on the server picker", async () => {
    renderApp("/dashboard", server);
    await waitFor(() => expect(document.title).toBe("Your Servers · Ticketeer"));
  });

  it("on a resource of a server, in the language on screen", async () => {
    renderApp(`/${community}/tags`, server, { handlers: [rest.get(`${API}/:guildId/tags`, () => HttpResponse.json({ tags: [] }))] });
    await waitFor(() => expect(document.title).toBe("Tags · Demo Community · Ticketeer"));
    await act(() => changeLocale("es"));
    await waitFor(() => expect(document.title).toBe("Etiquetas · Demo Community · Ticketeer"));
  });

  it("on a server's own page", async () => {
    renderApp(`/${community}`, server);
    await waitFor(() => expect(document.title).toBe("Demo Community · Ticketeer"));
  });
});
