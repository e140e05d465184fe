import { useEffect, useRef, useState } from "react";
import { limits } from "../../schemas/limits";

/** The values shown on each step of a counter going from `from` to `to` (the last one is exactly `to`). */
export function counterFrames(from: number, to: number, steps: number = limits.counterAnimationSteps): number[] {
  const frames: number[] = [];
  for (let i = 1; i <= steps; i++) frames.push(i === steps ? to : Math.round(from + ((to - from) * i) / steps));
  return frames;
}

/**
 * Animates a number from the previous to the new value (SPEC §4): `steps` updates spread evenly over
 * `durationMs`. Returns a function that stops the animation.
 */
export function animateCounter(
  from: number,
  to: number,
  onValue: (value: number) => void,
  { durationMs = limits.counterAnimationMs, steps = limits.counterAnimationSteps } = {},
): () => void {
  if (from === to) {
    onValue(to);
    return () => {};
  }
  const frames = counterFrames(from, to, steps);
  let index = 0;
  const timer = setInterval(() => {
    onValue(frames[index]);
    index += 1;
    if (index >= frames.length) clearInterval(timer);
  }, durationMs / steps);
  return () => clearInterval(timer);
}

/**
 * Thousands grouping of the stats strip: 12345 → "12,345" (the prerendered page's English). Written out rather than
 * `toLocaleString("en-US")`, which builds a number formatter on each call, and even one `Intl.NumberFormat` loads the
 * locale's data first: the counters format about 40 times in their first half second, and on a phone that was the
 * landing page's longest task.
 */
export function formatCount(value: number): string {
  const digits = String(Math.round(Math.abs(value)));
  let grouped = "";
  for (let i = 0; i < digits.length; i++) grouped += (i > 0 && (digits.length - i) % 3 === 0 ? "," : "") + digits[i];
  return value < 0 ? `-${grouped}` : grouped;
}

/** The displayed value of a counter that animates towards `target` whenever it changes. */
export function useAnimatedNumber(target: number): number {
  const [value, setValue] = useState(0);
  const shown = useRef(0);
  useEffect(
    () =>
      animateCounter(shown.current, target, (next) => {
        shown.current = next;
        setValue(next);
      }),
    [target],
  );
  return value;
}
