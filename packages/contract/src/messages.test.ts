import { describe, expect, it } from 'vitest';
import { MSG, requiredMessage, splitFieldName } from './messages.ts';

describe('splitFieldName (spec §5: field name split into words)', () => {
  it.each([
    ['ClientName', 'Client Name'],
    ['AgencyName', 'Agency Name'],
    ['AgencyEmail', 'Agency Email'],
    ['AgencyPhoneNumber', 'Agency Phone Number'],
    ['AgencyPassword', 'Agency Password'],
    ['AlternatePhoneNumber', 'Alternate Phone Number'],
    ['StateName', 'State Name'],
    ['YearsInBusiness', 'Years In Business'],
    ['Locality', 'Locality'],
    ['Pincode', 'Pincode'],
    ['termsAccepted', 'Terms Accepted'],
    ['email', 'Email'],
    ['CIFNumber', 'CIF Number'],
    ['PANNumber', 'PAN Number'],
    ['Address2Line', 'Address2 Line'],
  ])('%s → %s', (field, words) => {
    expect(splitFieldName(field)).toBe(words);
  });
});

describe('requiredMessage', () => {
  it.each([
    ['ClientName', 'Client Name is required.'],
    ['AgencyPhoneNumber', 'Agency Phone Number is required.'],
    ['StateName', 'State Name is required.'],
    ['City', 'City is required.'],
    ['Email', 'Email is required.'],
  ])('%s → %s', (field, message) => {
    expect(requiredMessage(field)).toBe(message);
  });
});

describe('MSG', () => {
  it('keeps the spec wording of the fixed messages (§5, §8)', () => {
    expect(MSG).toMatchObject({
      invalidEmail: 'Invalid email format.',
      passwordRule: 'Min 8 chars, 1 uppercase, 1 lowercase, 1 number, 1 special char.',
      termsRequired: 'You must accept the Terms and Conditions.',
      genericError: 'Something went wrong. Please try again.',
      loginInvalid: 'Invalid email or password. Please try again.',
      loginSuccess: 'Login Successful!',
      registrationSuccess: 'Registration Successful!',
      registrationError: 'Error during registration',
      unauthorized: 'You do not have the required permission to view this page.',
    });
  });
});
