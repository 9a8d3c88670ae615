import { defineConfig } from 'vitest/config';

// Vitest 5's failure report calls Map.groupBy, which Node 20 lacks (Node 21+ has it); without this a failing
// test crashes the reporter instead of saying what failed. The project supports Node 20.19 or newer.
const mapWithGroupBy = Map as MapConstructor & { groupBy?: unknown };
if (typeof mapWithGroupBy.groupBy !== 'function') {
  mapWithGroupBy.groupBy = <K, T>(items: Iterable<T>, key: (item: T, index: number) => K): Map<K, T[]> => {
    const groups = new Map<K, T[]>();
    let index = 0;
    for (const item of items) {
      const k = key(item, index++);
      const group = groups.get(k);
      if (group) group.push(item);
      else groups.set(k, [item]);
    }
    return groups;
  };
}

// One runner, three projects: pure rules of the contract, the API against a real PostgreSQL engine,
// and the web app's components in happy-dom.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web',
    ],
  },
});
