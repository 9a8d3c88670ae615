import { figure } from '../figures.ts';
import { createTestApp, type TestApp, type TestAppOptions } from '../helpers.ts';
import type { LeakWatch, TripwireHit } from '../leak-scanner.ts';

// The sensitive-data tripwire of the security tests (issue 9, item 7). Every test app of the API suite goes
// through the same scanner (test/helpers.ts, test/leak-scanner.ts: every answer, every log line, the secrets
// each request sent or the test stored, checked when the app closes); the security tests' apps log at `trace`,
// name extra secrets with `tripwire.seed()` and print their own figure.

export type { TripwireHit } from '../leak-scanner.ts';
export type Tripwire = LeakWatch;

/** A test app whose answers and log lines (at trace level) go through the tripwire. */
export function createWatchedApp(options: TestAppOptions = {}): Promise<TestApp> {
  return createTestApp({ ...options, env: { LOG_LEVEL: 'trace', ...options.env } });
}

export type WatchedApp = TestApp;

/** Prints the tripwire's figure and answers its hits (the caller expects none). */
export function reportTripwire(name: string, app: WatchedApp): TripwireHit[] {
  const hits = app.tripwire.scan();
  figure(
    '7. Tripwire, security tests',
    `[security] tripwire ${name}: ${app.tripwire.answers} answers, ${app.tripwire.logLines} log lines, ${hits.length} hits`,
  );
  return hits;
}
