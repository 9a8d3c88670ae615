import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  LoginRequestSchema,
  passwordRuleError,
  RegistrationSchema,
  RegistrationStep1Schema,
  RegistrationStep2Schema,
  RegistrationStep3Schema,
} from './auth.ts';
import { makeRegistration } from './factories.ts';
import { MSG } from './messages.ts';

/** field → every message zod gives for it. */
function issuesOf(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  const out: Record<string, string[]> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const key = issue.path.join('.') || '_';
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

// Spec §5: the required fields of each step and the message a missing one gives.
const REQUIRED = [
  ['ClientName', 'Client Name is required.'],
  ['AgencyName', 'Agency Name is required.'],
  ['AgencyEmail', 'Agency Email is required.'],
  ['AgencyPhoneNumber', 'Agency Phone Number is required.'],
  ['AgencyPassword', 'Agency Password is required.'],
  ['Locality', 'Locality is required.'],
  ['City', 'City is required.'],
  ['StateName', 'State Name is required.'],
  ['Pincode', 'Pincode is required.'],
] as const;

describe('RegistrationSchema', () => {
  it('accepts the factory form and fills the fixed fields', () => {
    const parsed = RegistrationSchema.parse(makeRegistration({ AgencyEmail: ' Asha.Verma@Example.IN ' }));
    expect(parsed.AgencyEmail).toBe('asha.verma@example.in');
    expect(parsed.newsletterSubscribed).toBe(false);
    expect(parsed.termsAccepted).toBe(true);
  });

  describe.each(REQUIRED)('missing %s', (field, message) => {
    it.each([
      ['absent', undefined],
      ['empty', ''],
      ['null', null],
    ])('%s', (_how, value) => {
      const form: Record<string, unknown> = makeRegistration();
      if (value === undefined) delete form[field];
      else form[field] = value;
      // The message and nothing else: the API joins every message of a field into `detail`.
      expect(issuesOf(RegistrationSchema, form)).toEqual({ [field]: [message] });
    });
  });

  it.each(['ClientName', 'AgencyName', 'Locality', 'City'])('treats a blank %s as missing', (field) => {
    const form = { ...makeRegistration(), [field]: '   ' };
    expect(issuesOf(RegistrationSchema, form)[field]).toEqual([
      `${field.replace(/([a-z])([A-Z])/g, '$1 $2')} is required.`,
    ]);
  });

  it.each([false, undefined, null, 'true'])('refuses termsAccepted = %j', (value) => {
    const form: Record<string, unknown> = makeRegistration();
    if (value === undefined) delete form.termsAccepted;
    else form.termsAccepted = value;
    expect(issuesOf(RegistrationSchema, form)).toEqual({ termsAccepted: [MSG.termsRequired] });
  });
  it('has the spec wording for the terms message', () => {
    expect(MSG.termsRequired).toBe('You must accept the Terms and Conditions.');
  });

  it.each(['asha', 'asha@', '@example.in', 'asha@example', 'asha verma@example.in', 'asha@exa mple.in'])(
    'refuses the email %j with "Invalid email format."',
    (email) => {
      expect(issuesOf(RegistrationSchema, makeRegistration({ AgencyEmail: email }))).toEqual({
        AgencyEmail: ['Invalid email format.'],
      });
    },
  );

  it.each([
    ['too short', 'Ab1!xyz'],
    ['no uppercase', 'kavach#2026x'],
    ['no lowercase', 'KAVACH#2026X'],
    ['no digit', 'Kavach#Kavach'],
    ['no special character', 'Kavach2026x'],
    ['only letters', 'abcdefghij'],
  ])('refuses a password with %s', (_why, password) => {
    expect(issuesOf(RegistrationSchema, makeRegistration({ AgencyPassword: password }))).toEqual({
      AgencyPassword: ['Min 8 chars, 1 uppercase, 1 lowercase, 1 number, 1 special char.'],
    });
  });

  it('accepts a password of exactly 8 and of exactly 128 characters', () => {
    expect(RegistrationSchema.safeParse(makeRegistration({ AgencyPassword: 'Ab1!wxyz' })).success).toBe(true);
    const longest = `Ab1!${'x'.repeat(124)}`;
    expect(longest).toHaveLength(128);
    expect(RegistrationSchema.safeParse(makeRegistration({ AgencyPassword: longest })).success).toBe(true);
  });

  it('refuses a password over 128 characters', () => {
    const form = makeRegistration({ AgencyPassword: `Ab1!${'x'.repeat(125)}` });
    expect(issuesOf(RegistrationSchema, form)).toEqual({ AgencyPassword: [MSG.passwordTooLong] });
  });

  it.each(['Password@123', 'P@ssw0rd', 'Welcome@123', 'India@2026'])(
    'refuses the common password %s though it passes the character rule',
    (password) => {
      expect(issuesOf(RegistrationSchema, makeRegistration({ AgencyPassword: password }))).toEqual({
        AgencyPassword: [MSG.passwordTooCommon],
      });
    },
  );

  it('refuses a state that is not one of the 36', () => {
    expect(issuesOf(RegistrationSchema, makeRegistration({ StateName: 'Atlantis' }))).toEqual({
      StateName: ['State Name must be one of the Indian states and union territories.'],
    });
  });

  it.each(['41100', '011001', '4110011', 'ABCDEF'])('refuses the pincode %s', (pincode) => {
    expect(Object.keys(issuesOf(RegistrationSchema, makeRegistration({ Pincode: pincode })))).toEqual([
      'Pincode',
    ]);
  });

  it.each(['12345', 'call me', '98765-4321'])('refuses the phone number %s', (phone) => {
    expect(issuesOf(RegistrationSchema, makeRegistration({ AgencyPhoneNumber: phone }))).toEqual({
      AgencyPhoneNumber: ['Agency Phone Number must be a valid phone number.'],
    });
  });

  it.each(['9876543210', '+91 98765 43210', '(020) 2567-1234'])('accepts the phone number %s', (phone) => {
    expect(RegistrationSchema.safeParse(makeRegistration({ AgencyPhoneNumber: phone })).success).toBe(true);
  });

  it('leaves the optional fields optional', () => {
    const form: Record<string, unknown> = makeRegistration();
    for (const field of [
      'AlternatePhoneNumber',
      'Society',
      'Website',
      'YearsInBusiness',
      'CompanyDescription',
      'newsletterSubscribed',
      'InsertedBy',
      'CountryId',
    ]) {
      delete form[field];
    }
    expect(RegistrationSchema.safeParse(form).success).toBe(true);
  });

  it('reads Years In Business from a form string and refuses what is not a whole number', () => {
    expect(
      RegistrationSchema.parse(makeRegistration({ YearsInBusiness: '7' as never })).YearsInBusiness,
    ).toBe(7);
    expect(
      RegistrationSchema.parse(makeRegistration({ YearsInBusiness: '' as never })).YearsInBusiness,
    ).toBeUndefined();
    for (const bad of ['abc', -1, 2.5, 201]) {
      expect(issuesOf(RegistrationSchema, makeRegistration({ YearsInBusiness: bad as never }))).toEqual({
        YearsInBusiness: ['Years In Business must be a whole number from 0 to 200.'],
      });
    }
  });

  it('refuses fixed fields with other values', () => {
    expect(Object.keys(issuesOf(RegistrationSchema, makeRegistration({ CountryId: 2 as never })))).toEqual([
      'CountryId',
    ]);
    expect(
      Object.keys(issuesOf(RegistrationSchema, makeRegistration({ InsertedBy: 'ADMIN' as never }))),
    ).toEqual(['InsertedBy']);
  });

  it('drops fields it does not know', () => {
    const parsed = RegistrationSchema.parse({ ...makeRegistration(), role: 'ADMIN', IsVerified: true });
    expect(parsed).not.toHaveProperty('role');
    expect(parsed).not.toHaveProperty('IsVerified');
  });

  it('names the too-long field', () => {
    expect(issuesOf(RegistrationSchema, makeRegistration({ AgencyName: 'x'.repeat(101) }))).toEqual({
      AgencyName: ['Agency Name must be at most 100 characters.'],
    });
  });
});

describe('the step schemas (Next is enabled only when the step is valid, spec §4)', () => {
  it('step 1 requires the five fields of Personal & Contact Info', () => {
    expect(issuesOf(RegistrationStep1Schema, {})).toEqual({
      ClientName: ['Client Name is required.'],
      AgencyName: ['Agency Name is required.'],
      AgencyEmail: ['Agency Email is required.'],
      AgencyPhoneNumber: ['Agency Phone Number is required.'],
      AgencyPassword: ['Agency Password is required.'],
    });
  });
  it('step 2 requires Locality, City, State Name and Pincode', () => {
    expect(issuesOf(RegistrationStep2Schema, {})).toEqual({
      Locality: ['Locality is required.'],
      City: ['City is required.'],
      StateName: ['State Name is required.'],
      Pincode: ['Pincode is required.'],
    });
  });
  it('step 3 requires only the terms', () => {
    expect(issuesOf(RegistrationStep3Schema, {})).toEqual({ termsAccepted: [MSG.termsRequired] });
    expect(RegistrationStep3Schema.safeParse({ termsAccepted: true }).success).toBe(true);
  });
  it('each step accepts its slice of a valid form', () => {
    const form = makeRegistration();
    for (const step of [RegistrationStep1Schema, RegistrationStep2Schema, RegistrationStep3Schema]) {
      expect(step.safeParse(form).success).toBe(true);
    }
  });
});

describe('LoginRequestSchema', () => {
  it('requires email and password (spec §5)', () => {
    expect(issuesOf(LoginRequestSchema, {})).toEqual({
      email: ['Email is required.'],
      password: ['Password is required.'],
    });
    expect(issuesOf(LoginRequestSchema, { email: '', password: '' })).toEqual({
      email: ['Email is required.'],
      password: ['Password is required.'],
    });
  });
  it('checks the email format and lower-cases it', () => {
    expect(issuesOf(LoginRequestSchema, { email: 'nope', password: 'x' })).toEqual({
      email: ['Invalid email format.'],
    });
    expect(LoginRequestSchema.parse({ email: ' Owner@Example.IN', password: 'x' }).email).toBe(
      'owner@example.in',
    );
  });
  it('does not apply the registration password rule at sign-in', () => {
    expect(LoginRequestSchema.safeParse({ email: 'a@b.in', password: 'weak' }).success).toBe(true);
  });
});

describe('passwordRuleError', () => {
  it('answers null for a good password and for an empty one (the required check owns that)', () => {
    expect(passwordRuleError('Kavach#2026x')).toBeNull();
    expect(passwordRuleError('')).toBeNull();
  });
  it('applies the rule before the length cap and the common list', () => {
    expect(passwordRuleError('a'.repeat(200))).toBe(MSG.passwordRule);
    expect(passwordRuleError('password@123')).toBe(MSG.passwordRule);
    expect(passwordRuleError('Password@123')).toBe(MSG.passwordTooCommon);
  });
});
