import type { CrudFilter, Pagination } from "@refinedev/core";
import { listQueryOf } from "../../providers/data-provider";
import { limits } from "../../schemas/limits";
import { clampPage } from "../../schemas/transcript";
import { transcriptsResource } from "./declaration";

const transcriptsEndpoint = transcriptsResource.endpoint!;

// State of the transcript list: filters, page, page size. §4: changing filters or the page size resets the page
// to 1; §5: a typed page number is clamped between 1 and the last page.

export type PageSize = (typeof limits.transcriptPageSizes)[number];

export interface TranscriptFilters {
  /** Ticket ID filter (min 0); null when empty. */
  ticketId: number | null;
  username: string;
  /** Panel name; null for any. */
  panel: string | null;
  /** Words that must all appear in the messages. */
  q: string;
}

export interface TranscriptListState {
  filters: TranscriptFilters;
  page: number;
  perPage: PageSize;
  /**
   * Moving to the next or previous page asks for the transcripts below or above the ticket the current page ends or
   * starts with (a keyset page: as fast at page 4,000 as at page 2); a jump asks for a page number.
   */
  cursor?: { before: number } | { after: number };
}

export const emptyFilters: TranscriptFilters = { ticketId: null, username: "", panel: null, q: "" };
export const initialListState: TranscriptListState = {
  filters: emptyFilters,
  page: 1,
  perPage: limits.transcriptDefaultPageSize as PageSize,
};

const sameFilters = (a: TranscriptFilters, b: TranscriptFilters) =>
  a.ticketId === b.ticketId && a.username === b.username && a.panel === b.panel && a.q === b.q;

/** New filter values; the page goes back to 1 when anything changed. */
export function withFilters(state: TranscriptListState, patch: Partial<TranscriptFilters>): TranscriptListState {
  const filters = { ...state.filters, ...patch };
  if (filters.ticketId !== null && (!Number.isFinite(filters.ticketId) || filters.ticketId < 0)) filters.ticketId = null;
  if (sameFilters(filters, state.filters)) return state;
  return { ...state, filters, page: 1, cursor: undefined };
}

/** A page size of §9 (25/50/75/100); the page goes back to 1. */
export function withPageSize(state: TranscriptListState, perPage: number): TranscriptListState {
  const allowed = (limits.transcriptPageSizes as readonly number[]).includes(perPage) ? (perPage as PageSize) : state.perPage;
  if (allowed === state.perPage) return state;
  return { ...state, perPage: allowed, page: 1, cursor: undefined };
}

/**
 * Goes to a page (typed, or Previous/Next), clamped between 1 and the last page of `total` results. `shown`: the
 * ticket numbers the current page shows, first and last, so Previous and Next can ask for the adjacent page by key.
 */
export function withPage(
  state: TranscriptListState,
  page: number,
  total: number,
  shown?: { first: number; last: number },
): TranscriptListState {
  const next = clampPage(page, total, state.perPage);
  if (next === state.page) return state;
  const cursor = !shown
    ? undefined
    : next === state.page + 1
      ? { before: shown.last }
      : next === state.page - 1 && next > 1
        ? { after: shown.first }
        : undefined;
  return { ...state, page: next, cursor };
}

export const lastPage = (total: number, perPage: number) => Math.max(1, Math.ceil(total / perPage));

/** refine's pagination and filters for the list (the declaration maps them onto the route's query). */
export function toListParams(state: TranscriptListState): { pagination: Pagination; filters: CrudFilter[] } {
  const { ticketId, username, panel, q } = state.filters;
  const filters: CrudFilter[] = [
    { field: "TicketId", operator: "eq", value: ticketId ?? undefined },
    { field: "AuthorUsername", operator: "contains", value: username.trim() },
    { field: "PanelName", operator: "eq", value: panel ?? undefined },
    { field: "q", operator: "contains", value: q.trim() },
  ];
  if (state.cursor && "before" in state.cursor) filters.push({ field: "TicketId", operator: "lt", value: state.cursor.before });
  if (state.cursor && "after" in state.cursor) filters.push({ field: "TicketId", operator: "gt", value: state.cursor.after });
  return { pagination: { mode: "server", currentPage: state.page, pageSize: state.perPage }, filters };
}

/** The query of GET /{guildId}/transcripts for a state, as the data provider sends it; empty filters are left out. */
export const toQuery = (state: TranscriptListState): Record<string, string> =>
  listQueryOf("transcripts", transcriptsEndpoint.list, toListParams(state));

export const hasFilters = (filters: TranscriptFilters) => !sameFilters(filters, emptyFilters);

/** The filters a list URL names (`?ticket_id&username&panel&q`, as the route's own parameters). */
export function filtersOfUrl(params: URLSearchParams): TranscriptFilters {
  const ticket = Number.parseInt(params.get("ticket_id") ?? "", 10);
  return {
    ticketId: Number.isFinite(ticket) && ticket >= 0 ? ticket : null,
    username: params.get("username") ?? "",
    panel: params.get("panel") || null,
    q: params.get("q") ?? "",
  };
}

/** The URL parameters of some filters ("" removes one). */
export const urlOfFilters = (filters: Partial<TranscriptFilters>): Record<string, string> => ({
  ...(filters.ticketId !== undefined ? { ticket_id: filters.ticketId === null ? "" : String(filters.ticketId) } : {}),
  ...(filters.username !== undefined ? { username: filters.username } : {}),
  ...(filters.panel !== undefined ? { panel: filters.panel ?? "" } : {}),
  ...(filters.q !== undefined ? { q: filters.q } : {}),
});
