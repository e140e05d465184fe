import "@testing-library/jest-dom/vitest";
import { configure } from "@testing-library/dom";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, vi } from "vitest";

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// Screens are lazy chunks: the first import of one in jsdom can take over a second.
configure({ asyncUtilTimeout: 5000 });

/**
 * Media queries as a 1280 px wide desktop with reduced motion sees them (antd then skips its animations, so a
 * closed dialog leaves at once). Tests of the mobile layout replace window.matchMedia.
 */
export function mediaMatches(query: string, width = 1280): boolean {
  if (query.includes("prefers-reduced-motion: reduce")) return true;
  const min = /min-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  if (!min && !max) return false;
  return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
}

// What jsdom lacks and antd / the shell use. Only in a DOM environment (some unit suites run without one).
if (typeof window !== "undefined") {
  if (typeof window.matchMedia !== "function") {
    Object.defineProperty(window, "matchMedia", {
      writable: true,
      configurable: true,
      value: (query: string) => ({
        matches: mediaMatches(query),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }),
    });
  }

  if (typeof window.ResizeObserver === "undefined") {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.defineProperty(window, "ResizeObserver", { writable: true, configurable: true, value: ResizeObserverStub });
    Object.defineProperty(globalThis, "ResizeObserver", { writable: true, configurable: true, value: ResizeObserverStub });
  }

  // jsdom does not implement pseudo-element styles and says so on the console; antd asks for them. Undone after the
  // file: the next file of the worker shares this window (tests/unit/fresh-page.ts).
  const jsdomGetComputedStyle = window.getComputedStyle;
  const getComputedStyle = jsdomGetComputedStyle.bind(window);
  window.getComputedStyle = ((element: Element) => getComputedStyle(element)) as typeof window.getComputedStyle;
  afterAll(() => {
    window.getComputedStyle = jsdomGetComputedStyle;
  });

  // jsdom's scrollTo only logs "not implemented".
  window.scrollTo = (() => {}) as typeof window.scrollTo;
  if (!Element.prototype.scrollTo) Element.prototype.scrollTo = function scrollTo() {};
}

// A console.error during a unit test fails it, as in the API tests: React, antd and MSW report real defects there
// (an update outside act, a missing key, a request no handler answers). DEBUG_CONSOLE_ERROR=1 prints where each
// one was called from.
const consoleErrors: unknown[][] = [];
const originalConsoleError = console.error;
console.error = (...args: unknown[]) => {
  consoleErrors.push(args);
  if (process.env.DEBUG_CONSOLE_ERROR) originalConsoleError(new Error("console.error called").stack);
  originalConsoleError(...args);
};
afterAll(async () => {
  console.error = originalConsoleError;
  // A screen's lazy chunk still loading when the file ends would load into the next file of the worker, or after
  // the worker's environment is gone.
  await vi.dynamicImportSettled();
});
afterEach(() => {
  if (consoleErrors.length === 0) return;
  const first = consoleErrors.splice(0).map((a) => a.map(String).join(" "))[0];
  throw new Error(`console.error was called during the test: ${first.slice(0, 500)}`);
});
