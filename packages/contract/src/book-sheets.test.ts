import { describe, expect, it } from 'vitest';
import {
  escapeCell,
  insuredMembersCell,
  isMaskedCell,
  maskedCell,
  parseInsuredMembersCell,
  sheetDate,
  unescapeCell,
} from './book-cells.ts';
import { BOOK_SHEETS, bookFileName, bookSheet, serviceFromCell } from './book-sheets.ts';
import { PLAN_FIELD_ORDER } from './plan-vocabulary.ts';
import { PLAN_SERVICE_CODES } from './plans.ts';

describe('the book spreadsheet format', () => {
  it('has the three sheets, each header once, the client code first', () => {
    expect(BOOK_SHEETS.map((s) => s.name)).toEqual(['Clients', 'Family Members', 'Plans']);
    for (const sheet of BOOK_SHEETS) {
      const headers = sheet.columns.map((c) => c.header);
      expect(new Set(headers).size).toBe(headers.length);
      const fields = sheet.columns.map((c) => c.field);
      expect(new Set(fields).size).toBe(fields.length);
      expect(headers[0]).toBe('Client Code');
    }
  });

  it('gives every per-service field of every service a column that names the service', () => {
    const plans = bookSheet('plans').columns;
    for (const code of PLAN_SERVICE_CODES) {
      for (const key of PLAN_FIELD_ORDER[code]) {
        const column = plans.find((c) => c.field === `subtype_fields.${key}`);
        expect(column, `${code}.${key}`).toBeDefined();
        expect(column?.services).toContain(code);
      }
    }
    expect(plans.find((c) => c.field === 'subtype_fields.mode')?.values).toContain('Yearly');
    expect(plans.find((c) => c.field === 'subtype_fields.sum_assured')?.type).toBe('amount');
    expect(plans.find((c) => c.field === 'subtype_fields.insured_members')?.services).toEqual(['health']);
    expect(plans.find((c) => c.field === 'nominee.full_name')).toBeDefined();
  });

  it('reads a service from its label, short name or code', () => {
    expect(serviceFromCell('Life Insurance')).toBe('life');
    expect(serviceFromCell('motor')).toBe('motor');
    expect(serviceFromCell('Mutual Funds')).toBe('mutual_funds');
    expect(serviceFromCell('post office')).toBe('postoffice');
    expect(serviceFromCell('Crop')).toBeUndefined();
  });

  it('escapes text a spreadsheet would take for a formula, and reads it back', () => {
    for (const t of ['=SUM(A1)', '+91 98765 43210', '-2', '@cmd', '\tx', '\rx']) {
      expect(escapeCell(t)).toBe(`'${t}`);
      expect(unescapeCell(escapeCell(t))).toBe(t);
    }
    expect(escapeCell('Anita')).toBe('Anita');
    expect(unescapeCell("'Tis")).toBe("'Tis");
  });

  it('writes dates day first, masks identity numbers, names the file by agency and day', () => {
    expect(sheetDate('2026-03-09')).toBe('09/03/2026');
    expect(maskedCell('234F')).toBe('••••234F');
    expect(isMaskedCell('••••234F')).toBe(true);
    expect(isMaskedCell('ABCDE1234F')).toBe(false);
    expect(bookFileName('demoagency', '2026-11-27')).toBe('demoagency-book-2026-11-27.xlsx');
    expect(bookFileName('demoagency', '2026-11-27', 'family_members')).toBe(
      'demoagency-family-members-2026-11-27.csv',
    );
  });

  it('keeps a health policy’s insured members in one cell', () => {
    const members = [
      {
        insured_member_name: 'Anita Sharma',
        relationship: 'Spouse',
        insured_member_dob: '1985-03-12',
        insured_member_phone_number: '+91 98765 43210',
      },
      {
        insured_member_name: 'Rohan',
        relationship: 'Son',
        insured_member_dob: null,
        insured_member_phone_number: null,
      },
    ];
    const cell = insuredMembersCell(members);
    expect(cell).toBe('Anita Sharma | Spouse | 12/03/1985 | +91 98765 43210\nRohan | Son');
    expect(parseInsuredMembersCell(cell)).toEqual(members);
    expect(parseInsuredMembersCell('Anita | Spouse; Rohan | Son | 1-2-2015')[1]?.insured_member_dob).toBe(
      '2015-02-01',
    );
  });
});
