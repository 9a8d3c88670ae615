import { describe, expect, it } from 'vitest';
import { INDIAN_STATES_AND_UTS } from './states.ts';

describe('INDIAN_STATES_AND_UTS (spec §2, §9: 36 states and territories)', () => {
  it('has 36 distinct, trimmed names', () => {
    expect(INDIAN_STATES_AND_UTS).toHaveLength(36);
    expect(new Set(INDIAN_STATES_AND_UTS).size).toBe(36);
    expect(new Set(INDIAN_STATES_AND_UTS.map((s) => s.toLowerCase())).size).toBe(36);
    for (const name of INDIAN_STATES_AND_UTS) expect(name).toBe(name.trim());
  });
  it('includes states and union territories alike', () => {
    for (const name of ['Maharashtra', 'Tamil Nadu', 'Telangana', 'Delhi', 'Ladakh', 'Puducherry']) {
      expect(INDIAN_STATES_AND_UTS).toContain(name);
    }
  });
});
