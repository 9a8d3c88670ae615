import type { PREMIUM_MODES } from './plan-vocabulary.ts';

// Premium modes as agencies type them (decision 038): apart from the schedule's rules so that a screen that only
// reads a typed mode (the plan form) does not load them.

export type PremiumMode = (typeof PREMIUM_MODES)[number];

const MODE_WORDS: Record<string, PremiumMode> = {
  yearly: 'Yearly',
  annual: 'Yearly',
  annually: 'Yearly',
  yly: 'Yearly',
  halfyearly: 'Half-yearly',
  hly: 'Half-yearly',
  semiannual: 'Half-yearly',
  semiannually: 'Half-yearly',
  quarterly: 'Quarterly',
  qly: 'Quarterly',
  qtly: 'Quarterly',
  monthly: 'Monthly',
  mly: 'Monthly',
  ecs: 'Monthly',
  nach: 'Monthly',
  single: 'Single premium',
  singlepremium: 'Single premium',
  sp: 'Single premium',
  onetime: 'Single premium',
};

const modeKey = (text: string | null | undefined) =>
  (text ?? '')
    .toLowerCase()
    .replace(/\(.*\)/g, '')
    .replace(/[^a-z]/g, '');

/** A stored mode as one of PREMIUM_MODES ('half yearly', 'Monthly (ECS)' → …); text it cannot read is Yearly. */
export function premiumModeOf(text: string | null | undefined): PremiumMode {
  return MODE_WORDS[modeKey(text)] ?? 'Yearly';
}

/** A typed mode as one of PREMIUM_MODES, or null when it names none (the form's choice of a non-life mode). */
export function readPremiumMode(text: string): PremiumMode | null {
  return MODE_WORDS[modeKey(text)] ?? null;
}
