import { expect, test, type Locator } from "./fixtures";
import { DEMO_COMMUNITY_ID, signIn } from "./helpers";

// The transcripts table's last column (its row actions, kept in view while the table scrolls sideways) is whole —
// header and button inside the table's box — and no header is cut, wide and on a phone, in English and in Spanish.

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  if (!b) throw new Error("not laid out");
  return b;
};

for (const { lang, header, view } of [
  { lang: "en", header: "Actions", view: "View" },
  { lang: "es", header: "Acciones", view: "Ver" },
]) {
  for (const width of [1280, 390]) {
    test(`transcripts: the actions column is whole at ${width} px in ${lang}`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, "Demo Admin");
      await page.evaluate((l) => localStorage.setItem("lang", l), lang);
      await page.goto(`/${DEMO_COMMUNITY_ID}/transcripts`);
      const table = page.locator(".transcripts-card .dt-scroll");
      const th = table.getByRole("columnheader", { name: header });
      const button = table
        .getByRole("row")
        .nth(1)
        .getByRole("link", { name: new RegExp(`^${view} `) });
      await expect(button).toBeVisible();
      await expect(th).toBeVisible();
      // No header's words reach past its cell's padding or hide behind an ellipsis (the Actions column was 90 px wide,
      // narrower than "Acciones" and its padding); the action header and button end inside the table's visible box.
      const spills = () =>
        table.locator("th").evaluateAll((cells) =>
          cells
            .filter((cell) => (cell as HTMLElement).offsetParent !== null)
            .flatMap((cell) => {
              const words = document.createRange();
              words.selectNodeContents(cell);
              const text = words.getBoundingClientRect();
              const frame = cell.getBoundingClientRect();
              const style = getComputedStyle(cell);
              const over = Math.max(
                text.right - (frame.right - parseFloat(style.paddingRight)),
                frame.left + parseFloat(style.paddingLeft) - text.left,
              );
              return over > 0.5 ? [`${cell.textContent} by ${Math.round(over)} px`] : [];
            }),
        );
      await expect.poll(spills).toEqual([]);
      const frame = await box(table);
      for (const part of [th, button]) {
        const b = await box(part);
        expect(b.x + b.width, `${header} ends inside the table`).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
        expect(b.x, `${header} starts inside the table`).toBeGreaterThanOrEqual(frame.x - 0.5);
      }
    });
  }
}
