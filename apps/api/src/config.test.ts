import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const SECRET = 's'.repeat(32);
const KEY = Buffer.alloc(32, 1).toString('base64');
const PG = 'postgres://postgres@127.0.0.1:5432/portal';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-config-'));
  dirs.push(dir);
  return dir;
}

describe('loadConfig', () => {
  describe('refuses a missing or short TOKEN_SECRET', () => {
    it.each([
      ['DATABASE_URL is set', { DATABASE_URL: PG }],
      ['NODE_ENV is production', { NODE_ENV: 'production', DATA_DIR: 'memory://' }],
      ['NODE_ENV is production with a data directory', { NODE_ENV: 'production' }],
    ])('when %s', (_when, env) => {
      for (const secret of [undefined, '', 's'.repeat(31)]) {
        const withSecret = secret === undefined ? env : { ...env, TOKEN_SECRET: secret };
        expect(() => loadConfig({ ...withSecret, ENCRYPTION_KEY: KEY })).toThrow(ConfigError);
        expect(() => loadConfig({ ...withSecret, ENCRYPTION_KEY: KEY })).toThrow(/TOKEN_SECRET/);
      }
      expect(loadConfig({ ...env, TOKEN_SECRET: SECRET, ENCRYPTION_KEY: KEY }).tokenSecret).toBe(SECRET);
    });
  });

  it('refuses an ENCRYPTION_KEY that is not 32 bytes, or missing outside the embedded default', () => {
    expect(() => loadConfig({ DATABASE_URL: PG, TOKEN_SECRET: SECRET })).toThrow(/ENCRYPTION_KEY/);
    const short = Buffer.alloc(16).toString('base64');
    expect(() => loadConfig({ DATABASE_URL: PG, TOKEN_SECRET: SECRET, ENCRYPTION_KEY: short })).toThrow(
      /ENCRYPTION_KEY/,
    );
  });

  it('accepts the embedded default: generates the secrets once and keeps them in the data directory', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.tokenSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.encryptionKey).toHaveLength(32);
    expect(first.databaseUrl).toBeUndefined();
    expect(first.seedDemo).toBe(true);
    const file = path.join(dataDir, 'secrets.json');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).tokenSecret).toBe(first.tokenSecret);
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.tokenSecret).toBe(first.tokenSecret);
    expect(second.encryptionKey.equals(first.encryptionKey)).toBe(true);
  });

  it('accepts an in-memory embedded database with throwaway secrets, writing nothing', () => {
    const config = loadConfig({ DATA_DIR: 'memory://' });
    expect(config.dataDir).toBe('memory://');
    expect(config.tokenSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: 'memory://' }).tokenSecret).not.toBe(config.tokenSecret);
  });

  it('never seeds the demo agency with DATABASE_URL or in production', () => {
    const env = { TOKEN_SECRET: SECRET, ENCRYPTION_KEY: KEY, SEED_DEMO: 'true' };
    expect(loadConfig({ ...env, DATABASE_URL: PG }).seedDemo).toBe(false);
    expect(loadConfig({ ...env, NODE_ENV: 'production', DATA_DIR: tempDir() }).seedDemo).toBe(false);
    expect(loadConfig({ ...env, DATA_DIR: 'memory://', SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('refuses ADMIN_PASSWORD without ADMIN_EMAIL, and lower-cases ADMIN_EMAIL', () => {
    expect(() => loadConfig({ DATA_DIR: 'memory://', ADMIN_PASSWORD: 'Pehla#Admin2026' })).toThrow(
      /ADMIN_EMAIL/,
    );
    expect(loadConfig({ DATA_DIR: 'memory://', ADMIN_EMAIL: 'Root@Portal.Test' }).adminEmail).toBe(
      'root@portal.test',
    );
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ DATA_DIR: 'memory://', PORT: 'eighty', NODE_ENV: 'staging' })).toThrow(
      /PORT[\s\S]*NODE_ENV|NODE_ENV[\s\S]*PORT/,
    );
  });

  it('defaults the portal host to localhost and the port, lower-cased', () => {
    expect(loadConfig({ DATA_DIR: 'memory://', PORT: '4000' }).portalHost).toBe('localhost:4000');
    expect(loadConfig({ DATA_DIR: 'memory://', PORTAL_HOST: 'Portal.Example.IN' }).portalHost).toBe(
      'portal.example.in',
    );
  });

  it('sends reminders through SMTP_URL when set, else to the outbox, and runs the job every 5 minutes outside tests', () => {
    const base = { DATA_DIR: 'memory://', PORTAL_HOST: 'portal.example.in:3000' };
    expect(loadConfig(base)).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'no-reply@portal.example.in',
      reminderIntervalSeconds: 300,
    });
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).reminderIntervalSeconds).toBe(0);
    expect(
      loadConfig({
        ...base,
        SMTP_URL: 'smtps://user:pass@smtp.example.in:465',
        MAIL_FROM: 'hello@example.in',
      }),
    ).toMatchObject({ smtpUrl: 'smtps://user:pass@smtp.example.in:465', mailFrom: 'hello@example.in' });
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://smtp.example.in' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ...base, REMINDER_INTERVAL_SECONDS: '-1' })).toThrow(
      /REMINDER_INTERVAL_SECONDS/,
    );
  });
});
