import { createContext, useContext } from 'react';
import common from '../../i18n/messages/en/common.json';

// The words of the shared frame and document viewer (Retry, Menu, Close, Download…). English by default, from the
// English message file; the client area provides them in its language (issue 30), the workspace stays English
// without loading the i18n library.

export type UiText = typeof common;

export const UI_TEXT: UiText = common;

const UiTextContext = createContext<UiText>(common);

export const UiTextProvider = UiTextContext.Provider;

export function useUiText(): UiText {
  return useContext(UiTextContext);
}
