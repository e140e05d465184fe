import { describe, expect, it } from "vitest";
import { SerialQueues, Watermark } from "../../../server/gateway/pipeline";

// The order dispatches are applied in, and the watermark a resume starts from.

describe("SerialQueues", () => {
  it("runs one key's tasks one after another in the order given, other keys beside them", async () => {
    const queues = new SerialQueues();
    const log: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    void queues.run("channel:a", async () => {
      await held;
      log.push("a1");
    });
    void queues.run("channel:a", async () => void log.push("a2"));
    await queues.run("channel:b", async () => void log.push("b1"));
    // b ran while a's first task still waited; a's second waits for a's first.
    expect(log).toEqual(["b1"]);
    expect(queues.pending).toBe(2);
    release();
    await queues.idle();
    expect(log).toEqual(["b1", "a1", "a2"]);
  });

  it("a failing task does not stop its key's next one", async () => {
    const queues = new SerialQueues();
    const log: string[] = [];
    void queues.run("k", async () => {
      throw new Error("boom");
    });
    await queues.run("k", async () => void log.push("next"));
    expect(log).toEqual(["next"]);
  });
});

describe("Watermark", () => {
  it("is the sequence up to which every dispatch begun has ended, never moving back", () => {
    const w = new Watermark(10);
    for (const seq of [11, 12, 13, 14]) w.begin(seq);
    expect(w.value).toBe(10);
    w.end(12);
    w.end(13);
    expect(w.value).toBe(10); // 11 still applying
    w.end(11);
    expect(w.value).toBe(13);
    w.end(14);
    expect(w.value).toBe(14);
    // A replay of what is below it changes nothing.
    w.begin(12);
    w.end(12);
    expect(w.value).toBe(14);
  });
});
