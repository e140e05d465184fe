import { describe, expect, it } from "vitest";
import { DEMO_COMMUNITY_ID, appForSuite, bearer } from "../helpers";

// Statistics take real calendar dates only.

const suite = appForSuite();
const ask = (from: string, to: string) =>
  suite.t.app.inject({
    method: "GET",
    url: `/api/${DEMO_COMMUNITY_ID}/statistics?from=${from}&to=${to}&tz=UTC`,
    headers: bearer(suite.tokens.admin),
  });

describe("Item 6 — statistics dates are real calendar dates (1970–9999), 400 otherwise", () => {
  it("refuses a month 13, 30 February, 29 February of a common year, year 0 and years before 1970 with 400", async () => {
    for (const [from, to] of [
      ["2024-13-01", "2024-13-02"],
      ["2024-02-30", "2024-03-02"],
      ["2023-02-29", "2023-03-01"],
      ["0000-01-01", "0000-01-02"],
      ["1969-12-31", "1970-01-01"],
      ["2024-04-31", "2024-05-01"],
      ["2024-00-10", "2024-01-10"],
      ["2024-01-01", "2024-01-32"],
    ]) {
      const res = await ask(from, to);
      expect(res.statusCode, `${from}..${to}: ${res.body}`).toBe(400);
      expect(res.json().error, `${from}..${to}`).toMatch(/calendar/);
    }
  });

  it("answers real dates, 29 February of a leap year included, with the day it names", async () => {
    const res = await ask("2024-02-28", "2024-03-01");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().days.map((d: { date: string }) => d.date)).toEqual(["2024-02-28", "2024-02-29", "2024-03-01"]);
    expect((await ask("9999-12-30", "9999-12-31")).statusCode).toBe(200);
    expect((await ask("1970-01-01", "1970-01-02")).statusCode).toBe(200);
  });
});
