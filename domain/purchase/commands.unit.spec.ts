import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors.ts';
import { LOCALES, marketOf } from '../markets.ts';
import { PURCHASE_STEPS } from '../routes/paramRules.ts';
import { validate } from '../validate.ts';
import {
  PURCHASE_COMMAND_SCHEMAS,
  PURCHASE_COMMAND_TYPES,
  purchaseCommandSchema,
  REOPENABLE_STEPS,
} from './commands.ts';
import { myInfosBodySchema, toSubmitInfos } from './myInfosForm.ts';
import { PURCHASE_POLICIES, purchaseHoldUntil, studyHoldUntil } from './purchasePolicy.ts';

const body = {
  buyerType: 'private',
  firstName: 'Jeanne',
  lastName: 'Martin',
  phone: '+33 6 12 34 56 78',
  address: { line1: '12 rue de la Paix', postcode: '75002', city: 'Paris', country: 'FR' },
};

describe('purchase command schemas', () => {
  it('given the schemas, then the command types are their keys, each schema parsing its own type', () => {
    expect(Object.keys(PURCHASE_COMMAND_SCHEMAS)).toEqual(PURCHASE_COMMAND_TYPES);
    for (const type of PURCHASE_COMMAND_TYPES)
      expect(() => validate(PURCHASE_COMMAND_SCHEMAS[type], { type: 'Nothing' })).toThrow(ValidationError);
  });

  it('given the purchase steps, then all can be reopened but the sign-in and sign-up answers and the payment', () => {
    expect(REOPENABLE_STEPS).toEqual(
      PURCHASE_STEPS.filter((step) => !['sign-in', 'sign-up', 'advance-payment'].includes(step)),
    );
  });

  it('given terms not accepted, when the account step is parsed, then the field is invalid', () => {
    const bad = { type: 'PassAccountStep', termsAccepted: false, marketingOptIn: false };
    expect(() => validate(PURCHASE_COMMAND_SCHEMAS.PassAccountStep, bad)).toThrow(
      expect.objectContaining({ details: { fields: { termsAccepted: [expect.any(String)] } } }),
    );
  });

  it('given bad input, when parsed at the edge, then a validation error names the fields', () => {
    const bad = { type: 'StartPurchase', carId: 'x', locale: 'en', customerId: null, fromBookingId: null };
    try {
      validate(purchaseCommandSchema, bad);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect(Object.keys((error as ValidationError).details.fields).sort()).toEqual(['carId', 'locale']);
    }
  });

  it('given personal data slipped into a command, when parsed, then it is refused (commands stay free of it)', () => {
    const sneaky = {
      type: 'SubmitInfos',
      buyerType: 'private',
      country: 'FR',
      postcodeArea: 'FR-75',
      email: 'j@x.fr',
    };
    expect(() => validate(purchaseCommandSchema, sneaky)).toThrow(ValidationError);
  });

  it('given a finance simulation, when its duration or down payment is off, then the fields are named', () => {
    try {
      validate(purchaseCommandSchema, {
        type: 'ChooseFunding',
        mode: 'finance',
        durationMonths: 6,
        downPayment: -1,
      });
      expect.unreachable();
    } catch (error) {
      expect(Object.keys((error as ValidationError).details.fields).sort()).toEqual([
        'downPayment',
        'durationMonths',
      ]);
    }
  });

  it('given the my-infos form, when valid, then the command keeps only the buyer type, country and postcode area', () => {
    expect(toSubmitInfos(validate(myInfosBodySchema, body))).toEqual({
      type: 'SubmitInfos',
      buyerType: 'private',
      country: 'FR',
      postcodeArea: 'FR-75',
    });
    const pl = { ...body, address: { ...body.address, postcode: '00-950', country: 'PL' } };
    expect(toSubmitInfos(validate(myInfosBodySchema, pl)).postcodeArea).toBe('PL-00');
  });

  it('given the my-infos form, when the postcode is not of its country or a business has no company, then those fields fail', () => {
    const wrong = {
      ...body,
      buyerType: 'business',
      address: { ...body.address, postcode: '1000', country: 'FR' },
    };
    try {
      validate(myInfosBodySchema, wrong);
      expect.unreachable();
    } catch (error) {
      expect(Object.keys((error as ValidationError).details.fields).sort()).toEqual([
        'address.postcode',
        'company',
      ]);
    }
  });
});

describe('purchase policy', () => {
  it('given every market, then the advance payment is positive and in its currency', () => {
    for (const locale of LOCALES) {
      const policy = PURCHASE_POLICIES[locale];
      expect(policy.advancePayment.currency).toBe(marketOf(locale).currency);
      expect(policy.advancePayment.amount).toBeGreaterThan(0);
      expect(policy.holdMinutes).toBeGreaterThan(0);
    }
  });

  it('given a time, then the hold ends two hours later and a study hold seven days later', () => {
    expect(purchaseHoldUntil('fr', '2025-03-01T10:00:00Z')).toBe('2025-03-01T12:00:00.000Z');
    expect(studyHoldUntil('pl', '2025-03-01T10:00:00.000Z')).toBe('2025-03-08T10:00:00.000Z');
  });
});
