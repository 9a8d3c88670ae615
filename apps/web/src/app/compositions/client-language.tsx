import { useEffect, useState } from 'react';
import { useNotificationPreference } from '../../features/renewals/api/get-notification-preference.ts';
import { useSaveNotificationPreference } from '../../features/renewals/api/update-notification-preference.ts';
import { translate } from '../../i18n/i18n.ts';
import {
  currentLanguage,
  type Language,
  rememberLanguage,
  setLanguage,
  takeChosenBeforeSignIn,
} from '../../i18n/language.ts';
import { LanguageSwitch } from '../../i18n/language-switch.tsx';
import { notify } from '../../lib/toast.ts';

/**
 * The client area's language (issue 30, decision 048): the client's reminder language (My Profile's "E-mail
 * reminders", decision 040) is the choice once signed in; it is kept in this browser too, for the sign-in screen.
 * The top bar's switch saves it there; a change in My Profile changes the screens as well. A language chosen on
 * the sign-in screen just before becomes the saved one, so signing in does not undo it.
 */
export function ClientLanguageSwitch() {
  const preference = useNotificationPreference();
  const save = useSaveNotificationPreference();
  const [shown, setShown] = useState<Language>(currentLanguage());
  const [switching, setSwitching] = useState(false);
  const saved = preference.data?.language;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the saved language decides; the rest is read then.
  useEffect(() => {
    if (!saved || !preference.data) return;
    const chosen = takeChosenBeforeSignIn();
    if (chosen && chosen !== saved) {
      save.mutate({ email_reminders: preference.data.email_reminders, language: chosen });
      return;
    }
    rememberLanguage(saved);
    setSwitching(true);
    void setLanguage(saved).finally(() => {
      setShown(saved);
      setSwitching(false);
    });
  }, [saved]);

  function choose(next: Language) {
    setSwitching(true);
    rememberLanguage(next);
    void setLanguage(next).then(() => {
      setShown(next);
      setSwitching(false);
      if (!preference.data) return;
      save.mutate(
        { email_reminders: preference.data.email_reminders, language: next },
        { onError: () => notify('error', translate('client')('language.notSaved')) },
      );
    });
  }

  return <LanguageSwitch value={shown} onChange={choose} busy={switching || save.isPending} />;
}
