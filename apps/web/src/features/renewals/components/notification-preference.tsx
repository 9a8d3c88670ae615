import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { namespace } from '../../../i18n/i18n.ts';
import reminders from '../../../i18n/messages/en/reminders.json';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import {
  type NotificationPreference,
  useNotificationPreference,
} from '../api/get-notification-preference.ts';
import { useSaveNotificationPreference } from '../api/update-notification-preference.ts';

const LANGUAGES = { en: 'English', hi: 'हिन्दी (Hindi)' } as const;

// The client's card, in the client area's language (issue 30).
const useRemindersT = namespace('reminders', reminders);

/** My Profile's "E-mail reminders": the client turns renewal e-mails on or off and picks their language. */
export function NotificationPreferenceCard() {
  const query = useNotificationPreference();
  const t = useRemindersT();
  return (
    <section
      aria-labelledby="reminders-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="reminders-title" className="font-semibold text-slate-900">
        {t('title')}
      </h2>
      {query.isPending || (query.isError && query.isFetching) ? (
        <div className="mt-3 flex flex-col gap-2" aria-busy="true">
          <div className="h-4 w-64 max-w-full animate-pulse rounded bg-slate-200" />
          <div className="h-9 w-48 animate-pulse rounded bg-slate-200" />
        </div>
      ) : null}
      {query.isError && !query.isFetching ? (
        <div role="alert" className="mt-3 flex flex-wrap items-center gap-3 text-sm text-red-800">
          {t('loadFailed')}
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      ) : null}
      {query.isSuccess ? (
        // A preference saved elsewhere (the top bar's language switch) starts the form again from it.
        <PreferenceForm key={`${query.data.email_reminders}:${query.data.language}`} saved={query.data} />
      ) : null}
    </section>
  );
}

/** The form starts from the saved preference; Save is offered once it differs. */
function PreferenceForm({ saved }: { saved: NotificationPreference }) {
  const [enabled, setEnabled] = useState(saved.email_reminders);
  const [language, setLanguage] = useState<'en' | 'hi'>(saved.language);
  const [error, setError] = useState<string | undefined>();
  const save = useSaveNotificationPreference();
  const t = useRemindersT();

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    save.mutate(
      { email_reminders: enabled, language },
      {
        onSuccess: () => notify('success', t('saved')),
        onError: (err) =>
          setError(
            err instanceof ApiError ? (Object.values(err.fields)[0] ?? err.message) : t('genericError'),
          ),
      },
    );
  }

  const changed = saved.email_reminders !== enabled || saved.language !== language;

  return (
    <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        {saved.email ? t('withEmail', { email: saved.email }) : t('noEmail')}
      </p>
      <div className="flex items-center gap-3">
        <Switch checked={enabled} onCheckedChange={setEnabled} label={t('switch')} />
        <span aria-hidden className="text-sm text-slate-800">
          {t('state')}
          <strong>{t(enabled ? 'on' : 'off')}</strong>
        </span>
      </div>
      <div className="max-w-xs">
        <SelectField
          label={t('language')}
          options={['en', 'hi']}
          optionLabels={LANGUAGES}
          placeholder={t('chooseLanguage')}
          value={language}
          onChange={(e) => e.target.value && setLanguage(e.target.value as 'en' | 'hi')}
          error={error}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="submit"
          busy={save.isPending}
          disabled={!changed}
          aria-describedby={changed ? undefined : 'reminder-preference-unchanged'}
        >
          {t('save')}
        </Button>
        {changed ? null : (
          <span id="reminder-preference-unchanged" className="text-sm text-slate-500">
            {t('unchanged')}
          </span>
        )}
      </div>
    </form>
  );
}
