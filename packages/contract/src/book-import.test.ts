import { describe, expect, it } from 'vitest';
import {
  cellText,
  guessSheetKind,
  IMPORT_FIELDS,
  nameKey,
  readAmount,
  readDate,
  readGender,
  readMark,
  readMode,
  readNumber,
  readPhone,
  readService,
  splitName,
  suggestMapping,
} from './book-import.ts';
import { BOOK_SHEETS } from './book-sheets.ts';

// Issue 26 items 2 and 3: an agent's own headers and cells read the way Indians type them.

const TODAY = '2026-11-27';
const date = (cell: string, past = false) => readDate(cell, 'Start Date', { today: TODAY, past });

describe('reading a date', () => {
  it.each([
    ['12/03/2024', '2024-03-12'],
    ['12-03-2024', '2024-03-12'],
    ['12.03.2024', '2024-03-12'],
    ['1/4/2014', '2014-04-01'],
    ['12-Mar-2024', '2024-03-12'],
    ['12 March 2024', '2024-03-12'],
    ['12th Sept 2024', '2024-09-12'],
    ['March 12, 2024', '2024-03-12'],
    ['2024-03-12', '2024-03-12'],
    ['2024/3/12', '2024-03-12'],
    ['12/03/2024 00:00:00', '2024-03-12'],
    ['2024-03-12T00:00:00.000Z', '2024-03-12'],
    ['45363', '2024-03-12'],
    ['12/03/24', '2024-03-12'],
    ['29/02/2024', '2024-02-29'],
  ])('%s is %s', (cell, iso) => {
    expect(date(cell)).toEqual({ value: iso });
  });

  it('reads a two-digit year only where one century fits', () => {
    expect(date('01/01/26', true)).toEqual({ value: '2026-01-01' });
    // A date of birth is in the past: 45 is 1945, 30 is 1930.
    expect(date('01/04/45', true)).toEqual({ value: '1945-04-01' });
    expect(date('15/06/30', true)).toEqual({ value: '1930-06-15' });
    // 1926 is more than a lifetime ago and 2026's December is still to come.
    expect(date('01/12/26', true).error).toBe(
      'Start Date must have the year in full: DD/MM/YYYY, for example 21/11/2026.',
    );
    // Any other date: within 50 years of today.
    expect(date('01/04/45')).toEqual({ value: '2045-04-01' });
    expect(date('01/04/90')).toEqual({ value: '1990-04-01' });
  });

  it('says what is wrong in the form’s words', () => {
    expect(date('31/02/2024').error).toBe('Start Date must be a real date: February 2024 has 29 days.');
    expect(date('12/13/2024').error).toBe(
      'Start Date must be a real date: there is no month 13 (the day comes first, DD/MM/YYYY).',
    );
    expect(date('12-Foo-2024').error).toBe('Start Date must be a real date: "Foo" is not a month.');
    expect(date('soon').error).toBe('Start Date must be a date typed as DD/MM/YYYY, for example 21/11/2026.');
    expect(date('  ')).toEqual({ value: null });
  });
});

describe('reading an amount', () => {
  const amount = (cell: string) => readAmount(cell, 'Premium Amount');
  it.each([
    ['25000', '25000'],
    ['₹ 25,000', '25000'],
    ['₹1,23,456.50', '123456.50'],
    ['Rs. 25,000/-', '25000'],
    ['Rs 5000', '5000'],
    ['INR 12,34,567', '1234567'],
    ['1,234,567.25', '1234567.25'],
    ['25000 /-', '25000'],
    ['5 Lakh', '500000'],
    ['1.5 Cr', '15000000'],
    ['25000.100000000002', '25000.10'],
    ['0', '0'],
  ])('%s is %s', (cell, value) => {
    expect(amount(cell)).toEqual({ value });
  });

  it.each(['-500', '12,34', '1.234', 'about 5000', '5 apples'])(
    'refuses %s with the form’s message',
    (cell) => {
      expect(amount(cell).error).toBe(
        'Premium Amount must be an amount in rupees of 0 or more, with at most 2 decimals.',
      );
    },
  );
});

describe('reading a phone, a gender, a mode, a service, a status', () => {
  it('keeps a phone as typed when the form takes it, else its national digits', () => {
    expect(readPhone('+91 98765 43210', 'Phone Number')).toEqual({ value: '+91 98765 43210' });
    expect(readPhone('098765-43210', 'Phone Number')).toEqual({ value: '098765-43210' });
    expect(readPhone('9876543210', 'Phone Number')).toEqual({ value: '9876543210' });
    expect(readPhone('Mob: 98765 43210', 'Phone Number')).toEqual({ value: '9876543210' });
    expect(readPhone('0091 98765 43210', 'Phone Number')).toEqual({ value: '9876543210' });
    expect(readPhone('98765 43210 / 98765 43211', 'Phone Number')).toEqual({ value: '98765 43210' });
    expect(readPhone('12345', 'Phone Number').error).toBe('Phone Number must be a valid phone number.');
  });

  it('reads M, F, Male, Female and Other', () => {
    expect(readGender('M')).toEqual({ value: 'male' });
    expect(readGender('female')).toEqual({ value: 'female' });
    expect(readGender('F.')).toEqual({ value: 'female' });
    expect(readGender('Other')).toEqual({ value: 'other' });
    expect(readGender('X').error).toBe('Gender must be male, female or other.');
  });

  it('reads premium modes by their common names and keeps other text', () => {
    expect(readMode('Annual')).toEqual({ value: 'Yearly' });
    expect(readMode('YLY')).toEqual({ value: 'Yearly' });
    expect(readMode('Half Yearly')).toEqual({ value: 'Half-yearly' });
    expect(readMode('qly')).toEqual({ value: 'Quarterly' });
    expect(readMode('Monthly')).toEqual({ value: 'Monthly' });
    expect(readMode('Single')).toEqual({ value: 'Single premium' });
    expect(readMode('Every leap year')).toEqual({ value: 'Every leap year' });
  });

  it('reads a service by label, code, short name or the words agents use', () => {
    expect(readService('Life Insurance')).toBe('life');
    expect(readService('LIFE')).toBe('life');
    expect(readService('Health')).toBe('health');
    expect(readService('Mediclaim')).toBe('health');
    expect(readService('MF')).toBe('mutual_funds');
    expect(readService('Mutual Fund')).toBe('mutual_funds');
    expect(readService('Post Office')).toBe('postoffice');
    expect(readService('Crop')).toBeUndefined();
  });

  it('reads a status mark', () => {
    expect(readMark('Lapsed')).toEqual({ value: 'lapsed' });
    expect(readMark('In Force')).toEqual({ value: 'active' });
    expect(readMark('')).toEqual({ value: null });
    expect(readMark('Paused').error).toBe('Status must be one of active, renewed, lapsed, closed.');
  });

  it('reads numbers with their units, names, and cells the export escaped or masked', () => {
    expect(readNumber('20 years')).toBe('20');
    expect(readNumber('25%')).toBe('25');
    expect(nameKey('Mr.  Ravi   SHARMA')).toBe('ravi sharma');
    expect(nameKey('Smt. Anita Sharma')).toBe('anita sharma');
    expect(splitName('Ravi Kumar Sharma')).toEqual({ first_name: 'Ravi Kumar', last_name: 'Sharma' });
    expect(splitName('Ravi')).toEqual({ first_name: 'Ravi', last_name: null });
    expect(cellText("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(cellText('••••234F')).toBe('');
    expect(cellText('  Pune ')).toBe('Pune');
  });
});

describe('mapping headers to fields', () => {
  it('maps the book’s own headers exactly', () => {
    for (const sheet of BOOK_SHEETS) {
      const headers = sheet.columns.map((c) => c.header);
      const mapping = suggestMapping(sheet.key, headers);
      for (const c of sheet.columns) expect(mapping[c.header], c.header).toBe(c.field);
    }
  });

  it('maps an agent’s own headers on a plans list', () => {
    const headers = [
      'Sr No',
      'Customer Name',
      'Mobile No',
      'Policy No.',
      'Insurer',
      'Plan',
      'Sum Assured',
      'Premium',
      'Premium Mode',
      'DOC',
      'Maturity Date',
      'DOB',
      'Held By',
      'Relation',
      'Nominee',
    ];
    expect(suggestMapping('plans', headers)).toEqual({
      'Sr No': null,
      'Customer Name': 'client.full_name',
      'Mobile No': 'client.phone',
      'Policy No.': 'policy_number',
      Insurer: 'provider_name',
      Plan: 'subtype_fields.plan_name',
      'Sum Assured': 'subtype_fields.sum_assured',
      Premium: 'money',
      'Premium Mode': 'subtype_fields.mode',
      DOC: 'start_date',
      'Maturity Date': 'end_date',
      DOB: 'client.date_of_birth',
      'Held By': 'held_by',
      Relation: 'holder.relationship',
      Nominee: 'nominee.full_name',
    });
  });

  it('takes Life Assured as the holder when the proposer has a column, else as the client', () => {
    expect(suggestMapping('plans', ['Proposer', 'Life Assured'])).toEqual({
      Proposer: 'client.full_name',
      'Life Assured': 'held_by',
    });
    expect(suggestMapping('plans', ['Life Assured', 'Held By'])).toEqual({
      'Life Assured': 'client.full_name',
      'Held By': 'held_by',
    });
  });

  it('maps close spellings, headers with units, and each field once', () => {
    expect(suggestMapping('plans', ['Polcy Number', 'Premium (Rs.)', 'SA', 'Mobile', 'Contact'])).toEqual({
      'Polcy Number': 'policy_number',
      'Premium (Rs.)': 'money',
      SA: 'subtype_fields.sum_assured',
      Mobile: 'client.phone',
      Contact: null,
    });
    expect(suggestMapping('clients', ['Name', 'E-mail ID', 'Mob', 'Date of Birth', 'PAN No'])).toEqual({
      Name: 'full_name',
      'E-mail ID': 'email',
      Mob: 'phone',
      'Date of Birth': 'date_of_birth',
      'PAN No': 'pan_number',
    });
  });

  it('uses a saved mapping first, including a column the agent left out', () => {
    const saved = { 'cust name': 'client.full_name', 'policy no.': null, pol: 'policy_number' };
    expect(suggestMapping('plans', ['Cust Name', 'Policy No.', 'POL'], saved)).toEqual({
      'Cust Name': 'client.full_name',
      'Policy No.': null,
      POL: 'policy_number',
    });
  });

  it('offers the household fields on Plans only', () => {
    const plans = IMPORT_FIELDS.plans.map((f) => f.field);
    expect(plans).toContain('client.phone');
    expect(plans).toContain('holder.relationship');
    expect(IMPORT_FIELDS.clients.map((f) => f.field)).not.toContain('client.phone');
  });
});

describe('guessing which book sheet a sheet is', () => {
  it('takes the book’s names and headers', () => {
    for (const sheet of BOOK_SHEETS) {
      const headers = sheet.columns.map((c) => c.header);
      expect(guessSheetKind(sheet.name, headers)).toBe(sheet.key);
      // A .csv of the export is named after the file, not the sheet.
      expect(guessSheetKind(`demoagency-${sheet.key.replace('_', '-')}-2026-11-27`, headers)).toBe(sheet.key);
      expect(guessSheetKind('Sheet1', headers)).toBe(sheet.key);
    }
  });

  it('takes an agent’s policy list for Plans, a list of people for Clients, and leaves notes out', () => {
    expect(guessSheetKind('Sheet1', ['Name', 'Mobile', 'Policy No', 'Insurer', 'Premium', 'DOC'])).toBe(
      'plans',
    );
    expect(guessSheetKind('My customers', ['Name', 'Mobile', 'Email', 'City'])).toBe('clients');
    expect(guessSheetKind('Dependents', ['Client Code', 'Name', 'Relation', 'DOB'])).toBe('family_members');
    expect(guessSheetKind('Instructions', ['How to fill this template'])).toBeNull();
  });

  it('never takes a sheet of instructions or lists, whatever its columns name', () => {
    const headers = ['Client Name', 'Mobile', 'Policy No', 'Insurer', 'Premium', 'DOC'];
    for (const name of ['Instructions', 'instructions ', 'Read Me', 'Lists', 'Notes', 'Help']) {
      expect(guessSheetKind(name, headers)).toBeNull();
    }
    expect(guessSheetKind('My Policies', headers)).toBe('plans');
  });
});
