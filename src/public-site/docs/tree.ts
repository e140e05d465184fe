import type { DocSection } from "./schema";

export interface FlatSection {
  section: DocSection;
  /** "1", "1.1", "2.1.2"… */
  number: string;
  depth: number;
}

/** The sections in reading order (depth first), each with its number in the tree. */
export function flattenSections(sections: DocSection[], prefix = "", depth = 0): FlatSection[] {
  return sections.flatMap((section, index) => {
    const number = prefix ? `${prefix}.${index + 1}` : String(index + 1);
    return [{ section, number, depth }, ...flattenSections(section.children ?? [], number, depth + 1)];
  });
}

export interface SectionPage {
  current: FlatSection;
  previous: FlatSection | null;
  next: FlatSection | null;
}

/** The section with its Previous/Next neighbours in flattened order, or null for an unknown id. */
export function findSection(sections: DocSection[], id: string): SectionPage | null {
  const flat = flattenSections(sections);
  const index = flat.findIndex((entry) => entry.section.id === id);
  if (index < 0) return null;
  return { current: flat[index], previous: flat[index - 1] ?? null, next: flat[index + 1] ?? null };
}

export const firstSectionId = (sections: DocSection[]): string | null => sections[0]?.id ?? null;

export const sectionHref = (id: string) => `/docs/${id}`;

/** The section id of a /docs/{sectionId} path (a trailing slash is allowed), or null for /docs itself. */
export function sectionIdFromPath(pathname: string): string | null {
  const match = /^\/docs\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/** The ids of the sections on the path from the root to `id` (to open the tree down to the current one). */
export function ancestorIds(sections: DocSection[], id: string, trail: string[] = []): string[] | null {
  for (const section of sections) {
    if (section.id === id) return [...trail, id];
    const found = ancestorIds(section.children ?? [], id, [...trail, section.id]);
    if (found) return found;
  }
  return null;
}
