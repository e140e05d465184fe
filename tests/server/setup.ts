import { afterEach } from "vitest";

// API tests: a console.error during a test is a failure (an unexpected error path was taken).
const errors: unknown[][] = [];
const originalError = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  originalError(...args);
};

afterEach(() => {
  if (errors.length === 0) return;
  const first = errors.splice(0).map((a) => a.map(String).join(" "))[0];
  throw new Error(`console.error was called during the test: ${first}`);
});
