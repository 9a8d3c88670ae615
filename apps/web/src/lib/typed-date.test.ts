import { describe, expect, it } from 'vitest';
import { dateInWords, dateProblemMessage, readTypedDate, typedOf } from './typed-date.ts';

// Issue 24 item 6: in an en-IN browser the native date input showed mm/dd/yyyy and 01/04/2014 saved 4 January.
// Every typed form below is the day first.
describe('readTypedDate', () => {
  it.each([
    ['01/04/2014', '2014-04-01'],
    ['1/4/2014', '2014-04-01'],
    ['01-04-2014', '2014-04-01'],
    ['01.04.2014', '2014-04-01'],
    [' 31/12/1999 ', '1999-12-31'],
    ['1-Apr-2014', '2014-04-01'],
    ['01 Apr 2014', '2014-04-01'],
    ['1 april 2014', '2014-04-01'],
    ['1 APRIL, 2014', '2014-04-01'],
    ['1st Apr 2014', '2014-04-01'],
    ['21 Sept 2026', '2026-09-21'],
    ['Apr 1, 2014', '2014-04-01'],
    ['2014-04-01', '2014-04-01'],
    ['29/02/2024', '2024-02-29'],
  ])('reads %j as %s', (typed, iso) => {
    expect(readTypedDate(typed)).toEqual({ kind: 'date', iso });
  });

  it('takes nothing typed as empty', () => {
    expect(readTypedDate('')).toEqual({ kind: 'empty' });
    expect(readTypedDate('   ')).toEqual({ kind: 'empty' });
  });

  it('never guesses the century of a two-digit year', () => {
    expect(readTypedDate('01/04/14')).toEqual({ kind: 'invalid', problem: { kind: 'short-year' } });
    expect(readTypedDate('1-Apr-45')).toEqual({ kind: 'invalid', problem: { kind: 'short-year' } });
  });

  it.each([
    ['31/02/2020', 'Start Date must be a real date: February 2020 has 29 days.'],
    ['29/02/2023', 'Start Date must be a real date: February 2023 has 28 days.'],
    ['31/04/2014', 'Start Date must be a real date: April 2014 has 30 days.'],
    ['0/4/2014', 'Start Date must be a real date: there is no day 0.'],
    ['04/25/2014', 'Start Date must be a real date: there is no month 25 (the day comes first, DD/MM/YYYY).'],
    ['1 Aprl 2014', 'Start Date must be a real date: "Aprl" is not a month.'],
    ['01/04/14', 'Start Date must have the year in full: DD/MM/YYYY, for example 21/11/2026.'],
    ['01/04/0201', 'Start Date must be in a year from 1900 to 2199.'],
    ['01/04/201', 'Start Date must be a date typed as DD/MM/YYYY, for example 21/11/2026.'],
    ['tomorrow', 'Start Date must be a date typed as DD/MM/YYYY, for example 21/11/2026.'],
    ['01/04', 'Start Date must be a date typed as DD/MM/YYYY, for example 21/11/2026.'],
  ])('refuses %j, saying why and naming the field', (typed, message) => {
    const read = readTypedDate(typed);
    if (read.kind !== 'invalid') throw new Error(`${typed} was read as ${JSON.stringify(read)}`);
    expect(dateProblemMessage('Start Date', read.problem)).toBe(message);
  });
});

describe('showing a date', () => {
  it('shows an ISO date as DD/MM/YYYY and in words, and other text as it is', () => {
    expect(typedOf('2014-04-01')).toBe('01/04/2014');
    expect(typedOf('')).toBe('');
    expect(typedOf('31/02/2020')).toBe('31/02/2020');
    expect(dateInWords('2014-04-01')).toBe('1 April 2014');
    expect(dateInWords('2026-11-21')).toBe('21 November 2026');
  });
});
