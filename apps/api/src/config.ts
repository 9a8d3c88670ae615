import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../../..');

/**
 * Password hashing threads unless HASH_CONCURRENCY says otherwise: one core fewer than the machine has, at
 * least one, so a burst of sign-ins always leaves a core to every other request (decision 003; issue 8 measured 2
 * on 2 cores: downloads during sign-ins got 15 % of their rate alone).
 */
export function defaultHashConcurrency(): number {
  return Math.max(1, availableParallelism() - 1);
}

/**
 * Resident memory past which API calls are shed unless SHED_RSS_MB says otherwise: 80 % of the memory the
 * process may have, the container's limit (cgroup, `process.constrainedMemory`) where one is set below the
 * machine's memory, else the machine's. The rest is left for the kernel, PGlite's files in the page cache and
 * the answers being written when the limit is reached.
 */
export function defaultShedRssBytes(): number {
  const machine = totalmem();
  const limit = process.constrainedMemory?.() ?? 0;
  const available = limit > 0 && limit < machine ? limit : machine;
  return Math.floor(available * 0.8);
}

const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Which proxies' X-Forwarded-For to believe (issue 23 item 10): `false`; the proxies' addresses and CIDR ranges,
 * comma separated; or a number of proxy hops in front of the portal (`true` is one: the load balancer next to
 * it), which holds only where the portal cannot be reached but through them. A client's own X-Forwarded-For is never the answer, so it cannot choose the address that the
 * sign-in limits count, nor the one the audit log keeps.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string => {
    const lower = v.toLowerCase();
    if (['false', '0', 'no', ''].includes(lower)) return false;
    if (['true', 'yes'].includes(lower)) return 1;
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops <= 10) return hops;
    }
    const entries = v.split(',').map((entry) => entry.trim());
    const isAddress = (entry: string) => {
      const [address = '', bits, ...rest] = entry.split('/');
      const family = isIP(address);
      if (!family || rest.length > 0) return false;
      if (bits === undefined) return true;
      return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
    };
    if (entries.every(isAddress)) return entries.join(',');
    ctx.addIssue({
      code: 'custom',
      message: 'TRUST_PROXY must be false, a number of proxy hops (1-10), or proxy addresses or CIDR ranges',
    });
    return z.NEVER;
  });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().url().optional(),
  /** The API's own login role on PostgreSQL (issue 9 item 2); without it the owner's connections switch role. */
  DATABASE_APP_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DOCUMENTS_DIR: z.string().min(1).optional(),
  TOKEN_SECRET: z.string().optional(),
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(8 * 3600),
  ENCRYPTION_KEY: z.string().optional(),
  PORTAL_HOST: z.string().optional(),
  PORTAL_SCHEME: z.enum(['http', 'https']).default('http'),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  SEED_DEMO: boolish.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: trustProxy.default(false),
  HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(defaultHashConcurrency()),
  HASHES_PER_ADDRESS: z.coerce.number().int().min(0).max(1000).default(4),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/i, { error: 'must be an smtp:// or smtps:// address' })
    .optional(),
  MAIL_FROM: z.string().email().optional(),
  REMINDER_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
  IMPORT_POLL_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  SHED_HEAP_USED_MB: z.coerce.number().int().min(0).max(1_048_576).optional(),
  SHED_RSS_MB: z.coerce.number().int().min(0).max(16_777_216).optional(),
  SHED_CONCURRENT_REQUESTS: z.coerce.number().int().min(0).max(100_000).default(200),
  SHED_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(300_000),
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
});

export interface Config {
  env: 'development' | 'test' | 'production';
  host: string;
  port: number;
  /** Set: a PostgreSQL server. Unset: embedded PGlite under dataDir (or in memory for `memory://`). */
  databaseUrl: string | undefined;
  databaseAppUrl: string | undefined;
  dataDir: string;
  /** Where the document store keeps encrypted files; null: a temporary directory (`DATA_DIR=memory://`). */
  documentsDir: string | null;
  tokenSecret: string;
  tokenTtlSeconds: number;
  tokenIssuer: string;
  tokenAudience: string;
  /** 32 bytes for AES-256-GCM (decisions §5). */
  encryptionKey: Buffer;
  /** Host (with port) of the bare portal; agencies live at {slug}.{portalHost} (decisions §2). */
  portalHost: string;
  portalScheme: 'http' | 'https';
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** Demo agency on first start: embedded default only, never with DATABASE_URL or in production. */
  seedDemo: boolean;
  logLevel: string;
  webDist: string;
  /** Fastify's trustProxy: false, a hop count, or proxies' addresses (see `trustProxy` above). */
  trustProxy: false | number | string;
  hashConcurrency: number;
  /**
   * Password hashes one address may have waiting or running at once (issue 23 item 7); past it a sign-in,
   * registration or password change is refused with 429 at once, so a flood never queues ahead of everyone's
   * sign-ins. 0: no cap.
   */
  hashesPerAddress: number;
  /** SMTP server of the reminder e-mails (nodemailer URL); unset: they go to the outbox table (issue 7). */
  smtpUrl: string | undefined;
  /** The sending address; each e-mail shows its agency's name in front of it. */
  mailFrom: string;
  /** Seconds between runs of the reminder job in this process; 0 turns it off (the default in tests). */
  reminderIntervalSeconds: number;
  /**
   * How often the import runner looks for jobs another process left (issue 26 item 6); 0: this process runs none
   * (the tests that drive it themselves). An upload or a commit wakes its own process's runner at once.
   */
  importPollSeconds: number;
  /** Load shedding (issue 9): past any of these limits, /api requests but health answer 503; 0 turns one off. */
  shed: {
    /** Mean event-loop delay over the last second, in ms (off by default under NODE_ENV=test). */
    eventLoopDelayMs: number;
    heapUsedBytes: number;
    /**
     * Resident memory of the process (issue 23 item 9): buffers, files being read and sent and native memory
     * count here, not in the heap.
     */
    rssBytes: number;
    /** /api requests in progress at once in this process. */
    concurrentRequests: number;
    retryAfterSeconds: number;
  };
  /**
   * How long a client may take (issue 23 item 4): to send a request's headers, to send the whole request, and
   * to stay silent on an open connection. Past them the connection is closed, so a client that never finishes
   * holds nothing for long.
   */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; idleTimeoutMs: number };
}

export class ConfigError extends Error {}

const MIN_SECRET_LENGTH = 32;

/** Secrets the embedded default generates once and keeps in its data directory (decisions §5). */
function embeddedSecrets(dataDir: string): { tokenSecret: string; encryptionKey: string } {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  mkdirSync(dataDir, { recursive: true });
  const secrets = {
    tokenSecret: randomBytes(48).toString('base64url'),
    encryptionKey: randomBytes(32).toString('base64'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  chmodSync(file, 0o600);
  return secrets;
}

/** Parses the environment once. Throws ConfigError with every problem named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const embedded = !e.DATABASE_URL && e.NODE_ENV !== 'production';
  const dataDir = e.DATA_DIR === 'memory://' ? e.DATA_DIR : path.resolve(e.DATA_DIR);
  const persistent = embedded && dataDir !== 'memory://';

  let tokenSecret = e.TOKEN_SECRET;
  let encryptionKey = e.ENCRYPTION_KEY;
  if ((!tokenSecret || !encryptionKey) && persistent) {
    const generated = embeddedSecrets(dataDir);
    tokenSecret ??= generated.tokenSecret;
    encryptionKey ??= generated.encryptionKey;
  }
  if ((!tokenSecret || !encryptionKey) && embedded && dataDir === 'memory://') {
    tokenSecret ??= randomBytes(48).toString('base64url');
    encryptionKey ??= randomBytes(32).toString('base64');
  }
  if (!tokenSecret || tokenSecret.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(
      `TOKEN_SECRET must be set to at least ${MIN_SECRET_LENGTH} characters when DATABASE_URL is set or NODE_ENV is production.`,
    );
  }
  const key = Buffer.from(encryptionKey ?? '', 'base64');
  if (key.length !== 32) {
    throw new ConfigError('ENCRYPTION_KEY must be 32 bytes in base64 (openssl rand -base64 32).');
  }
  if (e.ADMIN_PASSWORD !== undefined && !e.ADMIN_EMAIL) {
    throw new ConfigError('ADMIN_PASSWORD is set without ADMIN_EMAIL.');
  }
  if (e.DATABASE_APP_URL && !e.DATABASE_URL) {
    throw new ConfigError('DATABASE_APP_URL is set without DATABASE_URL (the owner, who migrates).');
  }

  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    databaseAppUrl: e.DATABASE_URL ? e.DATABASE_APP_URL : undefined,
    dataDir,
    documentsDir: e.DOCUMENTS_DIR
      ? path.resolve(e.DOCUMENTS_DIR)
      : dataDir === 'memory://'
        ? null
        : path.join(dataDir, 'documents'),
    tokenSecret,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    tokenIssuer: 'agency-portal',
    tokenAudience: 'agency-portal-web',
    encryptionKey: key,
    portalHost: (e.PORTAL_HOST ?? `localhost:${e.PORT}`).toLowerCase(),
    portalScheme: e.PORTAL_SCHEME,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: embedded && e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist'),
    trustProxy: e.TRUST_PROXY,
    hashConcurrency: e.HASH_CONCURRENCY,
    hashesPerAddress: e.HASHES_PER_ADDRESS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `no-reply@${(e.PORTAL_HOST ?? 'localhost').toLowerCase().replace(/:\d+$/, '')}`,
    reminderIntervalSeconds: e.REMINDER_INTERVAL_SECONDS ?? (e.NODE_ENV === 'test' ? 0 : 300),
    importPollSeconds: e.IMPORT_POLL_SECONDS,
    shed: {
      eventLoopDelayMs: e.SHED_EVENT_LOOP_DELAY_MS ?? (e.NODE_ENV === 'test' ? 0 : 1000),
      heapUsedBytes:
        e.SHED_HEAP_USED_MB === undefined
          ? Math.floor(v8.getHeapStatistics().heap_size_limit * 0.9)
          : e.SHED_HEAP_USED_MB * 1024 * 1024,
      rssBytes: e.SHED_RSS_MB === undefined ? defaultShedRssBytes() : e.SHED_RSS_MB * 1024 * 1024,
      concurrentRequests: e.SHED_CONCURRENT_REQUESTS,
      retryAfterSeconds: e.SHED_RETRY_AFTER_SECONDS,
    },
    http: {
      // Node requires the headers' limit to be within the whole request's.
      headersTimeoutMs: Math.min(e.HTTP_HEADERS_TIMEOUT_MS, e.HTTP_REQUEST_TIMEOUT_MS),
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
    },
  };
}
