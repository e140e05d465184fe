import { describe, expect, it } from "vitest";
import { initialListState, lastPage, toQuery, withFilters, withPage, withPageSize } from "../../../src/resources/transcripts/list-state";
import { clampPage } from "../../../src/schemas/transcript";

const onPage = (page: number) => ({ ...initialListState, page });

// toQuery is the query the data provider sends for a state (its values are text, as in the URL).
describe("transcript list state", () => {
  it("starts on page 1 with 25 per page and no filters", () => {
    expect(initialListState).toEqual({ filters: { ticketId: null, username: "", panel: null, q: "" }, page: 1, perPage: 25 });
    expect(toQuery(initialListState)).toEqual({ page: "1", per_page: "25" });
  });

  it("§4: changing any filter resets the page to 1", () => {
    for (const patch of [{ ticketId: 7 }, { username: "maya" }, { panel: "Billing" }, { q: "refund" }]) {
      const next = withFilters(onPage(4), patch);
      expect(next.page, JSON.stringify(patch)).toBe(1);
      expect(next.filters).toMatchObject(patch);
    }
  });

  it("setting a filter to the value it already has keeps the page", () => {
    const state = { ...withFilters(initialListState, { username: "maya" }), page: 3 };
    expect(withFilters(state, { username: "maya" })).toBe(state);
  });

  it("§5: the Ticket ID filter has a minimum of 0 (a negative value clears it)", () => {
    expect(withFilters(initialListState, { ticketId: 0 }).filters.ticketId).toBe(0);
    expect(withFilters(initialListState, { ticketId: -3 }).filters.ticketId).toBeNull();
    expect(withFilters(initialListState, { ticketId: Number.NaN }).filters.ticketId).toBeNull();
  });

  it("§4: changing the page size resets the page to 1; only 25/50/75/100 are accepted", () => {
    expect(withPageSize(onPage(5), 50)).toMatchObject({ perPage: 50, page: 1 });
    expect(withPageSize(onPage(5), 100)).toMatchObject({ perPage: 100, page: 1 });
    expect(withPageSize(onPage(5), 30)).toMatchObject({ perPage: 25, page: 5 });
    expect(withPageSize(onPage(5), 25)).toMatchObject({ perPage: 25, page: 5 });
  });

  it("§5: a typed page is clamped between 1 and the last page", () => {
    // 81 results, 25 per page → 4 pages.
    expect(withPage(initialListState, 3, 81).page).toBe(3);
    expect(withPage(initialListState, 99, 81).page).toBe(4);
    expect(withPage(onPage(3), 0, 81).page).toBe(1);
    expect(withPage(onPage(3), -5, 81).page).toBe(1);
    expect(withPage(onPage(3), 2.7, 81).page).toBe(2);
    expect(withPage(onPage(3), Number.NaN, 81).page).toBe(1);
    expect(withPage(onPage(3), 4, 0).page).toBe(1); // nothing found: page 1 is the last page
    expect(clampPage(5, 100, 25)).toBe(4);
    expect(clampPage(5, 101, 25)).toBe(5);
  });

  it("Previous and Next ask for the adjacent page by key; a jump, page 1 and new filters by number", () => {
    const shown = { first: 1950, last: 1926 };
    expect(toQuery(withPage(onPage(2), 3, 200, shown))).toEqual({ page: "3", per_page: "25", before: "1926" });
    expect(toQuery(withPage(onPage(3), 2, 200, shown))).toEqual({ page: "2", per_page: "25", after: "1950" });
    expect(toQuery(withPage(onPage(2), 1, 200, shown))).toEqual({ page: "1", per_page: "25" });
    expect(toQuery(withPage(onPage(2), 5, 200, shown))).toEqual({ page: "5", per_page: "25" });
    const keyed = withPage(onPage(2), 3, 200, shown);
    expect(toQuery(withFilters(keyed, { username: "maya" }))).toEqual({ page: "1", per_page: "25", username: "maya" });
    expect(toQuery(withPageSize(keyed, 50))).toEqual({ page: "1", per_page: "50" });
  });

  it("last page of a result set", () => {
    expect(lastPage(0, 25)).toBe(1);
    expect(lastPage(25, 25)).toBe(1);
    expect(lastPage(26, 25)).toBe(2);
    expect(lastPage(81, 75)).toBe(2);
  });

  it("builds the API query, leaving out empty filters and trimming text", () => {
    const state = withFilters(withPageSize(initialListState, 75), {
      ticketId: 0,
      username: "  Maya ",
      panel: "Unknown",
      q: " refund  order ",
    });
    expect(toQuery({ ...state, page: 2 })).toEqual({
      page: "2",
      per_page: "75",
      ticket_id: "0",
      username: "Maya",
      panel: "Unknown",
      q: "refund  order",
    });
    expect(toQuery(withFilters(initialListState, { username: "   ", q: "" }))).toEqual({ page: "1", per_page: "25" });
  });
});
