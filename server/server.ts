import { readSettings } from './revenue/income-settings.repository.ts';
import type { FastifyInstance } from 'fastify';
import { sweepOrphanedUploads } from './uploads/orphan-sweep.ts';
import { buildApp } from './app.ts';
import { addProcessMetrics } from './metrics/metrics.ts';
import { startMetricsServer, type MetricsServer } from './metrics/metrics-server.ts';
import { serverLogOptions } from './http/log-redaction.ts';
import { backgroundStdout } from './http/log-destination.ts';
import { loadOrCreateCardKey } from './cards/card-key.ts';
import { scheduleDistribution } from './distribution/scheduler.ts';
import type { Config } from './config.ts';
import { checkConnection, migrateToLatest, type DatabaseHandle } from './db/database.ts';
import { startMailing } from './notifications/mailer.ts';
import { startOperatorAlerts } from './alerts/operator-alerts.ts';
import { startOrderExpiry } from './orders/order-expiry.ts';
import { seedPartnerSites } from './partner-sites/partner-sites.service.ts';
import { seedDatabase } from './seed.ts';
import { openConfiguredDatabase, StartupError } from './startup.ts';

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Where GET /metrics is served, when METRICS_PORT is set. */
  metricsPort: number | undefined;
  /** Stops accepting, finishes requests in flight, then closes the database. */
  stop(): Promise<void>;
}

/** Opens the database, migrates and seeds it, and builds the app: everything but listening. */
export async function prepareServer(config: Config, opening = openConfiguredDatabase(config)): Promise<RunningServer> {
  const database = await opening;
  try {
    await checkConnection(database.db);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw new StartupError(`Cannot reach the database at ${redactUrl(config.databaseUrl)}: ${(error as Error).message}`);
  }
  await migrateToLatest(database.db);
  await seedDatabase(database.db);
  // The first read of the settings fixes the zone the business days are drawn in (decision 047).
  await readSettings(database.db, config);
  // CORS_ORIGINS only seeds the partner sites: operators manage them from then on (decision 017).
  await seedPartnerSites(database.db, config.corsOrigins);
  // A process killed mid-upload may have left a half-written or unreferenced photo behind.
  await sweepOrphanedUploads(database.db, config.uploadDir);
  // Without CARD_NUMBER_KEY the key lives in the data folder, made on the first start.
  const cardNumberKey = config.cardNumberKey ?? (await loadOrCreateCardKey(config.dataDir));
  const app = await buildApp({ ...config, cardNumberKey }, database, serverLogOptions(config.logLevel, backgroundStdout()));
  // A deploy of new code rebuilds the published brand site with it, in the background (decision 022).
  app.sitePublisher.republishIfStale().catch((error: unknown) => app.log.error({ err: error }, 'could not rebuild the brand site'));
  // Unpaid orders are cancelled on a timer in every process; the job is safe to run concurrently.
  const orderExpiry = startOrderExpiry(database.db, config, app.log);
  // Every process looks for ended business days; a lock per room and day makes two runs queue.
  const stopDistribution = scheduleDistribution(database.db, config, app.log, app.metrics);
  // With SMTP_URL set, members' notifications are also e-mailed, each once, by whichever process locks it first.
  const stopMailing = startMailing(database.db, config, app.log);
  // Operators are told of new work by e-mail and webhook where an administrator set them up, each item once per channel.
  const stopAlerts = startOperatorAlerts(database.db, config, app.log, app.workCounts);
  const metricsServer = await serveMetrics(app, config);
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await orderExpiry.stop();
      await stopDistribution();
      await stopMailing();
      await stopAlerts();
      await metricsServer?.close();
      await app.close();
      await database.close();
    })());
  return { app, database, stop, metricsPort: metricsServer?.port };
}

/** With METRICS_PORT set, the process's metrics (its own CPU and memory among them) on their own port. */
async function serveMetrics(app: FastifyInstance, config: Config): Promise<MetricsServer | undefined> {
  if (config.metricsPort === undefined) return undefined;
  addProcessMetrics(app.metrics);
  const served = await startMetricsServer(app.metrics.registry, config.metricsPort, config.metricsHost);
  app.log.info({ port: served.port, host: config.metricsHost }, 'metrics served at GET /metrics');
  return served;
}

function redactUrl(url: string | undefined): string {
  if (url === undefined) return 'the data folder';
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}
