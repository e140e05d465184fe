import { cleanup, act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { limits } from "../../../src/schemas/limits";
import { animateCounter, counterFrames, formatCount, useAnimatedNumber } from "../../../src/public-site/lib/counter";

afterEach(cleanup);

describe("counter animation", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("computes 20 steps ending exactly on the new value", () => {
    const frames = counterFrames(0, 1000);
    expect(frames).toHaveLength(limits.counterAnimationSteps);
    expect(frames[0]).toBe(50);
    expect(frames[9]).toBe(500);
    expect(frames.at(-1)).toBe(1000);
    expect(counterFrames(100, 40).at(-1)).toBe(40);
  });

  it("animates from the previous to the new value in 20 steps over 500 ms", () => {
    const seen: number[] = [];
    animateCounter(200, 2200, (v) => seen.push(v));
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(250);
    expect(seen).toHaveLength(10);
    expect(seen.at(-1)).toBe(1200);
    vi.advanceTimersByTime(224);
    expect(seen).toHaveLength(18);
    vi.advanceTimersByTime(26);
    expect(seen).toHaveLength(20);
    expect(seen.at(-1)).toBe(2200);
    vi.advanceTimersByTime(1000);
    expect(seen).toHaveLength(20);
  });

  it("can be stopped, and jumps straight to an unchanged value", () => {
    const seen: number[] = [];
    const stop = animateCounter(0, 100, (v) => seen.push(v));
    vi.advanceTimersByTime(100);
    stop();
    vi.advanceTimersByTime(1000);
    expect(seen).toHaveLength(4);
    const same: number[] = [];
    animateCounter(5, 5, (v) => same.push(v));
    expect(same).toEqual([5]);
  });

  it("groups thousands the en-US way", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(1234567)).toBe("1,234,567");
  });

  it("formats every frame without building a number formatter (on a phone that was the landing page's longest task)", () => {
    const values = [0, 7, 42, 999, 1000, 1284, 12345, 100000, 999999, 1000000, 1234567890, -1234];
    const expected = values.map((v) => v.toLocaleString("en-US"));
    const toLocale = vi.spyOn(Number.prototype, "toLocaleString");
    const numberFormat = vi.spyOn(Intl, "NumberFormat");
    try {
      expect(values.map(formatCount)).toEqual(expected);
      expect(toLocale).not.toHaveBeenCalled();
      expect(numberFormat).not.toHaveBeenCalled();
    } finally {
      toLocale.mockRestore();
      numberFormat.mockRestore();
    }
  });

  it("animates a displayed number whenever its target changes", () => {
    function Counter({ target }: { target: number }) {
      return <span data-testid="n">{useAnimatedNumber(target)}</span>;
    }
    const { rerender } = render(<Counter target={0} />);
    expect(screen.getByTestId("n")).toHaveTextContent("0");
    rerender(<Counter target={400} />);
    act(() => void vi.advanceTimersByTime(250));
    expect(screen.getByTestId("n")).toHaveTextContent("200");
    act(() => void vi.advanceTimersByTime(250));
    expect(screen.getByTestId("n")).toHaveTextContent("400");
    rerender(<Counter target={200} />);
    act(() => void vi.advanceTimersByTime(25));
    expect(screen.getByTestId("n")).toHaveTextContent("390");
    act(() => void vi.advanceTimersByTime(500));
    expect(screen.getByTestId("n")).toHaveTextContent("200");
  });
});
