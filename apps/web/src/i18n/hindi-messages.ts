import type { Messages } from './language.ts';

// Hindi's words, every namespace in one chunk (some 8 kB gzip), loaded once Hindi is chosen: one request rather
// than one a screen (decision 049).
const files = import.meta.glob<Record<string, string>>('./messages/hi/*.json', {
  eager: true,
  import: 'default',
});

export const hindi: Messages = Object.fromEntries(
  Object.entries(files).map(([file, words]) => [/([\w-]+)\.json$/.exec(file)?.[1] ?? file, words]),
);
