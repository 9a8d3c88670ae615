import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Preloads the Latin subset of Inter from index.html. Without it the browser finds the font only when the first
 * text renders, then lays the page out again when it arrives (Lighthouse measured a layout shift from it and a
 * request chain HTML → CSS → font on every page). Other subsets (latin-ext for ₹) still load when a page needs them.
 */
function preloadLatinFont(): Plugin {
  return {
    name: 'preload-latin-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((file) =>
          /inter-latin-wght-normal-[\w-]+\.woff2$/.test(file),
        );
        if (!font) throw new Error('preload-latin-font: the Latin Inter font was not in the bundle');
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadLatinFont()],
  build: {
    manifest: true,
    sourcemap: false,
    target: 'es2022',
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
