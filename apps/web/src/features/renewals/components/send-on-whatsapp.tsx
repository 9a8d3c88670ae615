import {
  defaultWhatsAppTemplate,
  type NotificationLanguage,
  renderWhatsAppMessage,
  telUrl,
  type WhatsAppTemplateKind,
  whatsAppMessageKind,
  whatsAppMessageUrl,
} from '@portal/contract';
import { MessageCircle, Phone } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { formatPhone } from '../../../lib/format.ts';
import { currentClaims } from '../../../lib/session.ts';
import { notify } from '../../../lib/toast.ts';
import { useWhatsAppTemplates } from '../api/get-whatsapp-templates.ts';
import { useMarkContacted } from '../api/mark-contacted.ts';

/** What a plan's WhatsApp message is written from: the work-list's line or a plan's renewal view. */
export interface WhatsAppPlan {
  plan_id: string;
  plan_name: string;
  plan_number: string;
  client_name: string;
  client_phone: string | null;
  client_language: NotificationLanguage;
  end_date: string | null;
  amount: string | null;
}

const LINK =
  'inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600';

/** The message of the agency's template (the portal's own until it saves one) in the client's language. */
export function useWhatsAppMessage(
  plan: WhatsAppPlan,
  kind: WhatsAppTemplateKind,
  date: string | null,
  amount: string | null = plan.amount,
) {
  const templates = useWhatsAppTemplates();
  const language = plan.client_language;
  const saved = templates.data?.find((t) => t.kind === kind && t.language === language)?.text;
  // Until the agency's own have arrived a click would send the portal's words: wait for them (a failed load
  // falls back to the portal's own, so the button still works).
  const ready = templates.isSuccess || templates.isError;
  const text = renderWhatsAppMessage(
    saved ?? defaultWhatsAppTemplate(kind, language),
    {
      clientName: plan.client_name,
      planName: plan.plan_name,
      planNumber: plan.plan_number,
      date,
      amount,
      agencyName: currentClaims()?.agencyName ?? null,
    },
    language,
  );
  return { ready, text, url: whatsAppMessageUrl(plan.client_phone, text) };
}

/**
 * "Send on WhatsApp" (issue 27 item 5): a real link to wa.me with the message typed, opened in a new tab; the
 * click also records "contacted on WhatsApp" on the plan. Nothing is shown for a number that is no Indian mobile.
 * A plan whose premium falls due apart from its end date (`nextDueDate`) gets the premium-due message with that
 * date and the premium; otherwise the renewal message with the end date (decision 040).
 */
export function SendOnWhatsApp({
  plan,
  nextDueDate = null,
  premium,
  kind,
  date,
  quiet = false,
  className,
}: {
  plan: WhatsAppPlan;
  /** The plan's next premium due date, where the screen has it. */
  nextDueDate?: string | null;
  /** What that premium (one instalment) costs; the plan's amount when not given. */
  premium?: string | null;
  /** The message and its date, when the screen chooses them itself. */
  kind?: WhatsAppTemplateKind;
  date?: string | null;
  /** Outlined, for a list of plans where it is one action of many rows (a client's record). */
  quiet?: boolean;
  className?: string;
}) {
  const chosen = whatsAppMessageKind({ nextDueDate, endDate: plan.end_date });
  const messageKind = kind ?? chosen.kind;
  const { ready, url } = useWhatsAppMessage(
    plan,
    messageKind,
    date !== undefined ? date : chosen.date,
    messageKind === 'premium_due' ? (premium ?? plan.amount) : plan.amount,
  );
  const mark = useMarkContacted();
  if (!url) return null;
  const label = `Send on WhatsApp to ${plan.client_name}${plan.client_language === 'hi' ? ' (in Hindi)' : ''}`;
  if (!ready) {
    return (
      <span
        aria-disabled="true"
        className={cn(LINK, 'border border-slate-200 bg-slate-50 text-slate-400', className)}
      >
        <MessageCircle className="size-4" aria-hidden /> Send on WhatsApp
      </span>
    );
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={label}
      title={label}
      onClick={() =>
        mark.mutate(
          { planId: plan.plan_id, note: '', channel: 'whatsapp' },
          {
            onSuccess: () => notify('success', 'Recorded: contacted on WhatsApp.'),
            onError: () =>
              notify('error', 'The message opened, but the contact could not be recorded. Use Contacted.'),
          },
        )
      }
      className={cn(
        LINK,
        quiet
          ? 'border border-[#0e6f64]/40 bg-white text-[#0e6f64] hover:bg-[#e7f3ef]'
          : 'bg-[#0e6f64] text-white hover:bg-[#0b5a51]',
        className,
      )}
    >
      <MessageCircle className="size-4" aria-hidden /> Send on WhatsApp
    </a>
  );
}

/** Tap to call the client (a phone dials; a desk computer offers its calling app). */
export function CallLink({
  phone,
  name,
  className,
}: {
  phone: string | null;
  name: string;
  className?: string;
}) {
  const tel = telUrl(phone);
  if (!phone || !tel) return null;
  return (
    <a
      href={tel}
      aria-label={`Call ${name} on ${formatPhone(phone)}`}
      className={cn(LINK, 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50', className)}
    >
      <Phone className="size-4" aria-hidden /> Call
    </a>
  );
}
