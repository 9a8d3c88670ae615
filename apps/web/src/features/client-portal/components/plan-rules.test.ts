import { planDateLabels as dateLabels, indiaDate, serviceLabel } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { insurance, investment } from './fixtures.test-kit.ts';
import { documentFileName, filterPlans, matchesSearch, planStatus } from './plan-rules.ts';

describe('plan status at the day boundary (spec §4, India)', () => {
  const plan = insurance({ end_date: '2026-11-21' });

  it('is Active until the last instant of the end date in India', () => {
    // 23:59:59.999 IST on 21 Nov is 18:29:59.999 UTC.
    expect(planStatus(plan, new Date('2026-11-21T18:29:59.999Z'))).toBe('Active');
    expect(indiaDate(new Date('2026-11-21T18:29:59.999Z'))).toBe('2026-11-21');
  });

  it('is Expired from midnight in India, though it is still the 21st in UTC', () => {
    expect(planStatus(plan, new Date('2026-11-21T18:30:00.000Z'))).toBe('Expired');
  });

  it('is Active on the end date morning and with no end date at all', () => {
    expect(planStatus(plan, new Date('2026-11-21T03:00:00.000Z'))).toBe('Active');
    expect(planStatus(investment({ end_date: null }), new Date('2099-01-01T00:00:00Z'))).toBe('Active');
  });

  it('stays Lapsed or Closed when the agency marked it so, though its end date is ahead (decisions §4)', () => {
    const now = new Date('2026-11-21T00:00:00Z');
    expect(planStatus(insurance({ end_date: '2030-01-01', status: 'Lapsed' }), now)).toBe('Lapsed');
    expect(planStatus(investment({ end_date: '2030-01-01', status: 'Closed' }), now)).toBe('Closed');
    expect(planStatus(insurance({ end_date: '2030-01-01', status: 'Expired' }), now)).toBe('Expired');
  });

  it('lists a lapsed plan under the Expired filter, not under Active', () => {
    const lapsed = insurance({ end_date: '2030-01-01', status: 'Lapsed' });
    const now = new Date('2026-11-21T00:00:00Z');
    expect(filterPlans([lapsed], { search: '', type: 'all', status: 'expired' }, now)).toEqual([lapsed]);
    expect(filterPlans([lapsed], { search: '', type: 'all', status: 'active' }, now)).toEqual([]);
  });
});

describe('plan search and filters (spec §5)', () => {
  const plans = [
    insurance({
      provider_name: 'Star Health',
      service_code: 'health',
      policy_number: 'SH-4411',
      end_date: '2027-01-01',
    }),
    insurance({
      provider_name: 'ICICI Lombard',
      service_code: 'MOTOR',
      policy_number: 'MOT-88120',
      end_date: '2025-01-09',
    }),
    insurance({
      provider_name: 'LIC',
      service_code: 'life',
      policy_number: '918273645',
      end_date: '2039-03-15',
    }),
  ];
  const now = new Date('2026-11-21T06:00:00Z');

  it('matches provider name, service code, policy number or plan name, trimmed and case-insensitive', () => {
    expect(matchesSearch(plans[0]!, '  star  ')).toBe(true);
    expect(matchesSearch(plans[1]!, 'motor')).toBe(true);
    expect(matchesSearch(plans[2]!, '8273')).toBe(true);
    // The plan name the card shows (issue 24 item 11; the spec's search left it out).
    expect(matchesSearch(plans[2]!, 'Jeevan')).toBe(true);
    expect(matchesSearch(plans[2]!, ' jeevan ANAND ')).toBe(true);
    expect(matchesSearch(plans[2]!, 'Jeevan Umang')).toBe(false);
    expect(matchesSearch(plans[2]!, '   ')).toBe(true);
  });

  it('filters by type (any spelling of the code) and by status', () => {
    const names = (list: typeof plans) => list.map((p) => p.provider_name);
    expect(names(filterPlans(plans, { search: '', type: 'motor', status: 'all' }, now))).toEqual([
      'ICICI Lombard',
    ]);
    expect(names(filterPlans(plans, { search: '', type: 'all', status: 'expired' }, now))).toEqual([
      'ICICI Lombard',
    ]);
    expect(names(filterPlans(plans, { search: '', type: 'all', status: 'active' }, now))).toEqual([
      'Star Health',
      'LIC',
    ]);
    expect(filterPlans(plans, { search: 'lic', type: 'health', status: 'all' }, now)).toEqual([]);
  });
});

describe('labels and names', () => {
  it('uses the spec’s date labels for life and NPS', () => {
    expect(dateLabels('LIFE')).toMatchObject({
      start: 'Date of Commencement',
      end: 'Date of Maturity',
      endShort: 'Maturity Date',
    });
    expect(dateLabels('nps').end).toBe('Last Contribution Date');
    expect(dateLabels('motor')).toMatchObject({ start: 'Start Date', end: 'End Date' });
  });

  it('names downloads by the policy number, or an investment’s plan name', () => {
    expect(documentFileName(insurance({ policy_number: 'SH-2026-4411' }))).toBe('SH-2026-4411.pdf');
    expect(documentFileName(investment({ plan_name: 'HDFC Flexi Cap Fund' }))).toBe(
      'HDFC Flexi Cap Fund.pdf',
    );
  });

  it('reads service codes as words', () => {
    expect(serviceLabel('MUTUAL_FUNDS')).toBe('Mutual Funds');
    expect(serviceLabel('postoffice')).toBe('Post Office');
    expect(serviceLabel('crop_cover')).toBe('Crop Cover');
  });
});
