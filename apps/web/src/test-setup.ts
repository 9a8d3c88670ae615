import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadDialogs } from './components/ui/dialog.tsx';

// Vitest runs without globals here, so Testing Library cannot register its own cleanup: unmount every
// rendered tree after each test so screens do not pile up in one document.
afterEach(() => {
  cleanup();
});

// In the browser the dialog library arrives once the page has loaded; here, before any test renders one.
await loadDialogs();
