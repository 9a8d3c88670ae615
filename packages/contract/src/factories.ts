import type { RegistrationInput } from './auth.ts';
import type { PremiumDues } from './premium-dues.ts';

let counter = 0;

/** A valid registration form with a unique agency name and email; tests override what they check. */
export function makeRegistration(overrides: Partial<RegistrationInput> = {}): RegistrationInput {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return {
    ClientName: 'Asha Verma',
    AgencyName: `Verma Insurance ${tag}`,
    AgencyEmail: `owner.${tag}@example.in`,
    AgencyPhoneNumber: '9876543210',
    AgencyPassword: 'Kavach#2026x',
    AlternatePhoneNumber: '',
    Locality: 'MG Road',
    Society: 'Shanti Niketan',
    City: 'Pune',
    StateName: 'Maharashtra',
    Pincode: '411001',
    YearsInBusiness: 12,
    Website: 'www.vermainsurance.in',
    CompanyDescription: 'Life and health insurance advisers since 2014.',
    termsAccepted: true,
    newsletterSubscribed: false,
    InsertedBy: 'SYSTEM',
    CountryId: 1,
    ...overrides,
  };
}

/** A plan's premium dues as an answer carries them: a yearly premium due in a month; tests override what they check. */
export function makePremiumDues(overrides: Partial<PremiumDues> = {}): PremiumDues {
  return {
    premium_mode: 'Yearly',
    instalments_per_year: 1,
    premium_term_years: 15,
    instalment_amount: '24500.00',
    annual_premium: '24500.00',
    next_due_date: '2027-04-01',
    state: 'due',
    state_label: 'Up to date',
    grace_until: null,
    revival_until: null,
    ...overrides,
  };
}
