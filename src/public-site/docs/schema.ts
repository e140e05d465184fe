import { z } from "zod";

// Documentation content is typed data (SPEC §2, "Documentation"), checked against this schema by the
// prerender step and the unit tests, so a malformed section fails the build instead of the page.

const mediaSrc = z.string().regex(/^\/[\w./-]+$/, "Media must be served from the public folder");
const text = z.string().min(1);

export const noteVariants = ["info", "tip", "warning", "danger"] as const;

export type DocBlock =
  | { type: "paragraph"; text: string }
  | { type: "header"; text: string; level?: 2 | 3 }
  | { type: "code"; code: string; language?: string }
  | { type: "list"; ordered: boolean; items: string[] }
  | { type: "note"; variant: (typeof noteVariants)[number]; title?: string; text: string }
  | { type: "link"; href: string; text: string }
  | { type: "divider" }
  | { type: "dropdown"; title: string; blocks: DocBlock[] }
  | { type: "image"; src: string; alt: string; width: number; height: number; caption?: string }
  | { type: "video"; src: string; poster?: string; width: number; height: number; caption?: string; mimeType?: string };

export const docBlockSchema: z.ZodType<DocBlock> = z.lazy(() =>
  z.discriminatedUnion("type", [
    z.object({ type: z.literal("paragraph"), text }),
    z.object({ type: z.literal("header"), text, level: z.union([z.literal(2), z.literal(3)]).optional() }),
    z.object({ type: z.literal("code"), code: text, language: z.string().optional() }),
    z.object({ type: z.literal("list"), ordered: z.boolean(), items: z.array(text).min(1) }),
    z.object({ type: z.literal("note"), variant: z.enum(noteVariants), title: z.string().optional(), text }),
    z.object({ type: z.literal("link"), href: z.string().regex(/^(https?:\/\/|\/)/), text }),
    z.object({ type: z.literal("divider") }),
    z.object({ type: z.literal("dropdown"), title: text, blocks: z.array(docBlockSchema).min(1) }),
    z.object({
      type: z.literal("image"),
      src: mediaSrc,
      alt: text,
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      caption: z.string().optional(),
    }),
    z.object({
      type: z.literal("video"),
      src: mediaSrc,
      poster: mediaSrc.optional(),
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      caption: z.string().optional(),
      mimeType: z.string().optional(),
    }),
  ]),
);

export interface DocSection {
  /** URL segment of /docs/{sectionId}: lower-case words joined by dashes, unique in the whole tree. */
  id: string;
  title: string;
  description?: string;
  blocks: DocBlock[];
  children?: DocSection[];
}

export const docSectionSchema: z.ZodType<DocSection> = z.lazy(() =>
  z.object({
    id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Section ids are lower-case words joined by dashes"),
    title: text,
    description: z.string().optional(),
    blocks: z.array(docBlockSchema),
    children: z.array(docSectionSchema).optional(),
  }),
);

export const docSectionsSchema = z.array(docSectionSchema).superRefine((sections, ctx) => {
  const seen = new Set<string>();
  const visit = (list: DocSection[]) => {
    for (const section of list) {
      if (seen.has(section.id)) ctx.addIssue({ code: "custom", message: `Duplicate section id: ${section.id}` });
      seen.add(section.id);
      visit(section.children ?? []);
    }
  };
  visit(sections);
});
