// Translation keys built from data (property names, enum values): each segment in lower camel.
// Kept apart from ./texts.ts so that list cells (loaded with the declarations) stay free of refine.

/** A property or enum value as a key segment: lower camel ("TagName" → "tagName", "Multi-Panel" → "multiPanel"). */
export const keySegment = (name: string) => {
  const clean = name.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""));
  return clean.charAt(0).toLowerCase() + clean.slice(1);
};
