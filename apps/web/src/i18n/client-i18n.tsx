import { type ReactNode, useMemo } from 'react';
import type { UiText } from '../components/ui/ui-text.tsx';
import { UiTextProvider } from '../components/ui/ui-text.tsx';
import { useCommonT } from './i18n.ts';
import common from './messages/en/common.json';

/**
 * Gives the shared frame and viewer (components/ui, components/documents) their words in the client area's
 * language: they read them from a context, so the workspace, which never loads i18next, keeps English.
 */
export function ClientUiText({ children }: { children: ReactNode }) {
  const t = useCommonT();
  const text = useMemo(
    () => Object.fromEntries(Object.keys(common).map((key) => [key, t(key)])) as UiText,
    [t],
  );
  return <UiTextProvider value={text}>{children}</UiTextProvider>;
}
