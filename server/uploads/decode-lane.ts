/**
 * A lane of work that runs at most `concurrency` tasks at once; the rest wait in arrival order, and
 * no more than `waitingMax` of them: past that the lane is full and `run` refuses at once (the
 * caller answers "try again") rather than letting a flood grow a queue nobody will see the end of.
 */
export class DecodeLane {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly concurrency: number;
  private readonly waitingMax: number;

  constructor(concurrency: number, waitingMax: number) {
    this.concurrency = concurrency;
    this.waitingMax = waitingMax;
  }

  /** Tasks running or waiting now. */
  get load(): number {
    return this.running + this.waiting.length;
  }

  /** Runs the task in its turn; undefined (without running it) when the lane is full. */
  async run<T>(task: () => Promise<T>): Promise<{ value: T } | undefined> {
    if (this.running < this.concurrency) this.running += 1;
    else if (this.waiting.length >= this.waitingMax) return undefined;
    // The slot is handed over by the task that ends, so `running` never dips between two tasks.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return { value: await task() };
    } finally {
      const next = this.waiting.shift();
      if (next === undefined) this.running -= 1;
      else next();
    }
  }
}
