// What a reader sees of a transcript's HTML: the messages (<main>), tags left out, entities read. A "<" a user wrote
// is always an entity in the HTML, so text that was not escaped would go missing here.

const entities: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&#96;": "`", "&amp;": "&" };

export function visibleText(html: string): string {
  const body = html.slice(html.indexOf("<main>"), html.indexOf("</main>"));
  let out = "";
  let inTag = false;
  for (const ch of body) {
    if (ch === "<") inTag = true;
    else if (ch === ">" && inTag) inTag = false;
    else if (!inTag) out += ch;
  }
  let decoded = "";
  for (let i = 0; i < out.length; i++) {
    const entity = out[i] === "&" ? Object.keys(entities).find((e) => out.startsWith(e, i)) : undefined;
    decoded += entity ? entities[entity] : out[i];
    if (entity) i += entity.length - 1;
  }
  return decoded;
}
