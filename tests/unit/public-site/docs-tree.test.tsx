import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { docsMessages } from "../../../src/schemas/messages";
import { docSections } from "../../../src/public-site/docs/content";
import { DocsView } from "../../../src/public-site/docs/DocsPage";
import { docSectionsSchema, type DocSection } from "../../../src/public-site/docs/schema";
import { findSection, flattenSections, sectionIdFromPath } from "../../../src/public-site/docs/tree";

afterEach(cleanup);

const section = (id: string, children?: DocSection[]): DocSection => ({
  id,
  title: id.toUpperCase(),
  blocks: [{ type: "paragraph", text: `About ${id}` }],
  children,
});
const tree = [section("a", [section("a-one"), section("a-two", [section("a-two-x")])]), section("b")];

describe("documentation tree", () => {
  it("flattens depth first and numbers every section", () => {
    expect(flattenSections(tree).map((e) => `${e.number} ${e.section.id}`)).toEqual([
      "1 a",
      "1.1 a-one",
      "1.2 a-two",
      "1.2.1 a-two-x",
      "2 b",
    ]);
    expect(flattenSections(tree).map((e) => e.depth)).toEqual([0, 1, 1, 2, 0]);
  });

  it("finds Previous and Next in flattened order", () => {
    const middle = findSection(tree, "a-two-x")!;
    expect(middle.previous?.section.id).toBe("a-two");
    expect(middle.next?.section.id).toBe("b");
    expect(findSection(tree, "a")!.previous).toBeNull();
    expect(findSection(tree, "b")!.next).toBeNull();
    expect(findSection(tree, "nope")).toBeNull();
  });

  it("reads the section id from the path", () => {
    expect(sectionIdFromPath("/docs/quick-setup")).toBe("quick-setup");
    expect(sectionIdFromPath("/docs/quick-setup/")).toBe("quick-setup");
    expect(sectionIdFromPath("/docs")).toBeNull();
    expect(sectionIdFromPath("/docs/a/b")).toBeNull();
  });

  it("ships the sections of the spec, valid against the content schema", () => {
    expect(() => docSectionsSchema.parse(docSections)).not.toThrow();
    expect(flattenSections(docSections).map((e) => `${e.number} ${e.section.title}`)).toEqual([
      "1 Quick Setup",
      "1.1 Inviting The Bot",
      "1.2 Bot Configuration",
      "2 Advanced Usage",
      "2.1 Configuration",
      "2.1.1 Custom Themes",
      "2.1.2 Automation",
    ]);
    expect(docSections[0].id).toBe("quick-setup");
  });

  it("covers every block type and both permission warnings in the shipped content", () => {
    const types = new Set<string>();
    const texts: string[] = [];
    const visit = (blocks: DocSection["blocks"]) =>
      blocks.forEach((b) => {
        types.add(b.type);
        if (b.type === "note") texts.push(`${b.title} ${b.text}`);
        if (b.type === "dropdown") visit(b.blocks);
      });
    flattenSections(docSections).forEach((e) => visit(e.section.blocks));
    expect([...types].sort()).toEqual(["code", "divider", "dropdown", "header", "image", "link", "list", "note", "paragraph", "video"]);
    expect(texts.some((t) => t.includes("The bot needs these permissions; keep them ticked"))).toBe(true);
    expect(texts.some((t) => t.includes("Manage Server permission"))).toBe(true);
  });

  it("rejects malformed content", () => {
    expect(docSectionsSchema.safeParse([{ id: "Bad Id", title: "x", blocks: [] }]).success).toBe(false);
    expect(docSectionsSchema.safeParse([section("a"), section("a")]).success).toBe(false);
    expect(
      docSectionsSchema.safeParse([
        { id: "a", title: "A", blocks: [{ type: "image", src: "https://evil.example/x.png", alt: "x", width: 1, height: 1 }] },
      ]).success,
    ).toBe(false);
    expect(docSectionsSchema.safeParse([{ id: "a", title: "A", blocks: [{ type: "marquee", text: "x" }] }]).success).toBe(false);
  });
});

describe("documentation page", () => {
  it("shows the numbered tree, the section and Previous/Next links", () => {
    render(<DocsView sectionId="a-two" sections={tree} />);
    const nav = screen.getByRole("navigation", { name: "Documentation" });
    expect(within(nav).getByRole("link", { name: "1.2 A-TWO" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "1.2.1 A-TWO-X" })).toHaveAttribute("href", "/docs/a-two-x");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("1.2 A-TWO");
    expect(screen.getByText("About a-two")).toBeInTheDocument();
    const pager = screen.getByRole("navigation", { name: "Previous and next sections" });
    expect(within(pager).getByRole("link", { name: /Previous.*1\.1 A-ONE/ })).toHaveAttribute("href", "/docs/a-one");
    expect(within(pager).getByRole("link", { name: /Next.*1\.2\.1 A-TWO-X/ })).toHaveAttribute("href", "/docs/a-two-x");
  });

  it("shows only Next on the first section and only Previous on the last", () => {
    const { unmount } = render(<DocsView sectionId="a" sections={tree} />);
    expect(screen.queryByRole("link", { name: /Previous/ })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Next/ })).toHaveAttribute("href", "/docs/a-one");
    unmount();
    render(<DocsView sectionId="b" sections={tree} />);
    expect(screen.getByRole("link", { name: /Previous/ })).toHaveAttribute("href", "/docs/a-two-x");
    expect(screen.queryByRole("link", { name: /Next/ })).not.toBeInTheDocument();
  });

  it("shows 'Section not found' for an unknown section, with the tree", () => {
    render(<DocsView sectionId="unknown" sections={tree} />);
    expect(screen.getByRole("heading", { name: docsMessages.sectionNotFound })).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Documentation" })).toBeInTheDocument();
  });

  it("shows 'No documentation sections found!' for an empty list", () => {
    render(<DocsView sectionId="quick-setup" sections={[]} />);
    expect(screen.getByText(docsMessages.noSections)).toBeInTheDocument();
  });
});
