import { act, cleanup, render, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { changeLocale } from "../../../src/i18n/core";
import es from "../../../src/i18n/locales/es";
import { docSections } from "../../../src/public-site/docs/content";
import { docSectionsEs } from "../../../src/public-site/docs/content.es";
import { DocsView } from "../../../src/public-site/docs/DocsPage";
import { docSectionsSchema, type DocSection } from "../../../src/public-site/docs/schema";
import { faqGroups } from "../../../src/public-site/faq/data";
import { faqGroupsEs } from "../../../src/public-site/faq/data.es";
import FaqPage from "../../../src/public-site/faq/FaqPage";
import { privacySections } from "../../../src/public-site/legal/PrivacyPage";
import { privacySectionsEs } from "../../../src/public-site/legal/privacy.es";
import TermsPage, { termsSections, userGuidelines } from "../../../src/public-site/legal/TermsPage";
import { termsSectionsEs, userGuidelinesEs } from "../../../src/public-site/legal/terms.es";
import {
  botCommands,
  commandDescriptionKey,
  searchCommands,
  localizedAccess,
  localizedCommands,
} from "../../../src/public-site/commands/data";
import CommandsPage from "../../../src/public-site/commands/CommandsPage";
import { t } from "../../../src/i18n/core";

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => changeLocale("en"));
  localStorage.clear();
});

/** The section tree without its texts: ids and children, recursively. */
type Shape = { id: string; children: Shape[] };
const shape = (sections: DocSection[]): Shape[] => sections.map((s) => ({ id: s.id, children: shape(s.children ?? []) }));

describe("Spanish content of the site pages", () => {
  it("validates the Spanish documentation and mirrors the English section tree", () => {
    expect(() => docSectionsSchema.parse(docSectionsEs)).not.toThrow();
    expect(shape(docSectionsEs)).toEqual(shape(docSections));
    // Media and links point to the same places.
    const targets = (sections: DocSection[]): string[] =>
      sections.flatMap((s) => [
        ...(JSON.stringify(s.blocks).match(/"(?:src|href|poster)":"[^"]+"|\]\([^)]+\)/g) ?? []),
        ...targets(s.children ?? []),
      ]);
    expect(targets(docSectionsEs)).toEqual(targets(docSections));
  });

  it("mirrors the FAQ groups and the legal sections (same ids, so #anchors stay the same)", () => {
    expect(faqGroupsEs.map((g) => [g.id, g.entries.length])).toEqual(faqGroups.map((g) => [g.id, g.entries.length]));
    expect(termsSectionsEs.map((s) => s.id)).toEqual(termsSections.map((s) => s.id));
    expect(privacySectionsEs.map((s) => s.id)).toEqual(privacySections.map((s) => s.id));
    expect(userGuidelinesEs).toHaveLength(userGuidelines.length);
  });

  it("has a Spanish description for every command (keys built from data)", () => {
    const missing = botCommands.map(commandDescriptionKey).filter((key) => !(key in es));
    expect(missing).toEqual([]);
  });

  it("keeps the English command texts and searches the translated ones", async () => {
    expect(localizedCommands(botCommands, t).map((c) => c.description)).toEqual(botCommands.map((c) => c.description));
    await changeLocale("es");
    const commands = localizedCommands(botCommands, t);
    expect(commands.find((c) => c.name === "/claim")!.description).toBe(es["site.commands.description.claim"]);
    expect(searchCommands(commands, "gestores del servidor", localizedAccess(t)).map((c) => c.name)).toEqual(
      expect.arrayContaining(["/panel resend", "/settings"]),
    );
  });
});

describe("site pages in Spanish", () => {
  it("renders the documentation in Spanish after changeLocale('es'), English before", async () => {
    render(<DocsView sectionId="inviting-the-bot" />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("1.1 Inviting The Bot");
    expect(screen.getByRole("navigation", { name: "Documentation" })).toBeInTheDocument();

    await act(() => changeLocale("es"));
    expect(await screen.findByRole("heading", { level: 1, name: "1.1 Invitar al bot" })).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Documentación" });
    expect(within(nav).getByRole("link", { name: "2.1.2 Automatización" })).toHaveAttribute("href", "/docs/automation");
    const pager = screen.getByRole("navigation", { name: "Secciones anterior y siguiente" });
    expect(within(pager).getByRole("link", { name: /Anterior.*1 Configuración rápida/ })).toHaveAttribute("href", "/docs/quick-setup");
    expect(within(pager).getByRole("link", { name: /Siguiente.*1\.2 Configuración del bot/ })).toHaveAttribute(
      "href",
      "/docs/bot-configuration",
    );
    expect(screen.getByText("Sección 1.1")).toBeInTheDocument();

    await act(() => changeLocale("en"));
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("1.1 Inviting The Bot");
  });

  it("prerenders English even while Spanish is on (the HTML that hydration must match)", async () => {
    await changeLocale("es");
    const html = renderToString(<DocsView sectionId="quick-setup" />);
    expect(html).toContain("Quick Setup");
    expect(html).not.toContain("Configuración rápida");
  });

  it("shows the not-found text with its link in both languages", async () => {
    render(<DocsView sectionId="nope" />);
    expect(screen.getByText(/The page you are looking for does not exist/)).toHaveTextContent(
      "The page you are looking for does not exist. Start with Quick Setup or pick a section from the list.",
    );
    await act(() => changeLocale("es"));
    expect(await screen.findByRole("link", { name: "Configuración rápida" })).toHaveAttribute("href", "/docs/quick-setup");
    expect(screen.getByText(/La página que buscas no existe/)).toHaveTextContent(
      "La página que buscas no existe. Empieza por Configuración rápida o elige una sección de la lista.",
    );
  });

  it("renders the terms, the FAQ and the commands in Spanish", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status: 401 })),
    );
    await act(() => changeLocale("es"));
    const { unmount } = render(<TermsPage />);
    expect(await screen.findByRole("heading", { level: 2, name: "4. Normas de uso" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Términos del servicio" })).toBeInTheDocument();
    expect(screen.getByText("Última actualización: 1 de junio de 2025")).toBeInTheDocument();
    unmount();

    const faq = render(<FaqPage />);
    expect(await screen.findByText("¿Cómo añado Ticketeer a mi servidor?")).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Temas" })).toBeInTheDocument();
    faq.unmount();

    render(<CommandsPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Comandos" })).toBeInTheDocument();
    expect(screen.getByPlaceholderText("Buscar comandos...")).toBeInTheDocument();
    expect(screen.getByText(`${botCommands.length} comandos`)).toBeInTheDocument();
    expect(screen.getByText(es["site.commands.description.claim"])).toBeInTheDocument();
  });
});
