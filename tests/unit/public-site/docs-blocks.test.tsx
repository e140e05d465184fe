import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { limits } from "../../../src/schemas/limits";
import { DocBlocks } from "../../../src/public-site/docs/DocBlocks";
import { renderInline } from "../../../src/public-site/docs/inline";
import type { DocBlock } from "../../../src/public-site/docs/schema";

afterEach(cleanup);

const show = (blocks: DocBlock[]) => render(<DocBlocks blocks={blocks} />);

describe("documentation block renderer", () => {
  it("renders a paragraph with inline markdown-style links opening in a new tab", () => {
    show([{ type: "paragraph", text: "Read the [guide](https://example.com/guide) or run `/help` as **admin** in *any* channel." }]);
    const link = screen.getByRole("link", { name: "guide" });
    expect(link).toHaveAttribute("href", "https://example.com/guide");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.getByText("/help").tagName).toBe("CODE");
    expect(screen.getByText("admin").tagName).toBe("STRONG");
    expect(screen.getByText("any").tagName).toBe("EM");
    expect(link.closest("p")).toHaveTextContent("Read the guide or run /help as admin in any channel.");
  });

  it("never turns an inline link into a javascript: URL", () => {
    const { container } = render(<p>{renderInline("[click](javascript:alert(1))")}</p>);
    expect(container.querySelector("a")).toHaveAttribute("href", "#");
  });

  it("renders headers at level 2 by default and level 3 on request", () => {
    show([
      { type: "header", text: "Before you start" },
      { type: "header", text: "Details", level: 3 },
    ]);
    expect(screen.getByRole("heading", { level: 2, name: "Before you start" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 3, name: "Details" })).toBeInTheDocument();
  });

  it("renders a code block verbatim with its language and a copy button", () => {
    const code = "ticket-%id%  →  ticket-42\n<script>";
    const { container } = show([{ type: "code", code, language: "text" }]);
    expect(container.querySelector("pre code")?.textContent).toBe(code);
    expect(screen.getByText("text")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Copy code" })).toBeInTheDocument();
  });

  it("renders ordered and unordered lists", () => {
    const { container } = show([
      { type: "list", ordered: true, items: ["Invite the bot", "Configure it"] },
      { type: "list", ordered: false, items: ["General", "Claiming", "Auto Close"] },
    ]);
    expect(container.querySelectorAll("ol > li")).toHaveLength(2);
    expect(container.querySelectorAll("ul > li")).toHaveLength(3);
    expect(container.querySelector("ol")).toHaveTextContent("Invite the botConfigure it");
  });

  it("renders notes in every variant, with a default or given title", () => {
    show([
      { type: "note", variant: "info", text: "An info." },
      { type: "note", variant: "tip", text: "A tip." },
      { type: "note", variant: "warning", title: "Administrator permissions required", text: "A warning." },
      { type: "note", variant: "danger", text: "A danger." },
    ]);
    const notes = screen.getAllByRole("note");
    expect(notes.map((n) => n.getAttribute("data-variant"))).toEqual(["info", "tip", "warning", "danger"]);
    expect(within(notes[0]).getByText("Note")).toBeInTheDocument();
    expect(within(notes[1]).getByText("Tip")).toBeInTheDocument();
    expect(within(notes[2]).getByText("Administrator permissions required")).toBeInTheDocument();
    expect(within(notes[3]).getByText("Danger")).toBeInTheDocument();
    expect(notes[3]).toHaveClass("doc-note-danger");
  });

  it("renders link blocks: external ones in a new tab, internal ones in place", () => {
    show([
      { type: "link", href: "https://discord.com/developers", text: "Developer portal" },
      { type: "link", href: "/commands", text: "Browse every slash command" },
    ]);
    const external = screen.getByRole("link", { name: "Developer portal" });
    expect(external).toHaveAttribute("target", "_blank");
    expect(external).toHaveAttribute("rel", "noopener noreferrer");
    const internal = screen.getByRole("link", { name: "Browse every slash command" });
    expect(internal).toHaveAttribute("href", "/commands");
    expect(internal).not.toHaveAttribute("target");
  });

  it("renders a divider", () => {
    const { container } = show([{ type: "divider" }]);
    expect(container.querySelector("hr")).toBeInTheDocument();
  });

  it("renders a collapsible dropdown holding nested blocks, closed at first", () => {
    const { container } = show([
      {
        type: "dropdown",
        title: "Why does the bot need Administrator?",
        blocks: [{ type: "paragraph", text: "Every ticket is a new channel." }],
      },
    ]);
    const details = container.querySelector("details")!;
    expect(details).not.toHaveAttribute("open");
    expect(details.querySelector("summary")).toHaveTextContent("Why does the bot need Administrator?");
    expect(within(details).getByText("Every ticket is a new channel.")).toBeInTheDocument();
  });

  it("renders images from the public folder, sized, lazy and at most 400px high", () => {
    show([{ type: "image", src: "/docs/dashboard-settings.webp", alt: "Settings page", width: 960, height: 540, caption: "Settings" }]);
    const img = screen.getByRole("img", { name: "Settings page" });
    expect(img).toHaveAttribute("src", "/docs/dashboard-settings.webp");
    expect(img).toHaveAttribute("width", "960");
    expect(img).toHaveAttribute("height", "540");
    expect(img).toHaveAttribute("loading", "lazy");
    expect(img.style.maxHeight).toBe(`${limits.docMediaMaxHeightPx}px`);
    expect(screen.getByText("Settings").tagName).toBe("FIGCAPTION");
  });

  it("renders videos with a poster, controls and at most 400px high", () => {
    const { container } = show([
      {
        type: "video",
        src: "/docs/create-panel.webm",
        poster: "/docs/create-panel-poster.webp",
        width: 960,
        height: 540,
        caption: "Creating a panel",
      },
    ]);
    const video = container.querySelector("video")!;
    expect(video).toHaveAttribute("poster", "/docs/create-panel-poster.webp");
    expect(video).toHaveAttribute("controls");
    expect(video.style.maxHeight).toBe("400px");
    expect(video.querySelector("source")).toHaveAttribute("src", "/docs/create-panel.webm");
    expect(video.querySelector("source")).toHaveAttribute("type", "video/webm");
  });
});
