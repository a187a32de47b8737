import fs from 'node:fs';
import type { DestinationStream } from 'pino';

/** Log lines gather in memory up to this many bytes, then are written in one call. */
export const logBatchBytes = 8192;
/** On a quiet server, the longest a line waits in memory before it is written anyway. */
export const logFlushMs = 200;
/** How long a write the reader was not ready for (a full pipe) waits before it is tried again. */
const busyRetryMs = 10;

const isBusy = (error: NodeJS.ErrnoException) => error.code === 'EAGAIN' || error.code === 'EBUSY';

/**
 * Lines gathered in memory and written to a file descriptor in the background, a batch at a time.
 * pino's own destination (sonic-boom) measured the whole batch gathered so far on every line it was
 * given, about 5 µs of server CPU per request at two lines a request (issue 39); this one counts a
 * line's characters and joins the batch once, when it is written.
 */
export class BatchedDestination implements DestinationStream {
  private lines: string[] = [];
  private gathered = 0;
  /** What an asynchronous write was given and has not yet all written. */
  private writing: Buffer | undefined;
  /** The reader was not ready for `writing`: it waits for a retry, not in a write. */
  private waiting = false;

  private readonly fd: number;
  private readonly batchBytes: number;

  constructor(fd: number, batchBytes = logBatchBytes, flushMs = logFlushMs) {
    this.fd = fd;
    this.batchBytes = batchBytes;
    setInterval(() => this.flush(), flushMs).unref();
    // An exit, an uncaught error's included, writes what is still in memory first.
    process.on('exit', () => this.flushSync());
  }

  write(line: string): void {
    this.lines.push(line);
    // Characters, not bytes: a line of Chinese text fills the batch later, which is all the difference.
    this.gathered += line.length;
    if (this.gathered >= this.batchBytes) this.flush();
  }

  /** Starts writing what has gathered, unless a write is under way: when it ends, it takes what gathered meanwhile. */
  flush(): void {
    if (this.writing === undefined && this.lines.length > 0) this.writeInBackground(this.take());
  }

  /** Writes what has gathered before the process ends; a write already in the background is left to finish. */
  flushSync(): void {
    if (this.waiting && this.writing !== undefined) this.writeNow(this.writing);
    if (this.lines.length > 0) this.writeNow(this.take());
  }

  private writeNow(batch: Buffer): void {
    let rest = batch;
    while (rest.length > 0) {
      try {
        rest = rest.subarray(fs.writeSync(this.fd, rest));
      } catch (error) {
        if (!isBusy(error as NodeJS.ErrnoException)) return;
        // A full pipe at exit: wait for its reader, the process has nothing else left to do.
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, busyRetryMs);
      }
    }
  }

  private take(): Buffer {
    const batch = Buffer.from(this.lines.join(''));
    this.lines = [];
    this.gathered = 0;
    return batch;
  }

  private writeInBackground(batch: Buffer): void {
    this.writing = batch;
    this.waiting = false;
    fs.write(this.fd, batch, 0, batch.length, null, (error, written) => {
      if (error !== null && isBusy(error)) {
        this.waiting = true;
        setTimeout(() => this.writeInBackground(batch), busyRetryMs);
        return;
      }
      // Any other failure (the reader has gone) drops this batch; the server goes on answering.
      const rest = error === null ? batch.subarray(written) : Buffer.alloc(0);
      if (rest.length > 0) return this.writeInBackground(rest);
      this.writing = undefined;
      if (this.gathered >= this.batchBytes) this.flush();
    });
  }
}

/**
 * Where the server's log goes: standard output, written in the background in batches. Fastify's
 * default writes each line with a blocking write(2) in the middle of the request that logs it, two
 * lines per request at the default level: a slow reader of the log (a pipe, a container runtime)
 * then stalls every answer, and each line costs a system call on the request's path. Measured
 * beside bare Fastify (issue 39, decision 058): a line-by-line asynchronous write still cost about
 * 11 µs of server CPU per request more than writing 8 KB at a time.
 *
 * A line waits at most `logFlushMs` on a quiet server; whatever is still in memory is written
 * synchronously when the process exits, an uncaught error included. Only a SIGKILL (or the power)
 * can lose what was logged in its last `logFlushMs`.
 */
export function backgroundStdout(): DestinationStream {
  return new BatchedDestination(1);
}
