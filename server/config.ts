import path from 'node:path';
import { parseTrustedProxies, type TrustedProxies } from './http/trusted-proxies.ts';
import { withdrawalCooldownHoursMax } from '../contract/limits.ts';

/** Everything the server reads from its environment, parsed and checked once at start-up. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  uploadDir: string;
  houseReferralCode: string;
  /** CORS_ORIGINS: only seeds the partner sites at start-up; operators manage them from then on (decision 017). */
  corsOrigins: string[];
  businessTimeZone: string;
  logLevel: LogLevel;
  staticDir: string;
  widgetsDir: string;
  /**
   * Where operators' preview and publish builds of the brand site are kept (SITE_DIR, default
   * DATA_DIR/site). Several servers on one database must share it (decision 022).
   */
  siteDir: string;
  /** Largest request body accepted, in bytes; uploads have their own limit. */
  bodyBytesMax: number;
  /** A session unused for this long expires (sliding). */
  sessionIdleMs: number;
  limits: RateLimits;
  /**
   * The origin clients reach the API at (PUBLIC_URL), for absolute page links. Unset, page links
   * are paths: a Host header is the client's word and must never steer a link.
   */
  publicUrl: string | undefined;
  /**
   * TRUST_PROXY: the proxies in front of the server, as a count of hops or their addresses and CIDR
   * ranges. The client address (rate limits, logs) is the right-most X-Forwarded-For entry they did not
   * write; off (false), it is the peer's own address (decision 044).
   */
  trustProxy: TrustedProxies;
  /** After a password change or a new card number, withdrawals to a card wait this long (0: off). */
  withdrawalCooldownMs: number;
  /** A customer-service credit or debit above this many points (whole) waits for a second administrator (decision 060). */
  adjustmentApprovalPoints: number;
  /** SMTP_URL (smtp:// or smtps://, credentials in it): set, members' notifications are also e-mailed. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender of those e-mails. */
  mailFrom: string;
  /**
   * The 32-byte key card numbers are encrypted with. Unset, the server keeps one in the data
   * folder (server/cards/card-key.ts); several servers on one database must share it.
   */
  cardNumberKey: Buffer | undefined;
  /**
   * REVENUE_HOLD_MINUTES: recorded revenue waits this long before the schedule shares it; unset, until the next
   * business day starts (decision 049). An administrator other than its recorder may share it sooner.
   */
  revenueHoldMs?: number | undefined;
  /** An order still waiting for payment this long after it became payable is cancelled (ORDER_EXPIRY_DAYS). */
  orderExpiryMs: number;
  /** How often a server process looks for expired orders (0: never; `npm run admin -- expire-orders` still works). */
  orderExpiryCheckMs: number;
  /**
   * DEMO_MODE: members are shown the seeded demo receiving accounts, labelled demo, and may notify
   * payments against them. Off (the default), only accounts an operator entered are shown (decision 024).
   */
  demoMode: boolean;
  /**
   * METRICS_PORT: set, the process serves Prometheus metrics at GET /metrics on this port of its own, on
   * METRICS_HOST (default 127.0.0.1, this machine only). Unset, no metrics port (decision 056).
   */
  metricsPort: number | undefined;
  metricsHost: string;
}

/** Abuse limits: defaults a real user never reaches. */
export interface RateLimits {
  loginFailuresPerAccount: number;
  loginFailuresPerAddress: number;
  loginFailureWindowMs: number;
  registrationsPerAddress: number;
  registrationWindowMs: number;
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogLevel = (typeof logLevels)[number];

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const dayMs = 24 * hourMs;

/** Default largest JSON or form body: ample for any form here, small enough to refuse abuse cheaply. */
const bodyBytesMaxDefault = 64 * 1024;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env, root = process.cwd()): Config {
  const problems: string[] = [];
  const text = (name: string, fallback: string): string => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? fallback : value;
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = text(name, String(fallback));
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return value;
  };

  const dataDir = path.resolve(root, text('DATA_DIR', 'data'));
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  }

  const houseReferralCode = text('HOUSE_REFERRAL_CODE', 'SOLAR1');
  if (!/^[A-Za-z0-9]{4,16}$/.test(houseReferralCode)) {
    problems.push('HOUSE_REFERRAL_CODE must be 4 to 16 letters or digits');
  }

  const corsOrigins = text('CORS_ORIGINS', '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
      problems.push(`CORS_ORIGINS entries must look like https://partner.example, got "${origin}"`);
    }
  }

  const publicUrl = text('PUBLIC_URL', '').replace(/\/+$/, '') || undefined;
  if (publicUrl !== undefined && !/^https?:\/\/[^/\s?#]+$/.test(publicUrl)) {
    problems.push(`PUBLIC_URL must be an origin such as https://shop.example, got "${publicUrl}"`);
  }

  const businessTimeZone = text('BUSINESS_TIME_ZONE', 'Asia/Taipei');
  if (!isTimeZone(businessTimeZone)) {
    problems.push(`BUSINESS_TIME_ZONE "${businessTimeZone}" is not an IANA time zone`);
  }

  const smtpUrl = text('SMTP_URL', '') || undefined;
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^\s]+$/.test(smtpUrl)) {
    problems.push('SMTP_URL must look like smtp://user:password@mail.example:587 or smtps://…');
  }

  const logLevel = text('LOG_LEVEL', 'info');
  if (!(logLevels as readonly string[]).includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${logLevels.join(', ')}`);
  }

  const demoMode = text('DEMO_MODE', 'false');
  if (demoMode !== 'true' && demoMode !== 'false') problems.push(`DEMO_MODE must be true or false, got "${demoMode}"`);

  const config: Config = {
    port: integer('PORT', 3000, 0, 65535),
    host: text('HOST', '0.0.0.0'),
    dataDir,
    databaseUrl,
    uploadDir: path.resolve(root, text('UPLOAD_DIR', path.join(dataDir, 'uploads'))),
    houseReferralCode,
    corsOrigins,
    businessTimeZone,
    logLevel: logLevel as LogLevel,
    staticDir: path.resolve(root, text('STATIC_DIR', 'dist/site')),
    widgetsDir: path.resolve(root, text('WIDGETS_DIR', 'dist/widgets')),
    siteDir: path.resolve(root, text('SITE_DIR', path.join(dataDir, 'site'))),
    bodyBytesMax: integer('BODY_BYTES_MAX', bodyBytesMaxDefault, 1024, 10 * 1024 * 1024),
    sessionIdleMs: integer('SESSION_IDLE_DAYS', 30, 1, 365) * dayMs,
    limits: {
      loginFailuresPerAccount: integer('LOGIN_FAILURES_PER_ACCOUNT', 10, 1, 10_000),
      loginFailuresPerAddress: integer('LOGIN_FAILURES_PER_ADDRESS', 100, 1, 100_000),
      loginFailureWindowMs: integer('LOGIN_FAILURE_WINDOW_MINUTES', 15, 1, 24 * 60) * minuteMs,
      registrationsPerAddress: integer('REGISTRATIONS_PER_ADDRESS', 30, 1, 100_000),
      registrationWindowMs: hourMs,
    },
    publicUrl,
    trustProxy: parseTrustedProxies(text('TRUST_PROXY', 'false'), problems),
    withdrawalCooldownMs: integer('WITHDRAWAL_COOLDOWN_HOURS', 24, 0, withdrawalCooldownHoursMax) * hourMs,
    adjustmentApprovalPoints: integer('ADJUSTMENT_APPROVAL_POINTS', 1000, 0, 1_000_000_000),
    smtpUrl,
    mailFrom: text('MAIL_FROM', 'Graphene Solar <no-reply@localhost>'),
    cardNumberKey: undefined,
    orderExpiryMs: integer('ORDER_EXPIRY_DAYS', 3, 1, 365) * dayMs,
    orderExpiryCheckMs: integer('ORDER_EXPIRY_CHECK_MINUTES', 10, 0, 24 * 60) * minuteMs,
    demoMode: demoMode === 'true',
    revenueHoldMs: text('REVENUE_HOLD_MINUTES', '') === '' ? undefined : integer('REVENUE_HOLD_MINUTES', 0, 0, 7 * 24 * 60) * minuteMs,
    metricsPort: text('METRICS_PORT', '') === '' ? undefined : integer('METRICS_PORT', 0, 0, 65535),
    metricsHost: text('METRICS_HOST', '127.0.0.1'),
  };
  const cardKey = text('CARD_NUMBER_KEY', '');
  if (cardKey !== '') {
    if (/^[0-9a-f]{64}$/i.test(cardKey)) config.cardNumberKey = Buffer.from(cardKey, 'hex');
    else problems.push('CARD_NUMBER_KEY must be 64 hexadecimal characters (32 bytes)');
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return config;
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
