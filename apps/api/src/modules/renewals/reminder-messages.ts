// The words of the reminder e-mails (issue 7): a client's reminder in English or Hindi (their choice),
// and the owner's daily digest in English, each as plain text and HTML with the agency's name and contact.

import { escapeHtml } from '../../lib/security-mail.ts';
export type Language = 'en' | 'hi';

export interface AgencyContact {
  name: string;
  email: string;
  phone: string;
  website: string | null;
}

export interface ReminderContent {
  language: Language;
  clientName: string;
  /** The family member holding the plan, when it is not the client's own. */
  holderName: string | null;
  planType: 'insurance' | 'investment';
  planNumber: string;
  serviceName: string;
  providerName: string;
  endDate: string;
  daysLeft: number;
  amount: string | null;
  agency: AgencyContact;
}

export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

const dateFormats: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' }),
  hi: new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
};
const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
});

/** A plan date (YYYY-MM-DD) the Indian way: 21 Dec 2026, or २१ दिसंबर २०२६'s Latin-digit form in Hindi. */
export function formatDay(date: string, language: Language = 'en'): string {
  return dateFormats[language]
    .format(new Date(`${date}T00:00:00Z`))
    .replace(/[०-९]/g, (d) => String('०१२३४५६७८९'.indexOf(d)));
}

export const formatRupees = (amount: string) => rupees.format(Number(amount));

function daysText(days: number, language: Language): string {
  if (language === 'hi') {
    if (days <= 0) return 'आज अंतिम दिन है।';
    return days === 1 ? 'केवल 1 दिन शेष है।' : `${days} दिन शेष हैं।`;
  }
  if (days <= 0) return 'That is today.';
  return days === 1 ? 'That is tomorrow.' : `That is in ${days} days.`;
}

function contactLines(agency: AgencyContact, language: Language): string[] {
  const phone = language === 'hi' ? 'फ़ोन' : 'Phone';
  const email = language === 'hi' ? 'ई-मेल' : 'E-mail';
  return [
    agency.name,
    `${phone}: ${agency.phone}`,
    `${email}: ${agency.email}`,
    ...(agency.website ? [agency.website] : []),
  ];
}

function layout(title: string, paragraphs: string[], contact: string[], footer: string, lang: Language) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n');
  const card = contact
    .map((line, i) => (i === 0 ? `<strong>${escapeHtml(line)}</strong>` : escapeHtml(line)))
    .join('<br>');
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,'Noto Sans Devanagari',sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">
${body}
<p style="margin:16px 0 0;padding:12px;background:#f1f5f9;border-radius:6px">${card}</p>
<p style="margin:16px 0 0;font-size:12px;color:#64748b">${escapeHtml(footer)}</p>
</div></body></html>`;
}

/** A client's reminder before a policy expires or an investment matures. */
export function renderReminder(c: ReminderContent): Rendered {
  const date = formatDay(c.endDate, c.language);
  const insurance = c.planType === 'insurance';
  const amount = c.amount ? formatRupees(c.amount) : null;
  if (c.language === 'hi') {
    const holder = c.holderName ? ` (${c.holderName} के लिए)` : '';
    const subject = insurance
      ? `अनुस्मारक: आपकी पॉलिसी ${c.planNumber} ${date} को समाप्त हो रही है`
      : `अनुस्मारक: आपका निवेश ${c.planNumber} ${date} को परिपक्व हो रहा है`;
    const paragraphs = [
      `नमस्ते ${c.clientName},`,
      insurance
        ? `${c.providerName} की आपकी ${c.serviceName} पॉलिसी ${c.planNumber}${holder} ${date} को समाप्त हो रही है। ${daysText(c.daysLeft, 'hi')}`
        : `${c.providerName} में आपका ${c.serviceName} निवेश ${c.planNumber}${holder} ${date} को परिपक्व हो रहा है। ${daysText(c.daysLeft, 'hi')}`,
      ...(amount ? [insurance ? `प्रीमियम: ${amount}` : `निवेश राशि: ${amount}`] : []),
      insurance
        ? 'सुरक्षा बिना रुकावट जारी रखने के लिए कृपया समय पर नवीनीकरण कराएँ। किसी भी सहायता के लिए हमसे संपर्क करें:'
        : 'परिपक्वता राशि के बारे में आगे क्या करना है, यह तय करने के लिए हमसे संपर्क करें:',
    ];
    const footer = `यह स्वचालित अनुस्मारक ${c.agency.name} द्वारा भेजा गया है। ई-मेल अनुस्मारक बंद करने या भाषा बदलने के लिए पोर्टल में My Profile खोलें।`;
    const contact = contactLines(c.agency, 'hi');
    return {
      subject,
      text: [paragraphs.join('\n\n'), '', ...contact, '', footer].join('\n'),
      html: layout(subject, paragraphs, contact, footer, 'hi'),
    };
  }
  const holder = c.holderName ? ` for ${c.holderName}` : '';
  const subject = insurance
    ? `Reminder: your policy ${c.planNumber} expires on ${date}`
    : `Reminder: your investment ${c.planNumber} matures on ${date}`;
  const paragraphs = [
    `Dear ${c.clientName},`,
    insurance
      ? `Your ${c.serviceName} policy ${c.planNumber} with ${c.providerName}${holder} expires on ${date}. ${daysText(c.daysLeft, 'en')}`
      : `Your ${c.serviceName} investment ${c.planNumber} with ${c.providerName}${holder} matures on ${date}. ${daysText(c.daysLeft, 'en')}`,
    ...(amount ? [insurance ? `Premium: ${amount}` : `Amount invested: ${amount}`] : []),
    insurance
      ? 'Please renew it on time so that your cover continues without a break. We are here to help:'
      : 'Talk to us about what to do with the maturity amount:',
  ];
  const footer = `This is an automated reminder from ${c.agency.name}. To turn e-mail reminders off or read them in Hindi, open My Profile on your portal.`;
  const contact = contactLines(c.agency, 'en');
  return {
    subject,
    text: [paragraphs.join('\n\n'), '', ...contact, '', footer].join('\n'),
    html: layout(subject, paragraphs, contact, footer, 'en'),
  };
}

export interface PremiumDueContent {
  language: Language;
  clientName: string;
  /** The family member holding the plan, when it is not the client's own. */
  holderName: string | null;
  planType: 'insurance' | 'investment';
  planName: string | null;
  planNumber: string;
  serviceName: string;
  providerName: string;
  dueDate: string;
  daysLeft: number;
  /** What one premium (or an RD's instalment) costs; null when the plan has no amount. */
  amount: string | null;
  agency: AgencyContact;
}

/**
 * A client's reminder of a premium due (a life policy's) or an instalment due (a post-office RD's), apart from
 * the plan's end date (decision 040): the plan, the due date, the amount and the agency, in English or Hindi.
 */
export function renderPremiumDue(c: PremiumDueContent): Rendered {
  const date = formatDay(c.dueDate, c.language);
  const insurance = c.planType === 'insurance';
  const amount = c.amount ? formatRupees(c.amount) : null;
  const plan = c.planName ? `${c.planName} (${c.planNumber})` : c.planNumber;
  if (c.language === 'hi') {
    const holder = c.holderName ? ` (${c.holderName} के लिए)` : '';
    const subject = insurance
      ? `अनुस्मारक: आपकी पॉलिसी ${c.planNumber} का प्रीमियम ${date} को देय है`
      : `अनुस्मारक: आपके खाते ${c.planNumber} की किस्त ${date} को देय है`;
    const paragraphs = [
      `नमस्ते ${c.clientName},`,
      insurance
        ? `${c.providerName} की आपकी ${c.serviceName} पॉलिसी ${plan}${holder} का प्रीमियम ${date} को देय है। ${daysText(c.daysLeft, 'hi')}`
        : `${c.providerName} में आपके ${c.serviceName} खाते ${plan}${holder} की किस्त ${date} को देय है। ${daysText(c.daysLeft, 'hi')}`,
      ...(amount ? [`देय राशि: ${amount}`] : []),
      insurance
        ? 'सुरक्षा बिना रुकावट जारी रखने के लिए कृपया समय पर प्रीमियम भरें। यदि आप भुगतान कर चुके हैं, तो कृपया हमें बताएँ ताकि हम अपना रिकॉर्ड ठीक कर सकें। किसी भी सहायता के लिए हमसे संपर्क करें:'
        : 'खाता बिना रुकावट जारी रखने के लिए कृपया समय पर किस्त जमा करें। यदि आप जमा कर चुके हैं, तो कृपया हमें बताएँ ताकि हम अपना रिकॉर्ड ठीक कर सकें। किसी भी सहायता के लिए हमसे संपर्क करें:',
    ];
    const footer = `यह स्वचालित अनुस्मारक ${c.agency.name} द्वारा भेजा गया है। ई-मेल अनुस्मारक बंद करने या भाषा बदलने के लिए पोर्टल में My Profile खोलें।`;
    const contact = contactLines(c.agency, 'hi');
    return {
      subject,
      text: [paragraphs.join('\n\n'), '', ...contact, '', footer].join('\n'),
      html: layout(subject, paragraphs, contact, footer, 'hi'),
    };
  }
  const holder = c.holderName ? ` for ${c.holderName}` : '';
  const subject = insurance
    ? `Reminder: the premium of your policy ${c.planNumber} is due on ${date}`
    : `Reminder: the instalment of your account ${c.planNumber} is due on ${date}`;
  const paragraphs = [
    `Dear ${c.clientName},`,
    insurance
      ? `The premium of your ${c.serviceName} policy ${plan} with ${c.providerName}${holder} is due on ${date}. ${daysText(c.daysLeft, 'en')}`
      : `The instalment of your ${c.serviceName} account ${plan} with ${c.providerName}${holder} is due on ${date}. ${daysText(c.daysLeft, 'en')}`,
    ...(amount ? [`Amount due: ${amount}`] : []),
    insurance
      ? 'Please pay it on time so that your cover continues without a break. If you have paid already, let us know and we will update our records. We are here to help:'
      : 'Please pay it on time so that your account continues without a break. If you have paid already, let us know and we will update our records. We are here to help:',
  ];
  const footer = `This is an automated reminder from ${c.agency.name}. To turn e-mail reminders off or read them in Hindi, open My Profile on your portal.`;
  const contact = contactLines(c.agency, 'en');
  return {
    subject,
    text: [paragraphs.join('\n\n'), '', ...contact, '', footer].join('\n'),
    html: layout(subject, paragraphs, contact, footer, 'en'),
  };
}

export interface DigestPlan {
  clientName: string;
  holderName: string | null;
  planType: 'insurance' | 'investment';
  planNumber: string;
  providerName: string;
  endDate: string;
  daysLeft: number;
  amount: string | null;
}

export interface DigestProblem {
  clientName: string;
  planNumber: string | null;
  reason: string;
}

/** A plan whose latest follow-up's next date is today or passed (decision 040). */
export interface DigestFollowUp {
  clientName: string;
  planType: 'insurance' | 'investment';
  planNumber: string;
  providerName: string;
  nextDate: string;
  daysLate: number;
  note: string;
}

export interface DigestContent {
  date: string;
  agencyName: string;
  ownerName: string;
  horizonDays: number;
  due: DigestPlan[];
  overdue: DigestPlan[];
  followUps: DigestFollowUp[];
  remindedToday: number;
  problems: DigestProblem[];
  workListUrl: string;
}

const DIGEST_LIST_MAX = 50;

function planLine(p: DigestPlan): string {
  const verb = p.planType === 'insurance' ? ['ended', 'ends'] : ['matured', 'matures'];
  const when = `${p.daysLeft < 0 ? verb[0] : verb[1]} ${formatDay(p.endDate)}`;
  const left =
    p.daysLeft < 0
      ? `${-p.daysLeft} day${p.daysLeft === -1 ? '' : 's'} ago`
      : p.daysLeft === 0
        ? 'today'
        : `in ${p.daysLeft} day${p.daysLeft === 1 ? '' : 's'}`;
  const holder = p.holderName ? ` (for ${p.holderName})` : '';
  const amount = p.amount
    ? `, ${p.planType === 'insurance' ? 'premium' : 'amount'} ${formatRupees(p.amount)}`
    : '';
  return `${p.clientName}${holder}: ${p.planType === 'insurance' ? 'policy' : 'investment'} ${p.planNumber} with ${p.providerName} ${when} (${left})${amount}`;
}

const NOTE_MAX = 120;

function followUpLine(f: DigestFollowUp): string {
  const when =
    f.daysLate <= 0
      ? 'follow up today'
      : `follow-up was due ${formatDay(f.nextDate)} (${f.daysLate} day${f.daysLate === 1 ? '' : 's'} ago)`;
  const note = f.note.length > NOTE_MAX ? `${f.note.slice(0, NOTE_MAX - 1)}…` : f.note;
  const what = f.planType === 'insurance' ? 'policy' : 'investment';
  return `${f.clientName}: ${what} ${f.planNumber} with ${f.providerName}, ${when}: “${note.replace(/\s+/g, ' ')}”`;
}

function section(title: string, lines: string[], empty: string): { title: string; lines: string[] } {
  if (lines.length === 0) return { title, lines: [empty] };
  const shown = lines.slice(0, DIGEST_LIST_MAX);
  if (lines.length > shown.length) shown.push(`… and ${lines.length - shown.length} more on the work-list.`);
  return { title, lines: shown };
}

/** The owner's daily digest: what is due, what is overdue, what went out and what could not. */
export function renderDigest(d: DigestContent): Rendered {
  const day = formatDay(d.date);
  const parts = [
    `${d.due.length} due in ${d.horizonDays} days`,
    `${d.overdue.length} overdue`,
    ...(d.followUps.length > 0
      ? [`${d.followUps.length} follow-up${d.followUps.length === 1 ? '' : 's'} due`]
      : []),
    ...(d.problems.length > 0
      ? [`${d.problems.length} reminder${d.problems.length === 1 ? '' : 's'} not sent`]
      : []),
  ];
  const subject = `Renewals for ${day}: ${parts.join(', ')}`;
  const sections = [
    section(
      `Due in the next ${d.horizonDays} days (${d.due.length})`,
      d.due.map(planLine),
      'Nothing is due.',
    ),
    section(
      `Overdue: end date passed, not yet marked renewed or lapsed (${d.overdue.length})`,
      d.overdue.map(planLine),
      'Nothing is overdue.',
    ),
    section(
      `Follow-ups due today or passed (${d.followUps.length})`,
      d.followUps.map(followUpLine),
      'No follow-up is due.',
    ),
    section(
      `Reminders that could not be sent (${d.problems.length})`,
      d.problems.map((p) => `${p.clientName}${p.planNumber ? `, ${p.planNumber}` : ''}: ${p.reason}`),
      'None: every reminder went out.',
    ),
  ];
  const intro = [
    `Dear ${d.ownerName},`,
    `Here is ${d.agencyName}'s renewal digest for ${day}. Reminders sent to clients today: ${d.remindedToday}.`,
  ];
  const footer = `Open the renewals work-list to mark plans renewed or lapsed: ${d.workListUrl}`;
  const text = [
    intro.join('\n\n'),
    '',
    ...sections.flatMap((s) => [s.title, ...s.lines.map((l) => `- ${l}`), '']),
    footer,
  ].join('\n');
  const htmlSections = sections
    .map(
      (s) =>
        `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(s.title)}</h2>\n<ul style="margin:0;padding-left:20px">${s.lines
          .map((l) => `<li style="margin:0 0 4px">${escapeHtml(l)}</li>`)
          .join('')}</ul>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,sans-serif;color:#0f172a">
<div style="max-width:640px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;padding:24px">
${intro.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${htmlSections}
<p style="margin:20px 0 0"><a href="${escapeHtml(d.workListUrl)}">Open the renewals work-list</a></p>
</div></body></html>`;
  return { subject, text, html };
}
