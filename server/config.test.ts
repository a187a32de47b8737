import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const root = path.resolve('/srv/solar');

/** The error loadConfig throws for this environment (fails the test when it throws nothing). */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env, root);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = loadConfig({}, root);
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.join(root, 'data'),
      databaseUrl: undefined,
      uploadDir: path.join(root, 'data', 'uploads'),
      houseReferralCode: 'SOLAR1',
      corsOrigins: [],
      businessTimeZone: 'Asia/Taipei',
      logLevel: 'info',
      staticDir: path.join(root, 'dist', 'site'),
      widgetsDir: path.join(root, 'dist', 'widgets'),
      siteDir: path.join(root, 'data', 'site'),
      bodyBytesMax: 64 * 1024,
      demoMode: false,
    });
  });

  it('reads DEMO_MODE as true or false and refuses anything else', () => {
    expect(loadConfig({ DEMO_MODE: 'true' }, root).demoMode).toBe(true);
    expect(loadConfig({ DEMO_MODE: 'false' }, root).demoMode).toBe(false);
    expect(configError({ DEMO_MODE: 'yes' }).message).toContain('DEMO_MODE');
  });

  it('treats blank values as unset', () => {
    const config = loadConfig({ PORT: '', LOG_LEVEL: '  ', DATABASE_URL: ' ', HOUSE_REFERRAL_CODE: '' }, root);
    expect(config.port).toBe(3000);
    expect(config.logLevel).toBe('info');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.houseReferralCode).toBe('SOLAR1');
  });

  it('keeps uploads under DATA_DIR unless UPLOAD_DIR says otherwise', () => {
    expect(loadConfig({ DATA_DIR: '/var/lib/solar' }, root).uploadDir).toBe(path.resolve('/var/lib/solar/uploads'));
    expect(loadConfig({ DATA_DIR: 'state' }, root).uploadDir).toBe(path.join(root, 'state', 'uploads'));
    expect(loadConfig({ DATA_DIR: 'state', UPLOAD_DIR: '/mnt/uploads' }, root).uploadDir).toBe(path.resolve('/mnt/uploads'));
  });

  it('reads valid values, trimmed', () => {
    const config = loadConfig(
      {
        PORT: ' 8080 ',
        DATABASE_URL: 'postgresql://solar@db:5432/solar',
        HOUSE_REFERRAL_CODE: 'HOUSE42',
        CORS_ORIGINS: 'https://partner.example, http://localhost:4321',
        BUSINESS_TIME_ZONE: 'Europe/Berlin',
        LOG_LEVEL: 'warn',
        BODY_BYTES_MAX: '131072',
      },
      root,
    );
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgresql://solar@db:5432/solar',
      houseReferralCode: 'HOUSE42',
      corsOrigins: ['https://partner.example', 'http://localhost:4321'],
      businessTimeZone: 'Europe/Berlin',
      logLevel: 'warn',
      bodyBytesMax: 131_072,
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['BUSINESS_TIME_ZONE', 'Mars/Base'],
    ['LOG_LEVEL', 'loud'],
    ['DATABASE_URL', 'mysql://x'],
    ['CORS_ORIGINS', 'not a url'],
    ['CORS_ORIGINS', 'https://partner.example/path'],
    ['HOUSE_REFERRAL_CODE', 'a!'],
    ['HOUSE_REFERRAL_CODE', 'ABC'],
    ['BODY_BYTES_MAX', '10'],
    ['SMTP_URL', 'mail.example:587'],
    ['SMTP_URL', 'http://mail.example'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    const error = configError({ [name]: value });
    expect(error.name).toBe('ConfigError');
    expect(error.message).toContain(name);
  });

  it('reports every problem in one message', () => {
    const error = configError({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', BUSINESS_TIME_ZONE: 'Mars/Base' });
    for (const name of ['PORT', 'LOG_LEVEL', 'DATABASE_URL', 'BUSINESS_TIME_ZONE']) {
      expect(error.message).toContain(name);
    }
  });

  it('never echoes a database password in its message', () => {
    const error = configError({ DATABASE_URL: 'mysql://root:hunter2@db/solar' });
    expect(error.message).not.toContain('hunter2');
  });
});
