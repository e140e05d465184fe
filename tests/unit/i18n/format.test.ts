import { render, screen } from "@testing-library/react";
import { createElement } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { changeLocale } from "../../../src/i18n/core";
import { formatDateTime, formatDay, formatNumber, formatTime, localeTag, weekdayName } from "../../../src/i18n/format";
import { DateTime } from "../../../src/resources/engine/RelativeTime";

// Dates in the language on screen, whatever language the browser is set to: one helper for every screen.

const setNavigatorLanguage = (value: string) => Object.defineProperty(navigator, "language", { value, configurable: true });
// 26 November 2026 at noon UTC: the 26th in every time zone the tests may run in, a day past 12 (day-first shows).
const noon = Date.UTC(2026, 10, 26, 12, 0, 0);

afterEach(async () => {
  setNavigatorLanguage("en-US");
  await changeLocale("en");
});

describe("the language's locale", () => {
  it("Spanish dates in an English browser, and the browser's variant when it speaks the language", () => {
    setNavigatorLanguage("en-US");
    expect(localeTag("es")).toBe("es-ES");
    expect(localeTag("en")).toBe("en-US");
    expect(formatDateTime(noon, "es", { dateStyle: "short" })).toBe("26/11/26");
    expect(formatDateTime(noon, "en", { dateStyle: "short" })).toBe("11/26/26");
    setNavigatorLanguage("en-GB");
    expect(formatDateTime(noon, "en", { dateStyle: "short" })).toBe("26/11/2026");
    expect(localeTag("es")).toBe("es-ES");
    setNavigatorLanguage("es-MX");
    expect(localeTag("es")).toBe("es-MX");
    expect(localeTag("en")).toBe("en-US");
  });

  it("calendar days, times, day names and numbers", () => {
    expect(formatDay("2026-11-24", "en")).toBe("Nov 24, 2026");
    expect(formatDay("2026-11-24", "es")).toBe("24 nov 2026");
    expect(formatDay("2026-11-24", "es", { day: "numeric", month: "short" })).toBe("24 nov");
    expect(formatDay("not a day", "es")).toBe("not a day");
    expect(formatTime(new Date(2026, 10, 26, 15, 5), "es")).toBe("15:05");
    expect(formatTime(new Date(2026, 10, 26, 15, 5), "en")).toBe("03:05 PM");
    expect([0, 1, 6].map((d) => weekdayName(d, "en"))).toEqual(["Sunday", "Monday", "Saturday"]);
    expect([0, 1, 3].map((d) => weekdayName(d, "es"))).toEqual(["Domingo", "Lunes", "Miércoles"]);
    expect(formatNumber(12840, "es")).toBe("12.840");
    expect(formatNumber(12840, "en")).toBe("12,840");
  });

  it("a screen's <time> follows the language chosen, not the browser's", async () => {
    setNavigatorLanguage("en-US");
    await changeLocale("es");
    render(createElement(DateTime, { value: noon, options: { dateStyle: "short", timeStyle: "short" } }));
    const time = screen.getByText(/^26\/11\/26/);
    expect(time.tagName).toBe("TIME");
    expect(time).toHaveAttribute("datetime", new Date(noon).toISOString());
  });
});
