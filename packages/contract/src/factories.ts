import type { RegistrationInput } from './auth.ts';

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
