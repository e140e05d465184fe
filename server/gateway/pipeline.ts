// How dispatches are applied (docs/decisions/011-gateway.md): the events of one channel (or, for server-wide events,
// one server) one after another in the order Discord sent them, different channels side by side; and, per shard
// session, the watermark — the sequence up to which every dispatch has been applied — which is what a resume starts
// from, so nothing is lost to a crash between receiving an event and applying it.

/** Runs tasks one after another per key, keys side by side. */
export class SerialQueues {
  private readonly tails = new Map<string, Promise<void>>();
  private running = 0;
  private readonly idleWaiters: (() => void)[] = [];

  /** Queues `task` after every earlier task of `key`; resolves when it has run (it never rejects: log inside). */
  run(key: string, task: () => Promise<void>): Promise<void> {
    this.running++;
    const previous = this.tails.get(key) ?? Promise.resolve();
    const next = previous.then(task).catch(() => undefined);
    const tail = next.finally(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
      if (--this.running === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    });
    this.tails.set(key, tail);
    return tail;
  }

  /** Tasks queued or running. */
  get pending(): number {
    return this.running;
  }

  /** Resolves once every queued task has run. */
  idle(): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }
}

/** The highest sequence up to which every dispatch begun has ended. */
export class Watermark {
  private readonly open = new Set<number>();
  private highest: number;

  constructor(private floor: number) {
    this.highest = floor;
  }

  begin(seq: number): void {
    if (seq <= this.floor) return;
    this.open.add(seq);
    if (seq > this.highest) this.highest = seq;
  }

  end(seq: number): void {
    this.open.delete(seq);
  }

  /** Every sequence up to this one has been applied (or needed nothing). */
  get value(): number {
    let lowestOpen = Number.POSITIVE_INFINITY;
    for (const seq of this.open) if (seq < lowestOpen) lowestOpen = seq;
    const value = lowestOpen === Number.POSITIVE_INFINITY ? this.highest : lowestOpen - 1;
    // Sequences come in order, so once passed a floor never comes back.
    if (value > this.floor) this.floor = value;
    return this.floor;
  }
}
