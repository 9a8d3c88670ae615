import { createHmac } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { DOCUMENT_MAX_BYTES, LANGUAGE_HINT_COOKIE, MSG } from '@portal/contract';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { onClientAreaChange, onOwnersChange } from './db/session-changes.ts';
import { createChallengeService } from './lib/challenges.ts';
import { createDocumentStore, type DocumentStore } from './lib/documents.ts';
import { AnswerCache } from './lib/kept-answers.ts';
import { createSmtpMailer, type Mailer } from './lib/mail.ts';
import { createOutboxMailer } from './lib/mail-outbox.ts';
import { createPasswordHasher, type PasswordHasher } from './lib/passwords.ts';
import { createTokenService, type TokenService } from './lib/tokens.ts';
import { FIELD_MAX_BYTES, registerUploadLimits } from './lib/upload-limits.ts';
import { activityRoutes } from './modules/activity/activity.routes.ts';
import { profileRoutes } from './modules/agency-profile/profile.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { secondFactorRoutes } from './modules/auth/second-factor.routes.ts';
import { SessionCache } from './modules/auth/session-cache.ts';
import { brandingRoutes } from './modules/branding/branding.routes.ts';
import { claimsRoutes } from './modules/claims/claims.routes.ts';
import { clientPortalRoutes } from './modules/client-portal/client-portal.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import { familiesRoutes } from './modules/families/families.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { type ImportRunner, startImportRunner } from './modules/imports/import-runner.ts';
import { importsRoutes } from './modules/imports/imports.routes.ts';
import { importTemplateRoutes } from './modules/imports/template.routes.ts';
import { ownersRoutes } from './modules/owners/owners.routes.ts';
import { plansRoutes } from './modules/plans/plans.routes.ts';
import { premiumsRoutes } from './modules/premiums/premiums.routes.ts';
import { primaryClientsRoutes } from './modules/primary-clients/primary-clients.routes.ts';
import { providersRoutes } from './modules/providers/providers.routes.ts';
import { registrationRoutes } from './modules/registration/registration.routes.ts';
import { type ReminderScheduler, startReminderScheduler } from './modules/renewals/reminder-job.ts';
import { renewalsRoutes } from './modules/renewals/renewals.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { secondaryClientsRoutes } from './modules/secondary-clients/secondary-clients.routes.ts';
import { servicesRoutes } from './modules/services/services.routes.ts';
import { statementRoutes } from './modules/statement/statement.routes.ts';
import { teamRoutes } from './modules/team/team.routes.ts';
import { registerAccess } from './plugins/access.ts';
import { registerDocs } from './plugins/docs.ts';
import { frameworkErrors, registerErrorHandler } from './plugins/error-handler.ts';
import { registerLoadShedding } from './plugins/load-shedding.ts';
import { securityHeadersHook } from './plugins/security-headers.ts';
import { registerWeb } from './plugins/web.ts';

export interface AppServices {
  config: Config;
  database: Database;
  documents: DocumentStore;
  hasher: PasswordHasher;
  /** Reminder e-mails: SMTP_URL's server, or the outbox table without one (issue 7). */
  mailer: Mailer;
  tokens: TokenService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

export interface BuildOptions {
  /** An already opened and migrated database (tests); otherwise opened from the config and migrated. */
  database?: Database;
  logger?: boolean;
  /** Where log lines go instead of stdout (the security tests' tripwire reads them); turns the logger on. */
  logStream?: { write(line: string): void };
}

/** Query parameters whose values say nothing about a person: pages, cursors, buckets, kinds and service codes. */
const LOGGED_QUERY_KEYS = new Set([
  'offset',
  'limit',
  'after',
  'before',
  'bucket',
  'type',
  'category',
  'service',
  'period',
  'report',
  'format',
]);

/**
 * A request address as logged: a bearer token in it is not kept, nor the value of any query parameter but the
 * harmless ones above. Searches carry clients' names, phones and e-mails (issue 23 item 13), and a `?token=` or
 * a password must never reach a log.
 */
export function withoutSecrets(url: string): string {
  const at = url.indexOf('?');
  const jwt = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]*/g;
  const path = (at < 0 ? url : url.slice(0, at)).replace(jwt, '[Redacted]');
  if (at < 0) return path;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = eq < 0 ? pair : pair.slice(0, eq);
      let name = key;
      try {
        name = decodeURIComponent(key.replace(/\+/g, ' '));
      } catch {}
      if (LOGGED_QUERY_KEYS.has(name)) return pair;
      return eq < 0 ? '[Redacted]' : `${key}=[Redacted]`;
    })
    .join('&');
  return `${path}?${query.replace(jwt, '[Redacted]')}`;
}

/** Builds the whole app as tests and the server use it (conventions: app.ts builds, server.ts listens). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  let database = options.database;
  if (!database) {
    database = await openDatabase(config);
    await database.migrate();
  }
  const ownsDatabase = !options.database;
  const services: AppServices = {
    config,
    database,
    documents: createDocumentStore({ dir: config.documentsDir, key: config.encryptionKey }),
    mailer: config.smtpUrl
      ? createSmtpMailer({ url: config.smtpUrl, fromAddress: config.mailFrom })
      : createOutboxMailer(database.db),
    hasher: createPasswordHasher(config.hashConcurrency, config.hashesPerAddress),
    tokens: createTokenService({
      secret: config.tokenSecret,
      issuer: config.tokenIssuer,
      audience: config.tokenAudience,
      ttlSeconds: config.tokenTtlSeconds,
    }),
  };

  const app = Fastify({
    logger:
      options.logger === false && !options.logStream
        ? false
        : {
            ...(options.logStream ? { stream: options.logStream } : {}),
            level: config.logLevel,
            redact: [
              'req.headers.authorization',
              'req.headers.cookie',
              // @fastify/multipart logs the options it gives busboy, the request's headers among them (trace).
              'busboyOptions.headers.authorization',
              'busboyOptions.headers.cookie',
              'body.password',
              'body.AgencyPassword',
            ],
            serializers: {
              // Fastify's own, with tokens and passwords a caller put in the address left out (issue 9, item 7).
              req: (req: FastifyRequest) => ({
                method: req.method,
                url: withoutSecrets(req.url),
                host: req.host,
                remoteAddress: req.ip,
                remotePort: req.socket?.remotePort,
              }),
            },
          },
    // A hop count trusts that many proxies nearest the portal, whoever they are: only for a portal that cannot be
    // reached but through them (Fastify's own number fails closed). Addresses are checked (issue 23 item 10).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Clients that never finish a request hold nothing for long (issue 23 item 4); Node checks its headers and
    // request limits on an interval of its own, here one a second (or finer for the tests' short limits).
    connectionTimeout: config.http.idleTimeoutMs,
    requestTimeout: config.http.requestTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.ceil(config.http.headersTimeoutMs / 4)),
    },
    frameworkErrors,
  });
  app.decorate('services', services);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First of all hooks, so answers that an earlier hook refuses (401, 403, 404) carry the headers too.
  app.addHook('onRequest', securityHeadersHook);
  registerErrorHandler(app);
  // After helmet (the 503 carries the headers), before the access hook (a shed call costs no token check).
  await registerLoadShedding(app, config.shed);
  // An upload over its route's total is refused by its Content-Length before anything reads it (issue 23 item 9).
  registerUploadLimits(app);
  const sessions = new SessionCache(database.hearing);
  app.addHook('onClose', async () => sessions.close());
  registerAccess(app, { db: database.db, tokens: services.tokens, sessions });
  if (ownsDatabase) app.addHook('onClose', () => database.close());
  app.addHook('onClose', async () => services.documents.close());

  await app.register(fastifyCompress, { threshold: 1024 });
  // Uploads (logos, documents): files are read whole into memory within these limits (decisions §5).
  await app.register(fastifyMultipart, {
    // File names are kept as sent, so a name with a path in it is refused rather than silently cut.
    preservePath: true,
    limits: { fileSize: DOCUMENT_MAX_BYTES, files: 10, fields: 20, fieldSize: FIELD_MAX_BYTES, parts: 30 },
  });
  // The signed device cookie of sign-in throttling (lib/device-cookie.ts); its own key, derived from the token's.
  await app.register(fastifyCookie, {
    secret: createHmac('sha256', config.tokenSecret).update('portal device cookie').digest('hex'),
  });
  await registerDocs(app, config.env !== 'production');

  const db = database.db;
  healthRoutes(app, database);
  registrationRoutes(app, {
    db,
    hasher: services.hasher,
    portalHost: config.portalHost,
    portalScheme: config.portalScheme,
  });
  const challenges = createChallengeService({
    secret: config.tokenSecret,
    issuer: config.tokenIssuer,
    audience: config.tokenAudience,
  });
  authRoutes(app, {
    db,
    hasher: services.hasher,
    tokens: services.tokens,
    challenges,
    mailer: services.mailer,
    portalHost: config.portalHost,
    portalScheme: config.portalScheme,
    secureCookies: config.portalScheme === 'https',
  });
  brandingRoutes(app, { db, documents: services.documents, portalHost: config.portalHost });
  secondFactorRoutes(app, {
    db,
    hasher: services.hasher,
    tokens: services.tokens,
    challenges,
    encryptionKey: config.encryptionKey,
    secureCookies: config.portalScheme === 'https',
  });
  // Answers kept until the database announces a change (decisions 017 and 018): the admin's owner list, and per
  // agency the client area's plan answers and the workspace's client list.
  const ownerAnswers = new AnswerCache(database.hearing, onOwnersChange);
  const answers = new AnswerCache(database.hearing, onClientAreaChange);
  app.addHook('onClose', async () => {
    ownerAnswers.close();
    answers.close();
  });
  ownersRoutes(app, {
    db,
    answers: ownerAnswers,
    hasher: services.hasher,
    mailer: services.mailer,
    portalHost: config.portalHost,
    portalScheme: config.portalScheme,
  });
  servicesRoutes(app, { db });
  providersRoutes(app, { db, documents: services.documents, encryptionKey: config.encryptionKey });
  profileRoutes(app, {
    db,
    documents: services.documents,
    portalHost: config.portalHost,
    portalScheme: config.portalScheme,
  });
  dashboardRoutes(app, { db, answers });
  activityRoutes(app, { db });
  primaryClientsRoutes(app, {
    db,
    answers,
    documents: services.documents,
    hasher: services.hasher,
    encryptionKey: config.encryptionKey,
    mailer: services.mailer,
    portalHost: config.portalHost,
    portalScheme: config.portalScheme,
  });
  teamRoutes(app, {
    db,
    hasher: services.hasher,
    mailer: services.mailer,
    portalHost: config.portalHost,
    portalScheme: config.portalScheme,
  });
  secondaryClientsRoutes(app, { db, documents: services.documents, encryptionKey: config.encryptionKey });
  familiesRoutes(app, { db });
  exportsRoutes(app, { db });
  reportsRoutes(app, { db, documents: services.documents });
  importTemplateRoutes(app);
  // The import (issue 26, decision 036): every process runs the import runner, which an upload or a commit of this
  // process wakes at once; jobs other processes left are found at its next poll, or taken up after a lapsed lease.
  let importRunner: ImportRunner | undefined;
  const runsImports = config.importPollSeconds > 0;
  importsRoutes(app, {
    db,
    encryptionKey: config.encryptionKey,
    runner: runsImports ? { wake: () => importRunner?.wake() } : null,
  });
  if (runsImports) {
    app.addHook('onReady', async () => {
      importRunner = startImportRunner(
        { db, engine: database.engine, encryptionKey: config.encryptionKey, log: app.log },
        config.importPollSeconds * 1000,
      );
    });
    app.addHook('preClose', async () => importRunner?.stop());
  }
  plansRoutes(app, { db, documents: services.documents });
  premiumsRoutes(app, { db, documents: services.documents });
  claimsRoutes(app, { db, documents: services.documents });
  statementRoutes(app, { db, documents: services.documents });
  clientPortalRoutes(app, { db, documents: services.documents, answers });
  renewalsRoutes(app, { db, documents: services.documents, delivery: services.mailer.delivery, answers });
  if (config.reminderIntervalSeconds > 0) {
    // Every API process runs the reminder job; its claimed rows send each e-mail once (decision 010).
    let scheduler: ReminderScheduler | undefined;
    app.addHook('onReady', async () => {
      scheduler = startReminderScheduler(
        {
          db,
          mailer: services.mailer,
          portalHost: config.portalHost,
          portalScheme: config.portalScheme,
          log: app.log,
        },
        config.reminderIntervalSeconds * 1000,
      );
    });
    app.addHook('preClose', async () => scheduler?.stop());
  }
  app.addHook('onClose', async () => services.mailer.close());

  const hasWeb = await registerWeb(app, config.webDist);
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // Screens of the SPA fall back to index.html; a missing file (an old asset) is a real 404.
    const wantsPage =
      hasWeb && request.method === 'GET' && !pathname.startsWith('/api') && !/\.[a-z0-9]+$/i.test(pathname);
    if (wantsPage && app.webPage) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'cookie')
        .send(app.webPage(pathname, request.cookies[LANGUAGE_HINT_COOKIE]));
    }
    return reply
      .status(404)
      .send({ message: MSG.notFound, detail: `No route ${request.method} ${pathname}` });
  });
  return app;
}
