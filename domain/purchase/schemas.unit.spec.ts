import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { ValidationError } from '../errors.ts';
import { LOCALES, marketOf } from '../markets.ts';
import { validate } from '../validate.ts';
import type { PurchaseCommand } from './commands.ts';
import { PURCHASE_COMMAND_TYPES } from './commands.ts';
import { PURCHASE_POLICIES, purchaseHoldUntil, studyHoldUntil } from './purchasePolicy.ts';
import {
  myInfosBodySchema,
  PURCHASE_COMMAND_SCHEMAS,
  purchaseCommandSchema,
  toSubmitInfos,
} from './schemas.ts';

type Parsed = z.output<(typeof PURCHASE_COMMAND_SCHEMAS)[keyof typeof PURCHASE_COMMAND_SCHEMAS]>;

const body = {
  buyerType: 'private',
  firstName: 'Jeanne',
  lastName: 'Martin',
  phone: '+33 6 12 34 56 78',
  address: { line1: '12 rue de la Paix', postcode: '75002', city: 'Paris', country: 'FR' },
};

describe('purchase command schemas', () => {
  it('given the schemas, then they parse exactly the command types', () => {
    // Whatever the schemas accept is a command (the command types stay a little wider: plain strings).
    expectTypeOf<Parsed>().toExtend<PurchaseCommand>();
    expect(Object.keys(PURCHASE_COMMAND_SCHEMAS)).toEqual([...PURCHASE_COMMAND_TYPES]);
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
