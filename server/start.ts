import { ConfigError, loadConfig } from './config.ts';
import { openConfiguredDatabase, StartupError } from './startup.ts';

/** How long in-flight requests get to finish after SIGTERM before the process gives up. */
const shutdownGraceMs = 10_000;

/** The product process: the API, the site and the widgets on one port (see server/main.ts). */
async function main(): Promise<void> {
  const config = loadConfig();
  // The database opens (the embedded one compiles its WebAssembly off the main thread) while the rest of the server loads.
  const opening = openConfiguredDatabase(config);
  opening.catch(() => undefined);
  const { prepareServer } = await import('./server.ts');
  const server = await prepareServer(config, opening);
  const { app } = server;
  const shutdown = (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, shutdownGraceMs);
    timer.unref();
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  // One readable line for the operator; a stack trace only for the unexpected.
  if (error instanceof ConfigError || error instanceof StartupError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
