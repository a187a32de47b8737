/**
 * Runs `round` every `everyMs` in this process (and first after `firstAfterMs`, when given), one round at a time: a
 * tick that finds the last round still running does nothing. The timers do not keep the process alive. Returns the
 * function that stops it, which waits for a round under way so the database can close after it. `round` handles its
 * own failures (a rejected round is ignored, and the next tick tries again).
 */
export function repeatEvery(everyMs: number, round: () => Promise<unknown>, firstAfterMs?: number): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    running ??= round()
      .catch(() => undefined)
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  const first = firstAfterMs === undefined ? undefined : setTimeout(tick, firstAfterMs);
  first?.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
