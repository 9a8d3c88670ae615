import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router.tsx';
import { preferredLanguage } from './i18n/preferred.ts';
import './index.css';

// A visitor who chose Hindi (or whose browser asks for it) sees Hindi from the first paint: its messages and font
// load before the first render rather than replacing English words a moment later (issue 30: CLS ≤ 0.02).
function start() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

if (preferredLanguage() === 'hi') {
  void import('./i18n/language.ts')
    .then((m) => m.setLanguage('hi'))
    .catch(() => undefined)
    .finally(start);
} else start();
