import fs from "node:fs";
import { expect, test, type Page } from "./fixtures";
import { activityMessages, transcriptMessages } from "../../src/schemas/messages";
import { DEMO_COMMUNITY_ID, signIn } from "./helpers";

// Transcripts (SPEC §2, §4, §5) and the Activity Logs, in Chromium against the real server and its demo data:
// filter and page transcripts, open the hostile demo ticket and prove its scripts never run, export the log.

const transcriptsUrl = `/${DEMO_COMMUNITY_ID}/transcripts`;
const activityUrl = `/${DEMO_COMMUNITY_ID}/activity`;
/** The demo ticket whose messages carry <script> and onerror payloads (server/transcripts/demo.ts). */
const XSS_TICKET = 1042;

const rowsOf = (page: Page) => page.locator(".transcripts-card tbody tr.dt-row");
const firstTicketId = async (page: Page) => Number(await rowsOf(page).first().locator("td:not(.dt-select-cell)").first().innerText());

test.describe("transcripts and activity", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test("filter and page the transcripts", async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto(transcriptsUrl);
    await expect(page.getByRole("heading", { name: "Transcripts" })).toBeVisible();
    await expect(rowsOf(page)).toHaveCount(25);
    const pageOf = page.locator(".transcript-page-input");
    const lastText = await pageOf.locator("span").last().innerText(); // "of N"
    const last = Number(lastText.replace(/\D/g, ""));
    expect(last).toBeGreaterThanOrEqual(4);

    // Previous / Next.
    const firstOnPage1 = await firstTicketId(page);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("spinbutton", { name: "Page" })).toHaveValue("2");
    await expect.poll(() => firstTicketId(page)).toBe(firstOnPage1 - 25);
    await page.getByRole("button", { name: "Previous" }).click();
    await expect.poll(() => firstTicketId(page)).toBe(firstOnPage1);

    // A typed page beyond the end is clamped to the last page.
    const pageBox = page.getByRole("spinbutton", { name: "Page" });
    await pageBox.fill("999");
    await pageBox.press("Enter");
    await expect(pageBox).toHaveValue(String(last));
    await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();

    // Per page 50: back to page 1 with 50 rows.
    await page.getByRole("combobox", { name: transcriptMessages.perPage }).selectOption("50");
    await expect(pageBox).toHaveValue("1");
    await expect(rowsOf(page)).toHaveCount(50);

    // Username (substring, any case): only the curious cat; the page went back to 1.
    await page.getByRole("button", { name: "Next" }).click();
    await expect(pageBox).toHaveValue("2");
    await page.getByRole("textbox", { name: "Username" }).fill("CURIOUS");
    await expect(rowsOf(page)).toHaveCount(1);
    await expect(pageBox).toHaveValue("1");
    await expect(rowsOf(page).first()).toContainText("curious_cat");
    await expect(rowsOf(page).first()).toContainText(String(XSS_TICKET));
    await page.getByRole("textbox", { name: "Username" }).fill("");

    // Ticket Type: the deleted panel's tickets show 'Deleted panel'.
    await page.getByRole("combobox", { name: "Ticket Type" }).selectOption({ label: transcriptMessages.deletedPanel });
    await expect(rowsOf(page).first()).toContainText(transcriptMessages.deletedPanel);
    // The first cell is the selection's checkbox; the panel is the fourth column after it.
    const panelCells = rowsOf(page).locator("td:nth-child(5)");
    for (const text of await panelCells.allInnerTexts()) expect(text).toBe(transcriptMessages.deletedPanel);
    await page.getByRole("combobox", { name: "Ticket Type" }).selectOption("");

    // Ticket ID: exact; a ticket that does not exist → 'No transcripts found'.
    await page.getByRole("spinbutton", { name: "Ticket ID" }).fill("1001");
    await expect(rowsOf(page)).toHaveCount(1);
    await expect(rowsOf(page).first().locator("td:not(.dt-select-cell)").first()).toHaveText("1001");
    await page.getByRole("spinbutton", { name: "Ticket ID" }).fill("999999");
    await expect(page.getByText(transcriptMessages.empty)).toBeVisible();
    await page.getByRole("spinbutton", { name: "Ticket ID" }).fill("");

    // Words inside the messages (through the keyed-hash index).
    await page.getByRole("searchbox", { name: "Search messages" }).fill("onerror");
    await expect(rowsOf(page)).toHaveCount(1);
    await expect(rowsOf(page).first()).toContainText("curious_cat");
  });

  test("open a transcript: its <script> never runs and the frame is sandboxed", async ({ page }) => {
    const dialogs: string[] = [];
    page.on("dialog", async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    await page.goto(transcriptsUrl);
    await page.getByRole("spinbutton", { name: "Ticket ID" }).fill(String(XSS_TICKET));
    await expect(rowsOf(page)).toHaveCount(1);
    await rowsOf(page).first().getByRole("link", { name: /^View/ }).click();
    await expect(page).toHaveURL(`${transcriptsUrl}/${XSS_TICKET}`);

    const frame = page.locator("iframe.transcript-frame");
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute("sandbox", "");
    await expect(frame).toHaveAttribute("title", `Transcript of ticket #${XSS_TICKET}`);
    const srcdoc = (await frame.getAttribute("srcdoc")) ?? "";
    expect(srcdoc).toContain("Content-Security-Policy");
    expect(srcdoc).not.toMatch(/<script/i);

    // The payload is displayed as text inside the frame.
    const inner = page.frameLocator("iframe.transcript-frame");
    await expect(inner.getByText("<script>alert(1)</script>", { exact: false }).first()).toBeVisible();
    await expect(inner.getByText("<img src=x onerror=alert(1)>", { exact: false }).first()).toBeVisible();

    // The frame's document has loaded: any script in it would have run, and its images' load and error handlers
    // fired, by now. Nothing did.
    const inside = await (await frame.elementHandle())!.contentFrame();
    await inside!.waitForLoadState("load");
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    const frameBox = await frame.boundingBox();
    expect(frameBox!.height).toBeGreaterThan(400);

    // The back link returns to the list.
    await page.getByRole("link", { name: /Back to transcripts/ }).click();
    await expect(page).toHaveURL(transcriptsUrl);

    // An id that is not a ticket number, and a ticket that does not exist.
    await page.goto(`${transcriptsUrl}/abc`);
    await expect(page.getByText(transcriptMessages.missingParameters)).toBeVisible();
    await page.goto(`${transcriptsUrl}/999999`);
    await expect(page.getByText(transcriptMessages.notFound)).toBeVisible();
  });

  test("the view is in the activity log, which exports the filtered rows as CSV", async ({ page }) => {
    // A fresh view to find.
    await page.goto(`${transcriptsUrl}/1001`);
    await expect(page.locator("iframe.transcript-frame")).toBeVisible();

    await page.goto(activityUrl);
    await expect(page.getByRole("heading", { name: "Activity Logs" })).toBeVisible();
    await page.getByRole("combobox", { name: "Action" }).selectOption("Transcript Viewed");
    const rows = page.locator(".activity-card tbody tr.dt-row");
    await expect(rows.first()).toContainText("Transcript Viewed");
    await expect(rows.first()).toContainText("Demo Admin");
    for (const text of await rows.locator("td:nth-child(3)").allInnerTexts()) expect(text).toBe("Transcript Viewed");

    // What changed: the ticket that was viewed.
    await rows.first().getByRole("button", { name: "Show what changed" }).click();
    await expect(page.getByRole("region", { name: "What changed" }).first()).toContainText("TicketId");

    // Refresh.
    await page.getByRole("button", { name: activityMessages.refresh }).click();
    await expect(page.getByRole("button", { name: activityMessages.refresh })).toBeEnabled();

    const downloadPromise = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toBe(`activity-${DEMO_COMMUNITY_ID}.csv`);
    const file = await download.path();
    const text = fs.readFileSync(file!, "utf8").replace(/^\ufeff/, "");
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe("ActivityId,Action,Timestamp,Time,UserId,Username,IpAddress,Before,After");
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => line.split(",")[1] === "Transcript Viewed")).toBe(true);
    expect(lines[1]).toContain("Demo Admin");
    expect(lines[1]).toContain("TicketId");
  });
});
