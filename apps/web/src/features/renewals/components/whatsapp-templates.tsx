import {
  defaultWhatsAppTemplate,
  MESSAGE_LANGUAGE_LABELS,
  type MessageLanguage,
  REQUIRED_PLACEHOLDERS,
  renderWhatsAppMessage,
  templateProblem,
  WHATSAPP_PLACEHOLDER_LABELS,
  WHATSAPP_PLACEHOLDERS,
  WHATSAPP_TEMPLATE_KIND_LABELS,
  WHATSAPP_TEMPLATE_KINDS,
  WHATSAPP_TEMPLATE_MAX,
  type WhatsAppPlaceholder,
  type WhatsAppTemplateKind,
} from '@portal/contract';
import { type FormEvent, useRef, useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/format.ts';
import { currentClaims } from '../../../lib/session.ts';
import { notify } from '../../../lib/toast.ts';
import { useWhatsAppTemplates } from '../api/get-whatsapp-templates.ts';
import { useSaveWhatsAppTemplate } from '../api/update-whatsapp-template.ts';

const LANGUAGES: readonly MessageLanguage[] = ['en', 'hi'];

/** A plan to show the preview with: a fortnight from today, a premium with Indian grouping. */
function sample(kind: WhatsAppTemplateKind) {
  const date = new Date(Date.now() + (330 + 15 * 24 * 60) * 60_000).toISOString().slice(0, 10);
  return {
    clientName: 'Priya Sharma',
    planName: kind === 'premium_due' ? 'Jeevan Anand' : 'Health Companion',
    planNumber: kind === 'premium_due' ? 'LIC-778812' : 'HDFC-ERGO-40213',
    date,
    amount: '24500.00',
    agencyName: currentClaims()?.agencyName ?? 'Your agency',
  };
}

function Choice<T extends string>({
  label,
  options,
  labels,
  value,
  onChange,
}: {
  label: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <button
            key={o}
            type="button"
            aria-pressed={o === value}
            onClick={() => onChange(o)}
            className={cn(
              'min-h-10 rounded-full border px-4 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600',
              o === value
                ? 'border-primary-700 bg-primary-700 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
            )}
          >
            {labels[o]}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The agency's WhatsApp messages (issue 27 item 5), beside its reminder days: one per kind and language, with its
 * placeholders to insert and a live preview of the message as a client would receive it.
 */
export function WhatsAppTemplatesSettings() {
  const templates = useWhatsAppTemplates();
  const save = useSaveWhatsAppTemplate();
  const [kind, setKind] = useState<WhatsAppTemplateKind>('renewal');
  const [language, setLanguage] = useState<MessageLanguage>('en');
  // What the manager typed per kind and language; until they type, the saved message.
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | undefined>();
  const area = useRef<HTMLTextAreaElement>(null);
  const key = `${kind}:${language}`;
  const saved = templates.data?.find((t) => t.kind === kind && t.language === language);
  const text = typed[key] ?? saved?.text ?? '';
  const loaded = templates.data !== undefined;
  const portalWords = defaultWhatsAppTemplate(kind, language);
  const problem = text.trim() ? templateProblem(kind, text) : 'Message is required.';
  const preview = renderWhatsAppMessage(text, sample(kind), language);

  const type = (value: string) => {
    setTyped((all) => ({ ...all, [key]: value }));
    setError(undefined);
  };

  function insert(p: WhatsAppPlaceholder) {
    const el = area.current;
    const token = `{${p}}`;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    type(`${text.slice(0, start)}${token}${text.slice(end)}`);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (problem) {
      setError(problem);
      return;
    }
    try {
      await save.mutateAsync({ kind, language, text });
      setTyped(({ [key]: _, ...rest }) => rest);
      notify(
        'success',
        `${WHATSAPP_TEMPLATE_KIND_LABELS[kind]} message in ${MESSAGE_LANGUAGE_LABELS[language]} saved.`,
      );
    } catch (err) {
      setError(
        err instanceof ApiError
          ? (err.fields.text ?? Object.values(err.fields)[0] ?? err.message)
          : 'Something went wrong. Please try again.',
      );
    }
  }

  return (
    <section
      aria-labelledby="whatsapp-templates-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="whatsapp-templates-title" className="font-semibold text-slate-900">
          WhatsApp messages
        </h2>
        {saved ? (
          saved.is_default ? (
            <Badge tone="slate">Portal's message</Badge>
          ) : (
            <Badge tone="green">{`Your message, saved ${formatDate(saved.updated_at)}`}</Badge>
          )
        ) : null}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        What "Send on WhatsApp" writes for a client, in the language they chose for reminders.
      </p>
      {templates.isError && !templates.isFetching ? (
        <ErrorState variant="inline" className="mt-3" onRetry={() => void templates.refetch()}>
          We could not load your WhatsApp messages.
        </ErrorState>
      ) : !loaded ? (
        <div className="mt-4 flex flex-col gap-3" aria-busy="true">
          <div className="h-10 w-80 max-w-full animate-pulse rounded bg-slate-200" />
          <div className="h-40 w-full animate-pulse rounded bg-slate-200" />
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
          <div className="flex flex-col gap-4 sm:flex-row sm:gap-8">
            <Choice
              label="Message for"
              options={WHATSAPP_TEMPLATE_KINDS}
              labels={WHATSAPP_TEMPLATE_KIND_LABELS}
              value={kind}
              onChange={(k) => {
                setKind(k);
                setError(undefined);
              }}
            />
            <Choice
              label="Language"
              options={LANGUAGES}
              labels={MESSAGE_LANGUAGE_LABELS}
              value={language}
              onChange={(l) => {
                setLanguage(l);
                setError(undefined);
              }}
            />
          </div>
          <div className="grid gap-5 lg:grid-cols-2">
            <div className="flex min-w-0 flex-col gap-3">
              <TextAreaField
                ref={area}
                label="Message"
                lang={language}
                rows={10}
                maxLength={WHATSAPP_TEMPLATE_MAX}
                value={text}
                onChange={(e) => type(e.target.value)}
                error={error}
              />
              <p className="-mt-2 text-xs text-slate-500 tabular-nums">
                {text.length} of {WHATSAPP_TEMPLATE_MAX} characters
              </p>
              <div>
                <p className="text-sm font-medium text-slate-800">Insert a placeholder</p>
                <p className="text-xs text-slate-500">
                  Required for this message: {REQUIRED_PLACEHOLDERS[kind].map((p) => `{${p}}`).join(', ')}. A
                  line whose value a plan lacks is left out.
                </p>
                <div className="mt-2 flex flex-wrap gap-2">
                  {WHATSAPP_PLACEHOLDERS.map((p) => (
                    <button
                      key={p}
                      type="button"
                      onClick={() => insert(p)}
                      title={WHATSAPP_PLACEHOLDER_LABELS[p]}
                      aria-label={`Insert ${WHATSAPP_PLACEHOLDER_LABELS[p]} ({${p}})`}
                      className="min-h-9 rounded-md border border-slate-300 bg-slate-50 px-2.5 py-1 font-mono text-xs text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary-600"
                    >
                      {`{${p}}`}
                    </button>
                  ))}
                </div>
              </div>
            </div>
            <div className="flex min-w-0 flex-col gap-2">
              <p id="whatsapp-preview-title" className="text-sm font-medium text-slate-800">
                Preview
              </p>
              <section aria-labelledby="whatsapp-preview-title" className="rounded-lg bg-[#e7f3ef] p-3">
                <p
                  lang={language}
                  aria-live="polite"
                  className="max-w-prose rounded-lg rounded-tl-none bg-white px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-900 shadow-sm"
                >
                  {preview || ' '}
                </p>
              </section>
              <p className="text-xs text-slate-500">
                Shown for a sample plan. Placeholders are filled with each client's own details.
              </p>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" busy={save.isPending}>
              Save message
            </Button>
            {text !== portalWords ? (
              <Button variant="secondary" onClick={() => type(portalWords)}>
                Use the portal's message
              </Button>
            ) : null}
            {typed[key] !== undefined && saved && typed[key] !== saved.text ? (
              <Button variant="ghost" onClick={() => setTyped(({ [key]: _, ...rest }) => rest)}>
                Discard changes
              </Button>
            ) : null}
          </div>
        </form>
      )}
    </section>
  );
}
