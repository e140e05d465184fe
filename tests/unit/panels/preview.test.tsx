import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Embed, fieldRows } from "../../../src/resources/engine/chat/EmbedPreview";
import { Markdown } from "../../../src/resources/engine/chat/markdown";
import { MultiPanelPreview, SinglePanelPreview } from "../../../src/resources/panels/preview/PanelPreview";

const emojis = [{ id: "812345678901234801", name: "ticket", url: "/images/guilds/emojis/ticket.svg" }];

describe("markdown of the preview", () => {
  it("renders bold, italic, underline, strike, inline code and http(s) links", () => {
    const { container } = render(<Markdown text={"**bold** *it* _it2_ __under__ ~~gone~~ `x<y` [site](https://example.com/a)"} />);
    expect(container.querySelector("strong")).toHaveTextContent("bold");
    expect([...container.querySelectorAll("em")].map((e) => e.textContent)).toEqual(["it", "it2"]);
    expect(container.querySelector("u")).toHaveTextContent("under");
    expect(container.querySelector("s")).toHaveTextContent("gone");
    expect(container.querySelector("code")).toHaveTextContent("x<y");
    const link = screen.getByRole("link", { name: "site" });
    expect(link).toHaveAttribute("href", "https://example.com/a");
    expect(link).toHaveAttribute("rel", expect.stringContaining("noopener"));
  });

  it("escapes everything else: <script> and HTML show as text", () => {
    const hostile = '<script>alert(1)</script><img src=x onerror="alert(2)"> **<b>x</b>**';
    const { container } = render(<Markdown text={hostile} />);
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("b")).toBeNull();
    expect(container.textContent).toContain("<script>alert(1)</script>");
    expect(container.querySelector("strong")).toHaveTextContent("<b>x</b>");
  });

  it("does not link javascript: targets and keeps line breaks", () => {
    const { container } = render(<Markdown text={"[x](javascript:alert(1))\nnext"} />);
    expect(container.querySelector("a")).toBeNull();
    expect(container.textContent).toContain("[x](javascript:alert(1))");
    expect(container.querySelectorAll("br")).toHaveLength(1);
  });
});

describe("embed preview", () => {
  it("lays inline fields out in rows of three; a field that is not inline takes a row", () => {
    const f = (n: number, Inline = true) => ({ FieldName: `n${n}`, FieldValue: `v${n}`, Inline });
    expect(fieldRows([f(1), f(2), f(3), f(4), f(5, false), f(6)]).map((r) => r.map((x) => x.FieldName))).toEqual([
      ["n1", "n2", "n3"],
      ["n4"],
      ["n5"],
      ["n6"],
    ]);
  });

  it("shows the colour bar, author, linked title, description, fields, images and footer", () => {
    render(
      <Embed
        embed={{
          color: "#FF0000",
          author: "Staff",
          authorIconUrl: "https://cdn.example/a.png",
          title: "Need help?",
          titleUrl: "https://example.com",
          description: "Click **below**",
          fields: [{ FieldName: "Hours", FieldValue: "9-5", Inline: true }],
          imageUrl: "https://cdn.example/big.png",
          thumbnailUrl: "javascript:alert(1)",
          footer: "Footer text",
          footerIconUrl: "data:image/png;base64,AAAA",
        }}
      />,
    );
    const embed = screen.getByTestId("embed");
    expect(embed.style.borderInlineStartColor).toBe("rgb(255, 0, 0)");
    expect(within(embed).getByText("Staff")).toBeInTheDocument();
    expect(within(embed).getByRole("link", { name: "Need help?" })).toHaveAttribute("href", "https://example.com");
    expect(within(embed).getByText("below").tagName).toBe("STRONG");
    expect(within(embed).getByText("Hours")).toBeInTheDocument();
    expect(within(embed).getByText("9-5")).toBeInTheDocument();
    expect(within(embed).getByText("Footer text")).toBeInTheDocument();
    const images = [...embed.querySelectorAll("img")];
    // only the http(s) images: author icon and image; not the javascript: thumbnail or the data: footer icon
    expect(images.map((i) => i.getAttribute("src"))).toEqual(["https://cdn.example/a.png", "https://cdn.example/big.png"]);
    for (const img of images) expect(img).toHaveAttribute("referrerpolicy", "no-referrer");
  });
});

describe("user images", () => {
  it("an image that cannot load leaves a placeholder instead of a broken image", () => {
    render(<Embed embed={{ title: "t", imageUrl: "https://img.example/missing.png" }} />);
    const img = screen.getByTestId("embed").querySelector("img")!;
    fireEvent.error(img);
    expect(screen.getByTestId("embed").querySelector("img")).toBeNull();
    expect(screen.getByRole("img", { name: "Image unavailable" })).toHaveAttribute("title", "https://img.example/missing.png");
  });

  it("an author icon on the app's own origin (a demo staff reply's avatar) shows; other schemes and hosts do not", () => {
    const { rerender } = render(
      <Embed embed={{ author: "Demo Staff", authorIconUrl: "/images/default-avatar.svg", description: "On it." }} />,
    );
    expect(screen.getByTestId("embed").querySelector("img.embed-author-icon")).toHaveAttribute("src", "/images/default-avatar.svg");
    for (const odd of ["//evil.example/a.png", "/\\evil.example/a.png", "javascript:alert(1)", "data:image/svg+xml,<svg/>"]) {
      rerender(<Embed embed={{ author: "Demo Staff", authorIconUrl: odd, description: "On it." }} />);
      expect(screen.getByTestId("embed").querySelector("img"), odd).toBeNull();
    }
  });
});

describe("panel previews", () => {
  it("single panel: the panel message with its button (label, emoji, colour) and the welcome message", () => {
    render(
      <SinglePanelPreview
        emojis={emojis}
        values={{
          PanelName: "Support",
          PanelMessage: {
            PanelTitle: "Open a ticket",
            PanelContent: "Hello <script>",
            ButtonText: "Go",
            ButtonEmoji: "🎫",
            ButtonColor: "Danger",
          },
          WelcomeMessage: { WelcomeTitle: "Welcome!", WelcomeDescription: "*soon*" },
        }}
      />,
    );
    const panel = screen.getByRole("region", { name: "Panel Message" });
    expect(within(panel).getByText("Open a ticket")).toBeInTheDocument();
    expect(within(panel).getByText("Hello <script>")).toBeInTheDocument();
    const button = within(panel).getByTestId("preview-button");
    expect(button).toHaveTextContent("🎫Go");
    expect(button).toHaveAttribute("data-color", "Danger");
    const welcome = screen.getByRole("region", { name: "Welcome Message" });
    expect(within(welcome).getByText("Welcome!")).toBeInTheDocument();
    expect(within(welcome).getByText("soon").tagName).toBe("EM");
  });

  it("single panel: a custom emoji shows the guild's image; no text and no emoji falls back to the panel's name", () => {
    const { rerender } = render(
      <SinglePanelPreview
        emojis={emojis}
        values={{ PanelName: "Support", PanelMessage: { PanelTitle: "t", ButtonEmoji: "812345678901234801" }, WelcomeMessage: {} }}
      />,
    );
    expect(screen.getByRole("img", { name: ":ticket:" })).toHaveAttribute("src", "/images/guilds/emojis/ticket.svg");
    rerender(
      <SinglePanelPreview emojis={emojis} values={{ PanelName: "Support", PanelMessage: { PanelTitle: "t" }, WelcomeMessage: {} }} />,
    );
    expect(screen.getByTestId("preview-button")).toHaveTextContent("Support");
  });

  const members = [
    { PanelId: 1, PanelName: "General", PanelMessage: { ButtonText: "Help", ButtonEmoji: "❓", ButtonColor: "Success" } },
    { PanelId: 2, PanelName: "Billing", PanelMessage: { ButtonText: "", ButtonEmoji: "", ButtonColor: "Secondary" } },
  ];

  it("multi-panel: one button per selected panel, in order", () => {
    render(
      <MultiPanelPreview
        emojis={emojis}
        panels={members}
        values={{ PanelTitle: "Help Center", Panels: ["2", "1"], DropdownMenu: false }}
      />,
    );
    const buttons = screen.getAllByTestId("preview-button");
    expect(buttons.map((b) => b.textContent)).toEqual(["Billing", "❓Help"]);
    expect(buttons.map((b) => b.getAttribute("data-color"))).toEqual(["Secondary", "Success"]);
    expect(screen.queryByTestId("preview-dropdown")).toBeNull();
  });

  it("multi-panel: a dropdown with its placeholder and an option per panel", () => {
    render(
      <MultiPanelPreview
        emojis={emojis}
        panels={members}
        values={{ PanelTitle: "Help Center", Panels: ["1", "2"], DropdownMenu: true, DropdownMenuPlaceholder: "Pick a topic" }}
      />,
    );
    const dropdown = screen.getByTestId("preview-dropdown");
    expect(within(dropdown).getByText("Pick a topic")).toBeInTheDocument();
    expect(
      within(dropdown)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["❓Help", "Billing"]);
    expect(screen.queryByTestId("preview-button")).toBeNull();
  });
});

describe("support hours in the preview", () => {
  it("shows the panel's support hours as one more field of its message, as the bot posts it", () => {
    const values = {
      PanelName: "Help",
      PanelMessage: { PanelTitle: "Need help?", ButtonText: "Open" },
      WelcomeMessage: {},
      SupportHours: { Enabled: true, Days: [1, 2, 3, 4, 5], Start: "09:00", End: "17:00", OutsideHours: "open" },
    };
    const { rerender } = render(<SinglePanelPreview values={values} emojis={emojis} />);
    const message = screen.getByRole("region", { name: "Panel Message" });
    expect(within(message).getByText("Support hours")).toBeInTheDocument();
    expect(within(message).getByText("Monday–Friday, 09:00–17:00 (the server's time zone)")).toBeInTheDocument();
    rerender(<SinglePanelPreview values={{ ...values, SupportHours: { ...values.SupportHours, Enabled: false } }} emojis={emojis} />);
    expect(screen.queryByText("Support hours")).toBeNull();
  });
});
