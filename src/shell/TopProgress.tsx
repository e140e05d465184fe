import { useIsFetching, useIsMutating } from "@tanstack/react-query";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useTr } from "../i18n/refine";
import "./top-progress.css";

// A slim bar at the top of the signed-in frame (progress and feedback): it shows when a route change
// (router navigation or a lazy screen's code still arriving) or any request takes longer than `showAfterMs`,
// and <main> carries aria-busy while it does.

/** Quick work never flashes the bar. */
export const showAfterMs = 150;

// Lazy screens suspend without a router navigation: their Suspense fallback mounts a <RouteLoading /> marker.
let suspended = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Put inside a Suspense fallback: counts as "a route is loading" while mounted. */
export function RouteLoading() {
  useEffect(() => {
    suspended++;
    notify();
    return () => {
      suspended--;
      notify();
    };
  }, []);
  return null;
}

/** True once something has been loading for longer than showAfterMs; false as soon as all is done. */
export function useBusy(): boolean {
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const loadingScreens = useSyncExternalStore(
    subscribe,
    () => suspended,
    () => 0,
  );
  // No router state here: the dashboard runs on the declarative <BrowserRouter> (no data router, no loaders),
  // so a route change is only ever "loading" while its lazy screen suspends, which RouteLoading counts.
  const working = fetching + mutating + loadingScreens > 0;
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!working) {
      setBusy(false);
      return;
    }
    const timer = setTimeout(() => setBusy(true), showAfterMs);
    return () => clearTimeout(timer);
  }, [working]);
  return busy;
}

/** The bar itself (indeterminate); nothing while idle. */
export function TopProgress({ busy }: { busy: boolean }) {
  const tr = useTr();
  if (!busy) return null;
  return (
    <div className="top-progress" role="progressbar" aria-label={tr("shell.topProgress.loading", "Loading")} aria-busy="true">
      <div className="top-progress-bar" />
    </div>
  );
}
