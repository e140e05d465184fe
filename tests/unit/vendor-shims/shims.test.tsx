import { render } from "@testing-library/react";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { Markdown } from "../../../src/vendor-shims/markdown-to-jsx";

// The build replaces two dependencies of dependencies with small local modules (vite.config.ts: a first visit
// downloads less). They must keep the contract their callers rely on.
const require = createRequire(import.meta.url);
type Channel = {
  assert(k: unknown): void;
  get(k: unknown): unknown;
  has(k: unknown): boolean;
  set(k: unknown, v: unknown): void;
  delete(k: unknown): boolean;
};
const shim = require("../../../src/vendor-shims/side-channel.cjs") as () => Channel;
const real = require("side-channel") as () => Channel;

describe("side-channel stand-in (used by qs, from @refinedev/core)", () => {
  it("answers like the package for object, function and primitive keys", () => {
    const a = shim();
    const b = real();
    const obj = {};
    const fn = () => {};
    const keys: unknown[] = [obj, fn, "text", 1, null, undefined, Symbol.for("s")];
    const snapshot = (c: Channel) => keys.map((k) => [c.has(k), c.get(k)]);
    expect(snapshot(a)).toEqual(snapshot(b));
    keys.forEach((k, i) => {
      a.set(k, i);
      b.set(k, i);
    });
    expect(snapshot(a)).toEqual(snapshot(b));
    for (const k of keys) expect(() => a.assert(k)).not.toThrow();
    expect(a.delete(obj)).toBe(b.delete(obj));
    expect(a.delete("text")).toBe(b.delete("text"));
    expect(a.delete("missing")).toBe(b.delete("missing"));
    expect(snapshot(a)).toEqual(snapshot(b));
    expect(() => a.assert(obj)).toThrow(TypeError);
    expect(() => b.assert(obj)).toThrow(TypeError);
  });

  it("keeps channels apart", () => {
    const one = shim();
    const two = shim();
    const key = {};
    one.set(key, 1);
    expect(two.has(key)).toBe(false);
  });
});

describe("markdown-to-jsx stand-in (used by @rjsf/core)", () => {
  it("shows the text as it is, escaped, never as HTML", () => {
    const { container } = render(<Markdown options={{ disableParsingRawHTML: true }}>{"**bold** <img src=x onerror=alert(1)>"}</Markdown>);
    expect(container.textContent).toBe("**bold** <img src=x onerror=alert(1)>");
    expect(container.querySelector("img")).toBeNull();
  });
});
