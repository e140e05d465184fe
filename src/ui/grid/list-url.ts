import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import type { DataSort } from "../DataTable";

// A list's state in its URL: its filters by name, `?sort&order`, the hidden columns `?hide=a,b`, the page `?page` and
// the saved view it came from `?view` (src/schemas/saved-view.ts reads and writes the same names). A reload, the back
// button and a shared link show the same rows in the same order with the same columns.

export interface ListUrl {
  params: URLSearchParams;
  /** Sets (or, with "" / undefined, removes) parameters, replacing the history entry. */
  set: (changes: Record<string, string | undefined>) => void;
  /** The sort named in the URL when its field is one of `fields`. */
  sortOf: (fields: readonly string[]) => DataSort | undefined;
  /** A new sort (or none): the list starts again at its first page. */
  setSort: (sort: DataSort | undefined) => void;
  hidden: string[];
  setHidden: (hidden: string[]) => void;
}

export function useListUrl(): ListUrl {
  const [params, setParams] = useSearchParams();
  const set = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === undefined || value === "") next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );
  return {
    params,
    set,
    sortOf: (fields) => {
      const field = params.get("sort") ?? "";
      return fields.includes(field) ? { field, order: params.get("order") === "desc" ? "desc" : "asc" } : undefined;
    },
    setSort: (sort) => set({ sort: sort?.field, order: sort?.order, page: undefined }),
    hidden: (params.get("hide") ?? "").split(",").filter(Boolean),
    setHidden: (hidden) => set({ hide: hidden.join(",") }),
  };
}

/**
 * A typing field's draft follows its value in the URL when that value itself changes (a view opened, the back button),
 * not when another parameter does: what is being typed, not yet in the URL, stays.
 */
export function useDraftFollows<T>(value: T, setDraft: (value: T) => void): void {
  const last = useRef(value);
  useEffect(() => {
    if (Object.is(last.current, value)) return;
    last.current = value;
    setDraft(value);
  });
}
