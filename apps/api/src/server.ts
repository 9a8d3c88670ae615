import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/client.ts';
import { inScope, PLATFORM_SCOPE } from './db/scope.ts';
import { firstStart } from './modules/system/first-start.ts';

/** How long SIGTERM/SIGINT waits for requests in flight (a slow upload or download) before exiting. */
const DRAIN_SECONDS = 25;

// Listens and shuts down gracefully; everything else is buildApp's.
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  const lines = await firstStart(app.services.database.db, app.services.hasher, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    seedDemo: config.seedDemo,
    portalHost: config.portalHost,
    portalScheme: config.portalScheme,
    documents: app.services.documents,
    encryptionKey: config.encryptionKey,
  });
  // Files a killed process wrote for transactions that never committed (issue 9 item 8); every agency's
  // documents, so in the platform scope of row-level security (decision 012).
  const recovered = await inScope(PLATFORM_SCOPE, () =>
    app.services.documents.recover(app.services.database.db),
  );
  if (recovered.removed > 0) {
    app.log.warn(recovered, 'removed document files of requests that did not commit before a crash');
  }
  await app.listen({ host: config.host, port: config.port });
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  const banner = [
    '',
    `Agency portal running at ${config.portalScheme}://${config.portalHost}  (database: ${database})`,
    ...(config.env !== 'production'
      ? [`API documentation: ${config.portalScheme}://${config.portalHost}/api/docs`]
      : []),
    ...lines,
    '',
  ];
  process.stdout.write(`${banner.join('\n')}\n`);

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      // Stops accepting connections; requests in flight finish (new ones on kept-alive connections get
      // 503), then the database closes. Bounded: a request still running after this much is cut off.
      const timer = setTimeout(() => {
        app.log.error({ seconds: DRAIN_SECONDS }, 'requests in flight did not finish in time');
        process.exit(1);
      }, DRAIN_SECONDS * 1000);
      timer.unref();
      app.close().then(
        () => process.exit(0),
        (err) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(
      `Failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  }
  process.exit(1);
});
