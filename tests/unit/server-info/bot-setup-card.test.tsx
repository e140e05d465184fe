import { act, fireEvent, screen, within } from "@testing-library/react";
import { delay, http as rest, HttpResponse } from "msw";
import { afterEach, describe, expect, it, vi } from "vitest";
import { changeLocale } from "../../../src/i18n/core";
import { botPermissionBits } from "../../../src/schemas/bot-permissions";
import type { BotSetupResponse } from "../../../src/schemas/bot-setup";
import { allPermissions, noPermissions } from "../../../src/schemas/team";
import { everyProblem, everyProblemEnglish, everyProblemSpanish } from "../../fixtures/bot-setup-answers";
import { API, useMswServer } from "../providers/helpers";
import { community, renderApp } from "../shell/harness";

// Server info's Bot setup card (GET /{guildId}/bot-setup through MSW): loading, the all-good line, every kind of
// problem in the owner's words with what to do — in English and in Spanish — the invite link when a permission is
// missing server-wide, "Check again" asking for fresh facts, and nothing at all for staff without ViewSettings.

const server = useMswServer();
vi.setConfig({ testTimeout: 30_000 });
afterEach(async () => {
  await act(() => changeLocale("en"));
  localStorage.clear();
});

const healthy = (): BotSetupResponse => ({
  platform: "demo",
  checkedAt: Date.now(),
  inviteUrl: "https://discord.com/oauth2/authorize?client_id=1",
  problems: [],
});
const botSetup = (answer: () => BotSetupResponse | Promise<BotSetupResponse | Response>, seen: URL[] = []) =>
  rest.get(`${API}/:guildId/bot-setup`, async ({ request }) => {
    seen.push(new URL(request.url));
    const body = await answer();
    return body instanceof Response ? body : HttpResponse.json(body);
  });

// The first visit imports the Server info chunk (and the Spanish dictionary): slow on a busy machine.
const card = async () =>
  (await screen.findByRole("heading", { name: /^(Bot setup|Configuración del bot)$/ }, { timeout: 15_000 })).closest(
    ".bot-setup-card",
  ) as HTMLElement;
/** Each problem's lines, as the owner reads them. */
const problemLines = (root: HTMLElement) =>
  within(root)
    .getAllByRole("listitem")
    .map((item) =>
      [...item.querySelectorAll(".bot-setup-problem-text > p:not(.bot-setup-invite)")].map((p) =>
        p.textContent!.replace(/^(Needs fixing:|Warning:|Hay que arreglarlo:|Aviso:) /, ""),
      ),
    );

describe("Bot setup card", () => {
  it("shows a loading state, then 'Everything the bot needs is in place.'", async () => {
    renderApp(`/${community}`, server, { handlers: [botSetup(async () => (await delay(150), healthy()))] });
    const root = await card();
    expect(within(root).getByText("Checking what the bot needs…")).toBeInTheDocument();
    expect(await within(root).findByText("Everything the bot needs is in place.")).toBeInTheDocument();
    expect(within(root).getByText("Checked now. On the demo platform the bot is set up as the docs ask.")).toBeInTheDocument();
    expect(within(root).queryByRole("list")).toBeNull();
  });

  it("says every kind of problem with what to do, and offers the invite again for a permission missing server-wide", async () => {
    const answer = everyProblem(community);
    renderApp(`/${community}`, server, { handlers: [botSetup(() => answer)] });
    const root = await card();
    await within(root).findByText("13 things to fix");
    expect(problemLines(root)).toEqual(everyProblemEnglish);
    // The invite again sits with the permission missing server-wide ("… with the link below").
    const invite = within(within(root).getAllByRole("listitem")[0]).getByRole("link", {
      name: "Invite Ticketeer again with the permissions it needs",
    });
    expect(within(root).getAllByRole("link")).toHaveLength(1);
    expect(invite).toHaveAttribute("href", answer.inviteUrl);
    expect(invite).toHaveAttribute("target", "_blank");
    expect(new URL(invite.getAttribute("href")!).searchParams.get("permissions")).toBe(botPermissionBits);
    // The severity is said, not only drawn.
    expect(within(root).getAllByText("Needs fixing:")).toHaveLength(10);
    expect(within(root).getAllByText("Warning:")).toHaveLength(3);
  });

  it("in Spanish", async () => {
    await act(() => changeLocale("es"));
    renderApp(`/${community}`, server, { handlers: [botSetup(() => everyProblem(community))] });
    const root = await card();
    await within(root).findByText("13 cosas por arreglar");
    expect(problemLines(root)).toEqual(everyProblemSpanish);
    expect(within(root).getByRole("link", { name: "Invita de nuevo a Ticketeer con los permisos que necesita" })).toBeInTheDocument();
    expect(within(root).getByRole("button", { name: "Comprobar de nuevo" })).toBeInTheDocument();
  });

  it("the all-good line and a single problem in Spanish", async () => {
    await act(() => changeLocale("es"));
    const one = { ...healthy(), problems: [{ kind: "messageContentIntent" as const }] };
    let answer: BotSetupResponse = healthy();
    renderApp(`/${community}`, server, { handlers: [botSetup(() => answer)] });
    const root = await card();
    expect(await within(root).findByText("El bot tiene todo lo que necesita.")).toBeInTheDocument();
    answer = one;
    fireEvent.click(within(root).getByRole("button", { name: "Comprobar de nuevo" }));
    expect(await within(root).findByText("1 cosa por arreglar")).toBeInTheDocument();
    // No permission missing server-wide: no invite link.
    expect(within(root).queryByRole("link")).toBeNull();
  });

  it("Check again asks for fresh facts and keeps the last answer on screen meanwhile", async () => {
    const seen: URL[] = [];
    let answer = everyProblem(community);
    renderApp(`/${community}`, server, { handlers: [botSetup(async () => (seen.length > 1 && (await delay(200)), answer), seen)] });
    const root = await card();
    await within(root).findByText("13 things to fix");
    expect(seen[0].searchParams.get("fresh")).toBeNull();
    answer = healthy();
    fireEvent.click(within(root).getByRole("button", { name: "Check again" }));
    expect(await within(root).findByRole("button", { name: /Checking…/ })).toBeDisabled();
    expect(within(root).getByText("13 things to fix")).toBeInTheDocument();
    expect(await within(root).findByText("Everything the bot needs is in place.")).toBeInTheDocument();
    expect(seen.at(-1)!.searchParams.get("fresh")).toBe("true");
  });

  it("a failed check says so, and Check again tries again", async () => {
    let fail = true;
    renderApp(`/${community}`, server, {
      handlers: [
        botSetup(() =>
          fail
            ? Promise.resolve(
                HttpResponse.json({ error: "The chat platform is unavailable (503). Please try again later." }, { status: 502 }),
              )
            : healthy(),
        ),
      ],
    });
    const root = await card();
    expect(await within(root).findByRole("alert")).toHaveTextContent(
      "Couldn't check the bot's setup: The chat platform is unavailable (503). Please try again later.",
    );
    fail = false;
    fireEvent.click(within(root).getByRole("button", { name: "Check again" }));
    expect(await within(root).findByText("Everything the bot needs is in place.")).toBeInTheDocument();
  });

  it("is not shown to staff without ViewSettings (and not asked for)", async () => {
    const seen: URL[] = [];
    renderApp(`/${community}`, server, {
      handlers: [
        rest.get(`${API}/:guildId/permissions`, () =>
          HttpResponse.json({ level: "staff", permissions: { ...noPermissions(), ViewTag: true, ViewTranscripts: true } }),
        ),
        botSetup(healthy, seen),
      ],
    });
    expect(await screen.findByRole("heading", { name: "Demo Community" })).toBeInTheDocument();
    // The same permissions answer has reached the page: the ticket strip, which needs ViewTranscripts, is drawn.
    expect(await screen.findByRole("navigation", { name: "Tickets at a glance" }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Bot setup" })).toBeNull();
    expect(seen).toEqual([]);
    expect(allPermissions().ViewSettings).toBe(true);
  });
});
