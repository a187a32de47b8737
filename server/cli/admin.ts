/**
 * Operator commands: `npm run admin -- <command>`. Uses the same configuration as the server
 * (DATA_DIR or DATABASE_URL); stop the server first when using the embedded database, which
 * allows one process at a time.
 */
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { migrateToLatest, openDatabase, type Db } from '../db/database.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { expireOrders } from '../orders/order-expiry.ts';
import { seedDatabase } from '../seed.ts';
import { upsertOperator } from '../operators/login.service.ts';
import { resetTwoFactor } from '../operators/two-factor.service.ts';
import { distributeIncome } from '../distribution/distribution.service.ts';
import { pointsToDecimal } from '../shared/money.ts';
import { ApiError } from '../shared/errors.ts';
import { exportSite } from '../site/site-export.ts';
import { backup, restore, type KeyPassphrase } from './backup.ts';
import { readSecret } from './read-secret.ts';

const commands: Record<string, { summary: string; run(db: Db, args: string[]): Promise<string> }> = {
  seed: {
    summary: 'insert the catalogue and partner-city rows an empty database needs (safe to repeat)',
    run: async (db) => {
      await seedDatabase(db);
      return 'catalogue and partner cities seeded';
    },
  },
  'verify-ledger': {
    summary: 'recompute every balance from its entries and check that journals balance and no held account is negative',
    run: async (db) => {
      const audit = await auditLedger(db);
      const problems = [
        audit.unbalancedJournals.length > 0 ? `unbalanced journals: ${audit.unbalancedJournals.join(', ')}` : '',
        audit.driftedAccounts.length > 0 ? `cached balance differs from entries: accounts ${audit.driftedAccounts.join(', ')}` : '',
        audit.negativeAccounts.length > 0 ? `below zero: accounts ${audit.negativeAccounts.join(', ')}` : '',
        audit.total !== 0n ? `balances sum to ${audit.total}, not zero` : '',
      ].filter((problem) => problem !== '');
      if (problems.length > 0) throw new Error(`ledger check failed: ${problems.join('; ')}`);
      return `ledger consistent: ${audit.journals} journals, ${audit.entries} entries`;
    },
  },
  'expire-orders': {
    summary: 'cancel orders unpaid for longer than ORDER_EXPIRY_DAYS (the server also does this on a timer)',
    run: async (db) => `${await expireOrders(db, loadConfig())} unpaid orders cancelled`,
  },
  distribute: {
    summary: 'distribute [--date YYYY-MM-DD]: pay income for every ended recorded day not yet paid, or for one day',
    run: async (db, args) => {
      const dateIndex = args.indexOf('--date');
      const date = dateIndex === -1 ? undefined : args[dateIndex + 1];
      const summary = await distributeIncome(db, loadConfig(), {
        ...(date === undefined ? {} : { date }),
        progress: (day) =>
          process.stdout.write(
            `room ${day.engineRoomId} ${day.businessDate}: ${day.ordersCredited} orders, ${pointsToDecimal(day.amountCredited)} points${day.finished ? ' (done)' : '…'}\n`,
          ),
      });
      return `${summary.days.length} day(s): ${summary.ordersCredited} orders credited, ${pointsToDecimal(summary.amountCredited)} points`;
    },
  },
  'export-site': {
    summary:
      'export-site <folder>: write the live brand site (with 404.html) and the widget bundles as plain files for a static host or CDN',
    run: (db, [folder]) => exportSite(db, loadConfig(), folder),
  },
  'create-operator': {
    summary: 'create-operator <username>: add an operator, or set a new password (OPERATOR_PASSWORD, or asked)',
    run: async (db, [username]) => {
      if (username === undefined) throw new Error('Usage: npm run admin -- create-operator <username>');
      const password = process.env.OPERATOR_PASSWORD ?? (await readSecret(`Password for ${username}: `));
      try {
        const outcome = await upsertOperator(db, username, password);
        return outcome === 'created' ? `operator ${username} created` : `operator ${username}: password changed, sessions ended`;
      } catch (error) {
        if (error instanceof ApiError && error.errors !== undefined)
          throw new Error(Object.values(error.errors).flat().join(' '), { cause: error });
        throw error;
      }
    },
  },
  'reset-two-factor': {
    summary: 'reset-two-factor <username>: turn an operator’s two-factor sign-in off (a lost phone) and end their sessions',
    run: async (db, [username]) => {
      if (username === undefined) throw new Error('Usage: npm run admin -- reset-two-factor <username>');
      return (await resetTwoFactor(db, username))
        ? `operator ${username}: two-factor sign-in off, sessions ended`
        : `operator ${username} had no two-factor sign-in`;
    },
  },
};

/** Commands that open (or must not open) the database themselves: they work on the data folder as files. */
const folderCommands: Record<string, { summary: string; run(config: Config, args: string[]): Promise<string> }> = {
  backup: {
    summary:
      'backup <file> [--with-key]: the database, uploaded photos and brand-site versions in one archive only you can read (the embedded database: server stopped; PostgreSQL: pg_dump, servers running); the card-number key only sealed with BACKUP_PASSPHRASE (or asked with --with-key), else keep it apart',
    run: (config, args) =>
      backup(
        config,
        args.find((arg) => !arg.startsWith('--')),
        backupPassphrase(args),
      ),
  },
  restore: {
    summary:
      'restore <file>: servers stopped, replace the database and folders with a backup (old folders kept aside), then check the ledger',
    run: (config, args) =>
      restore(
        config,
        args.find((arg) => !arg.startsWith('--')),
        backupPassphrase(args),
      ),
  },
};

/** The passphrase that seals the card-number key in a backup: BACKUP_PASSPHRASE, or asked with --with-key. */
function backupPassphrase(args: string[]): KeyPassphrase {
  return { fromEnvironment: process.env.BACKUP_PASSPHRASE, ask: args.includes('--with-key') };
}

function usage(): string {
  const lines = Object.entries({ ...commands, ...folderCommands }).map(([name, command]) => `  ${name.padEnd(16)} ${command.summary}`);
  return `Usage: npm run admin -- <command>\n\nCommands:\n${lines.join('\n')}\n`;
}

async function main(): Promise<number> {
  const [name, ...args] = process.argv.slice(2);
  const folderCommand = name === undefined ? undefined : folderCommands[name];
  if (folderCommand !== undefined) {
    process.stdout.write(`${await folderCommand.run(loadConfig(), args)}\n`);
    return 0;
  }
  const command = name === undefined ? undefined : commands[name];
  if (command === undefined) {
    process.stderr.write(name === undefined || name === 'help' ? usage() : `Unknown command "${name}"\n\n${usage()}`);
    return name === 'help' ? 0 : 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl === undefined ? { dataDir: config.dataDir } : { databaseUrl: config.databaseUrl });
  try {
    await migrateToLatest(database.db);
    process.stdout.write(`${await command.run(database.db, args)}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof ConfigError ? error.message : `admin failed: ${(error as Error).message}`}\n`);
    process.exit(1);
  },
);
