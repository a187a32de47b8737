import pino from 'pino';

/**
 * Where the server's log goes: standard output, written in the background. Fastify's default
 * writes each line with a blocking write(2) in the middle of the request that logs it (two lines
 * per request at the default level): a slow reader of the log (a pipe, a container runtime) then
 * stalls every answer, and each line costs a system call on the request's path (issue 39). Here a
 * line is handed to the kernel by an asynchronous write; lines logged while one is under way are
 * written together with the next. Nothing is held back on a quiet server (no minimum length), and
 * what is still queued is written synchronously when the process exits, crashes included; only a
 * SIGKILL can lose the lines of its last moment.
 */
export function backgroundStdout(): pino.DestinationStream {
  return pino.destination({ dest: 1, sync: false });
}
