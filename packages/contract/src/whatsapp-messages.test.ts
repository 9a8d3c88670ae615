import { describe, expect, it } from 'vitest';
import { MarkLostSchema, UpdateWhatsAppTemplateSchema } from './follow-ups.ts';
import {
  defaultWhatsAppTemplate,
  indianMobile,
  messageDate,
  messageRupees,
  renderWhatsAppMessage,
  templateProblem,
  WHATSAPP_TEMPLATE_KINDS,
  whatsAppMessageKind,
  whatsAppMessageUrl,
} from './whatsapp-messages.ts';

const details = {
  clientName: 'Priya Sharma',
  planName: 'Jeevan Anand',
  planNumber: 'LIC-778812',
  date: '2026-12-05',
  amount: '123456.5',
  agencyName: 'Acme Insurance & Investments',
};

describe('WhatsApp click-to-chat (issue 27 item 5)', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['+91-98765-43210', '9876543210'],
    ['098765 43210', '9876543210'],
    ['91 9876543210', '9876543210'],
    ['0091 98765 43210', '9876543210'],
    [' 6123456789 ', '6123456789'],
  ])('reads %s as the mobile %s', (typed, mobile) => {
    expect(indianMobile(typed)).toBe(mobile);
  });

  it.each([
    ['011 2345 6789'], // a Delhi landline: 10 digits, but no mobile
    ['5123456789'],
    ['+44 20 7946 0958'],
    ['98765 4321'],
    [''],
    [null],
  ])('refuses %s: no button', (typed) => {
    expect(indianMobile(typed)).toBeNull();
    expect(whatsAppMessageUrl(typed, 'Namaste')).toBeNull();
  });

  it('encodes the message, & ? # in names and Hindi included', () => {
    const url = whatsAppMessageUrl('+91 98765 43210', 'Namaste R&D? #1 नमस्ते');
    expect(url).toBe(
      `https://wa.me/919876543210?text=Namaste%20R%26D%3F%20%231%20${encodeURIComponent('नमस्ते')}`,
    );
    expect(url).toContain('%E0%A4%A8'); // न in UTF-8
    expect(new URL(url!).searchParams.get('text')).toBe('Namaste R&D? #1 नमस्ते');
  });

  it('fills the placeholders the Indian way, in English and Hindi', () => {
    const en = renderWhatsAppMessage(defaultWhatsAppTemplate('premium_due', 'en'), details, 'en');
    expect(en).toContain('Namaste Priya Sharma,');
    expect(en).toContain(
      'the premium of ₹1,23,456.50 for your policy Jeevan Anand (LIC-778812) is due on 05 Dec 2026.',
    );
    expect(en.endsWith('Acme Insurance & Investments')).toBe(true);
    const hi = renderWhatsAppMessage(defaultWhatsAppTemplate('renewal', 'hi'), details, 'hi');
    expect(hi).toContain('नमस्ते Priya Sharma जी,');
    expect(hi).toContain('5 दिसंबर 2026 को समाप्त हो रही है।');
    expect(hi).toContain('राशि: ₹1,23,456.50');
    expect(messageDate('2027-01-31', 'en')).toBe('31 Jan 2027');
    expect(messageRupees('2500000')).toBe('₹25,00,000.00');
  });

  it('leaves out a line whose value is missing, and keeps the rest', () => {
    const text = renderWhatsAppMessage(
      defaultWhatsAppTemplate('renewal', 'en'),
      { ...details, amount: null, planName: null },
      'en',
    );
    expect(text).not.toContain('Amount');
    expect(text).not.toContain('{');
    expect(text).toContain('Namaste Priya Sharma,');
    expect(text).not.toContain('Your plan'); // its line named {plan_name}, which this plan lacks
  });

  it("the portal's templates keep their placeholders; a template missing one says which", () => {
    for (const kind of WHATSAPP_TEMPLATE_KINDS) {
      for (const language of ['en', 'hi'] as const) {
        expect(templateProblem(kind, defaultWhatsAppTemplate(kind, language))).toBeNull();
      }
    }
    expect(templateProblem('renewal', 'Hello {client_name}, {plan_number} ends soon')).toBe(
      'Message must keep the placeholder {date}.',
    );
    expect(templateProblem('premium_due', 'Hello')).toBe(
      'Message must keep the placeholders {client_name}, {plan_number}, {date}, {amount}.',
    );
    expect(templateProblem('renewal', '{client_name} {plan_number} {date} {clientname}')).toMatch(
      /^Message has an unknown placeholder \{clientname\}/,
    );
  });

  it('the schemas name the field at fault', () => {
    const bad = UpdateWhatsAppTemplateSchema.safeParse({ kind: 'renewal', language: 'hi', text: 'नमस्ते' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['text']);
    const lost = MarkLostSchema.safeParse({ reason: 'other', reason_text: '  ' });
    expect(lost.error?.issues[0]).toMatchObject({
      path: ['reason_text'],
      message: 'Say why the plan was lost.',
    });
    expect(MarkLostSchema.parse({ reason: 'cannot_afford' })).toEqual({
      reason: 'cannot_afford',
      reason_text: null,
    });
  });
});

describe('whatsAppMessageKind (decision 040)', () => {
  it('writes the premium-due message with the due date, unless the premium is due on the end date', () => {
    expect(whatsAppMessageKind({ nextDueDate: '2026-12-05', endDate: '2040-12-05' })).toEqual({
      kind: 'premium_due',
      date: '2026-12-05',
    });
    expect(whatsAppMessageKind({ nextDueDate: '2026-12-05', endDate: '2026-12-05' })).toEqual({
      kind: 'renewal',
      date: '2026-12-05',
    });
    expect(whatsAppMessageKind({ nextDueDate: null, endDate: '2027-01-31' })).toEqual({
      kind: 'renewal',
      date: '2027-01-31',
    });
  });
});
