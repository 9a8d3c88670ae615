import { describe, expect, it } from 'vitest';
import {
  PLAN_DATE_LABELS,
  PLAN_FIELD_ORDER,
  planDateLabels,
  planFieldLabel,
  planFieldOrder,
  serviceLabel,
  serviceShortLabel,
} from './plan-vocabulary.ts';
import { PLAN_SERVICE_CODES } from './plans.ts';

describe('plan vocabulary', () => {
  it('names every service of the catalogue, in any case, and an unknown one by its words', () => {
    expect(serviceLabel('LIFE')).toBe('Life Insurance');
    expect(serviceLabel('mutual_funds')).toBe('Mutual Funds');
    expect(serviceLabel('crop_cover')).toBe('Crop Cover');
    expect(serviceShortLabel('Motor')).toBe('Motor');
    expect(serviceShortLabel('crop_cover')).toBe('crop_cover');
    for (const code of PLAN_SERVICE_CODES) {
      expect(PLAN_FIELD_ORDER[code].length).toBeGreaterThan(0);
      expect(PLAN_DATE_LABELS[code].start).toBeTruthy();
    }
  });

  it("labels an investment's term Term and a policy's Policy Term", () => {
    expect(planFieldLabel('term', 'insurance')).toBe('Policy Term');
    expect(planFieldLabel('term', 'investment')).toBe('Term');
    expect(planFieldLabel('roi', 'investment')).toBe('Rate of Interest');
  });

  it('gives the dates their per-service names, and a service added later the default ones', () => {
    expect(planDateLabels('LIFE')).toMatchObject({ start: 'Date of Commencement', end: 'Date of Maturity' });
    expect(planDateLabels('nps').end).toBe('Last Contribution Date');
    expect(planDateLabels('mutual_funds')).toMatchObject({ end: 'End Date', workspaceEnd: 'Maturity Date' });
    expect(planDateLabels('crop_cover')).toMatchObject({ start: 'Start Date', end: 'End Date' });
    expect(planFieldOrder('crop_cover')).toContain('plan_name');
  });
});
