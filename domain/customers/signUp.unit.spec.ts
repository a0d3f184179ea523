import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors.ts';
import { validate } from '../validate.ts';
import { applyPersonalDataPatch, personalDataPatchSchema, personalDataSchema } from './personalData.ts';
import { passwordProblems, signUpSchema } from './signUp.ts';

const fieldsOf = (schema: Parameters<typeof validate>[0], input: unknown) => {
  try {
    validate(schema, input);
  } catch (error) {
    if (error instanceof ValidationError) return error.details.fields;
    throw error;
  }
  return {};
};

describe('password policy', () => {
  it('given a long phrase, then no problem', () => {
    expect(passwordProblems('correct horse battery', 'anna@example.test')).toEqual([]);
  });

  it('given short, repeated, common or email-like passwords, then a message each', () => {
    expect(passwordProblems('short')).toEqual(['needs at least 10 characters']);
    expect(passwordProblems('aaaaaaaaaaaa')).toEqual(['is one character repeated']);
    expect(passwordProblems('AzertyUIOP')).toEqual(['is too common']);
    expect(passwordProblems('anna.berg-2030!', 'Anna.Berg@example.test')).toEqual([
      'must not contain your email address',
    ]);
    expect(passwordProblems('x'.repeat(257))).toEqual(['has at most 256 characters']);
  });

  it('counts characters, not UTF-16 units: nine emoji are too short', () => {
    expect(passwordProblems('🚗'.repeat(4) + '🚙'.repeat(5))).toEqual(['needs at least 10 characters']);
  });
});

describe('sign-up input', () => {
  const good = {
    email: ' Anna@Example.TEST ',
    password: 'correct horse battery',
    firstName: ' Anna ',
    lastName: 'Berg',
    phone: '',
    consents: { terms: true },
  };

  it('given good input, then it is normalised: email lower-cased, names trimmed, empty phone dropped, marketing off', () => {
    expect(validate(signUpSchema, good)).toEqual({
      email: 'anna@example.test',
      password: 'correct horse battery',
      firstName: 'Anna',
      lastName: 'Berg',
      consents: { terms: true, marketing: false },
    });
  });

  it('given bad fields, then a message per field, the password policy included', () => {
    const fields = fieldsOf(signUpSchema, {
      email: 'nope',
      password: 'short',
      firstName: '',
      phone: '12',
      consents: { terms: false },
    });
    expect(Object.keys(fields).sort()).toEqual([
      'consents.terms',
      'email',
      'firstName',
      'lastName',
      'password',
      'phone',
    ]);
    expect(fields.password).toEqual(['needs at least 10 characters']);
    expect(fields['consents.terms']).toEqual(['must be accepted']);
  });

  it('given a password holding the email, when the rest is valid, then the password is refused', () => {
    expect(fieldsOf(signUpSchema, { ...good, password: 'my name is anna, hi' })).toEqual({
      password: ['must not contain your email address'],
    });
  });
});

describe('personal data', () => {
  const anna = personalDataSchema.parse({ email: 'anna@example.test', firstName: 'Anna', lastName: 'Berg' });

  it('given an address and a birth date, then the country is upper-cased and bad dates refused', () => {
    const parsed = personalDataSchema.parse({
      ...anna,
      address: { lines: ['12 rue des Lilas'], postcode: '75011', city: 'Paris', country: 'fr' },
      birthDate: '1990-02-28',
    });
    expect(parsed.address?.country).toBe('FR');
    expect(Object.keys(fieldsOf(personalDataSchema, { ...anna, birthDate: '1990-02-30' }))).toEqual([
      'birthDate',
    ]);
    expect(Object.keys(fieldsOf(personalDataSchema, { ...anna, firstName: 'An\nna' }))).toEqual([
      'firstName',
    ]);
  });

  it('given a patch, then given fields change, null and an emptied phone clear, the rest stays', () => {
    const withPhone = { ...anna, phone: '+33 6 12 34 56 78', birthDate: '1990-01-01' };
    expect(
      applyPersonalDataPatch(withPhone, personalDataPatchSchema.parse({ lastName: 'Dupont', phone: '' })),
    ).toEqual({ ...anna, lastName: 'Dupont', birthDate: '1990-01-01' });
    expect(applyPersonalDataPatch(withPhone, personalDataPatchSchema.parse({ birthDate: null }))).toEqual({
      ...anna,
      phone: '+33 6 12 34 56 78',
    });
    expect(applyPersonalDataPatch(withPhone, personalDataPatchSchema.parse({}))).toEqual(withPhone);
  });
});
