import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { iconsWithTheirImporter, precompress, preloadLatinFont, routePreloads } from './build-plugins.ts';

export default defineConfig({
  plugins: [
    iconsWithTheirImporter(),
    react(),
    tailwindcss(),
    preloadLatinFont(),
    routePreloads(),
    precompress(),
  ],
  build: {
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    // Groups of small modules every screen of an area needs, one chunk each rather than one per set of screens
    // that shares them (decision 049): TanStack Query with the app's cache and keys, the client area's calls, and
    // the client area's words and language (decision 051: its lookup, formats, top-bar switch and the reminder
    // preference it saves; none of them is the workspace's or the sign-in screen's). Everything else is split as
    // Rolldown decides.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/]|src[\\/]lib[\\/]query-(client|keys)\.ts|src[\\/]app[\\/]providers[\\/]query-provider/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'client-words',
              test: /src[\\/](i18n[\\/](i18n\.ts|format\.ts|client-i18n\.tsx|messages[\\/]en[\\/]client\.json)|features[\\/]client-portal[\\/]components[\\/]client-words\.ts|features[\\/]renewals[\\/]api[\\/](get|update)-notification-preference\.ts|app[\\/]compositions[\\/]client-language\.tsx)/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'client-calls',
              test: /src[\\/]features[\\/]client-portal[\\/](api[\\/]|components[\\/](client-paths|plan-rules|is-not-found)\.ts)/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev -w apps/web` talks to the API started by `npm run dev`.
    proxy: { '/api': 'http://localhost:3000' },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    // Form journeys type field by field with user-event; on a busy 2-core CI machine one took 7 s (0.7 s when idle).
    testTimeout: 20_000,
  },
});
