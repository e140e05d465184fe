import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { changeLocale } from "../../../src/i18n/core";
import CommandsPage from "../../../src/public-site/commands/CommandsPage";
import { botCommands as registry, messageCommands, slashCommands } from "../../../src/schemas/command-list";

// The public /commands page lists every command the bot registers: the slash commands, and the message commands of a
// message's Apps menu ("Open ticket about this message"), each under its own heading, in English and Spanish.

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => changeLocale("en"));
  localStorage.clear();
});

/** The cards of the section headed `title`: [name, usage] each. */
function cardsUnder(title: string) {
  const section = screen.getByRole("region", { name: title });
  return within(section)
    .getAllByRole("listitem")
    .map((card) => [within(card).getByRole("heading", { level: 3 }).textContent, card.querySelector(".command-usage code")!.textContent]);
}

describe("the commands page", () => {
  it("shows the message command under Message commands, with where to find it, apart from the slash commands", () => {
    expect(messageCommands.length).toBeGreaterThan(0);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status: 401 })),
    );
    render(<CommandsPage />);
    expect(cardsUnder("Message commands")).toEqual([["Open ticket about this message", "Apps → Open ticket about this message"]]);
    const slash = cardsUnder("Slash commands");
    expect(slash.map(([name]) => name)).toEqual(slashCommands.map((c) => `/${c.name}${c.subcommand ? ` ${c.subcommand}` : ""}`));
    expect(slash.find(([name]) => name === "/close")![1]).toBe("/close [reason] [details]");
    expect(screen.getByText(`${registry.length} commands`)).toBeInTheDocument();
    expect(screen.getByText("Right-click a message (long-press on a phone), then Apps.")).toBeInTheDocument();
    // Searching finds it by where it lives; the slash commands' heading goes when none of them matches.
    fireEvent.change(screen.getByRole("searchbox", { name: "Search commands" }), { target: { value: "apps" } });
    expect(cardsUnder("Message commands").map(([name]) => name)).toEqual(["Open ticket about this message"]);
    expect(screen.queryByRole("region", { name: "Slash commands" })).not.toBeInTheDocument();
  });

  it("names it as a Spanish Discord client does, in Spanish", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status: 401 })),
    );
    await act(() => changeLocale("es"));
    render(<CommandsPage />);
    expect(cardsUnder("Comandos de mensaje")).toEqual([
      ["Abrir ticket sobre este mensaje", "Aplicaciones → Abrir ticket sobre este mensaje"],
    ]);
    const card = within(screen.getByRole("region", { name: "Comandos de mensaje" })).getByRole("listitem");
    expect(card).toHaveTextContent(
      "Clic derecho en un mensaje → Aplicaciones → Abrir ticket sobre este mensaje: se abre un ticket para el autor del mensaje (o para ti, según elija el servidor), citándolo y enlazándolo.",
    );
    expect(cardsUnder("Comandos de barra").map(([name]) => name)).toContain("/close");
    expect(screen.getByText("Haz clic derecho en un mensaje (en el móvil, mantenlo pulsado) y elige Aplicaciones.")).toBeInTheDocument();
  });
});
