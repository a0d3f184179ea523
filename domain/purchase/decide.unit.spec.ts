import { describe, expect, it } from 'vitest';
import { IllegalStateError, ValidationError } from '../errors.ts';
import { allowedCommands, reopenableSteps } from './allowedCommands.ts';
import type { PurchaseCommand } from './commands.ts';
import { decidePurchase } from './decide.ts';
import type { PurchaseEvent } from './events.ts';
import { initialPurchaseState, type PurchaseSnapshot } from './purchaseState.ts';
import { currentStep, purchaseStatus } from './purchaseStatus.ts';
import { purchaseSummary } from './purchaseSummary.ts';
import {
  CAR_PRICE,
  CASH,
  decision,
  FINANCE,
  factsFor,
  failed,
  INFOS,
  minutes,
  PAY,
  paid,
  run,
  START_SIGNED_IN,
  TO_FUNDING,
  VEHICLE,
} from './testing/purchaseTestKit.ts';

const types = (events: readonly PurchaseEvent[]) => events.map((e) => e.type);
const given = (...commands: PurchaseCommand[]) => run(commands).state;
const when = (state: PurchaseSnapshot, command: PurchaseCommand, minute = 60) =>
  run([[command, { at: minutes(minute) }]], state);
const refused = (state: PurchaseSnapshot, command: PurchaseCommand) => {
  try {
    decidePurchase(command, state, factsFor(command, state, minutes(60)));
  } catch (error) {
    return error;
  }
  throw new Error('not refused');
};
const visitor: PurchaseCommand = { ...START_SIGNED_IN, customerId: null };
const AT_PAYMENT = [...TO_FUNDING, CASH];
const total = (s: PurchaseSnapshot) => purchaseSummary(s.context).totalDue.amount;

describe('start', () => {
  it('given a signed-in buyer, when the hold is won, then the purchase starts at my-infos with the hold and advance', () => {
    const { state, last } = run([START_SIGNED_IN]);
    expect(last).toEqual([
      {
        type: 'PurchaseStarted',
        data: {
          purchaseId: '1001',
          carId: '42',
          locale: 'fr',
          dealerId: '7',
          carPrice: { amount: CAR_PRICE, currency: 'EUR' },
          advancePayment: { amount: 500_00, currency: 'EUR' },
          customerId: 'cus-1',
          hold: { holdId: 'hold-1', until: minutes(120) },
          fromBookingId: null,
          bookingDeposit: null,
        },
      },
    ]);
    expect(currentStep(state)).toBe('my-infos');
  });

  it('given a visitor, when they start, then the account steps come first', () => {
    expect(currentStep(given(visitor))).toBe('my-account');
  });

  it('given another funnel holds the car, when a buyer starts, then the car is not available and nothing more happens', () => {
    const { state } = run([[START_SIGNED_IN, { hold: null }]]);
    expect(purchaseStatus(state)).toBe('car-not-available');
    expect(state.status).toBe('done');
    expect(allowedCommands(state)).toEqual([]);
    expect(refused(state, INFOS)).toBeInstanceOf(IllegalStateError);
  });

  it('given a booked car, when its booker buys it, then the booking and its hold pass over', () => {
    const { last } = run([
      [
        { ...START_SIGNED_IN, fromBookingId: '88' },
        { hold: { holdId: 'booking-hold', until: minutes(2000) } },
      ],
    ]);
    expect(last[0]).toMatchObject({ data: { fromBookingId: '88', hold: { holdId: 'booking-hold' } } });
  });

  it('given a booked car, when someone not signed in claims the booking, then it is invalid', () => {
    expect(
      refused(initialPurchaseState(), { ...START_SIGNED_IN, customerId: null, fromBookingId: '88' }),
    ).toMatchObject({
      details: { fields: { customerId: [expect.any(String)] } },
    });
  });

  it('given a car sold in PLN, when it is bought on the fr market, then the locale is invalid; on pl the advance is in PLN', () => {
    const pl = [
      START_SIGNED_IN,
      { car: { price: { amount: 80_000_00, currency: 'PLN' as const }, dealerId: '9' } },
    ] as const;
    expect(() => run([pl])).toThrow(ValidationError);
    const { last } = run([[{ ...START_SIGNED_IN, locale: 'pl' }, pl[1]]]);
    expect(last[0]).toMatchObject({ data: { advancePayment: { amount: 2000_00, currency: 'PLN' } } });
  });

  it('given a started purchase, when it is started again, then it is refused', () => {
    expect(refused(given(START_SIGNED_IN), START_SIGNED_IN)).toBeInstanceOf(IllegalStateError);
  });
});

describe('account steps', () => {
  it('given a visitor, when they accept the terms, give a known email and sign in, then they reach my-infos', () => {
    const { state, events } = run([
      visitor,
      { type: 'PassAccountStep', termsAccepted: true, marketingOptIn: false },
      { type: 'CheckAccountEmail' },
      { type: 'RecordSignIn', customerId: 'cus-9', method: 'password' },
    ]);
    expect(types(events)).toEqual([
      'PurchaseStarted',
      'AccountStepPassed',
      'AccountEmailChecked',
      'BuyerSignedIn',
    ]);
    expect(currentStep(state)).toBe('my-infos');
    expect(state.context.customerId).toBe('cus-9');
  });

  it('given an unknown email, when checked, then the buyer signs up and reaches my-infos', () => {
    const s = run([
      visitor,
      { type: 'PassAccountStep', termsAccepted: true, marketingOptIn: true },
      [{ type: 'CheckAccountEmail' }, { accountExists: false }],
    ]).state;
    expect(currentStep(s)).toBe('sign-up');
    expect(currentStep(when(s, { type: 'RecordSignUp', customerId: 'cus-new' }).state)).toBe('my-infos');
  });

  it('given the account step, when the buyer signs in from the header (login/{type}), then the account steps are skipped', () => {
    const { state } = when(given(visitor), { type: 'RecordSignIn', customerId: 'cus-2', method: 'google' });
    expect(currentStep(state)).toBe('my-infos');
  });

  it('given sign-in, when the buyer goes back to sign-in-sign-up, then another email can be checked', () => {
    const s = given(
      visitor,
      { type: 'PassAccountStep', termsAccepted: true, marketingOptIn: false },
      { type: 'CheckAccountEmail' },
    );
    expect(currentStep(s)).toBe('sign-in');
    const back = when(s, { type: 'ReopenStep', step: 'sign-in-sign-up' }).state;
    expect(currentStep(back)).toBe('sign-in-sign-up');
    expect(currentStep(run([[{ type: 'CheckAccountEmail' }, { accountExists: false }]], back).state)).toBe(
      'sign-up',
    );
  });

  it('given the account step passed or signed in, when the same is sent again (double click), then nothing happens', () => {
    const s = given(visitor, { type: 'PassAccountStep', termsAccepted: true, marketingOptIn: false });
    expect(when(s, { type: 'PassAccountStep', termsAccepted: true, marketingOptIn: false }).last).toEqual([]);
    const signedIn = given(START_SIGNED_IN);
    expect(when(signedIn, { type: 'RecordSignIn', customerId: 'cus-1', method: 'password' }).last).toEqual(
      [],
    );
  });

  it('given a signed-in buyer, when they try to go back to the account steps, then it is refused, naming what is allowed', () => {
    const error = refused(given(START_SIGNED_IN), {
      type: 'ReopenStep',
      step: 'sign-in-sign-up',
    }) as IllegalStateError;
    expect(error).toBeInstanceOf(IllegalStateError);
    expect(error.details).toMatchObject({ funnel: 'purchase', command: 'ReopenStep', state: 'my-infos' });
    expect(error.details?.allowed).toEqual(expect.arrayContaining(['SubmitInfos', 'CancelPurchase']));
  });
});

describe('my-infos, delivery, recovery, insurance, additional-optional', () => {
  it('given my-infos, when the buyer submits, then only the customer id and coarse facts are recorded', () => {
    const { last, state } = when(given(START_SIGNED_IN), INFOS);
    expect(last).toEqual([
      {
        type: 'InfosSubmitted',
        data: { customerId: 'cus-1', buyerType: 'private', country: 'FR', postcodeArea: 'FR-75' },
      },
    ]);
    expect(currentStep(state)).toBe('delivery');
  });

  it('given a French market, when a buyer in Spain submits, then the country is invalid', () => {
    expect(
      refused(given(START_SIGNED_IN), { ...INFOS, country: 'ES', postcodeArea: 'ES-28' } as PurchaseCommand),
    ).toBeInstanceOf(ValidationError);
  });

  it('given delivery, when home delivery is chosen, then its price adds to the total', () => {
    const s = given(START_SIGNED_IN, INFOS);
    const { last, state } = when(s, { type: 'ChooseDelivery', mode: 'home' });
    expect(last).toEqual([
      {
        type: 'DeliveryChosen',
        data: { mode: 'home', price: { amount: 390_00, currency: 'EUR' }, distanceKm: 250 },
      },
    ]);
    expect(total(state)).toBe(CAR_PRICE + 390_00);
    expect(currentStep(state)).toBe('recovery');
  });

  it('given a home delivery, when the buyer moves to another postcode area, then delivery must be chosen again', () => {
    const s = given(
      START_SIGNED_IN,
      INFOS,
      { type: 'ChooseDelivery', mode: 'home' },
      { type: 'SkipTradeIn' },
    );
    const { state } = when(s, { ...INFOS, postcodeArea: 'FR-13' } as PurchaseCommand);
    expect(currentStep(state)).toBe('delivery');
  });

  it('given recovery, when the car is valued and the offer accepted, then the offer is deducted and insurance follows', () => {
    const valued = when(given(START_SIGNED_IN, INFOS, { type: 'ChooseDelivery', mode: 'pickup' }), {
      type: 'ValueTradeIn',
      vehicle: VEHICLE,
    });
    expect(types(valued.last)).toEqual(['TradeInValued']);
    expect(valued.last[0]).toMatchObject({ data: { vehicle: VEHICLE, amount: { amount: 7_500_00 } } });
    expect(currentStep(valued.state)).toBe('recovery');
    const offerId = valued.state.context.tradeIn.offer!.offerId;
    const { state, last } = when(valued.state, { type: 'AcceptTradeIn', offerId });
    expect(last).toEqual([
      { type: 'TradeInAccepted', data: { offerId, amount: { amount: 7_500_00, currency: 'EUR' } } },
    ]);
    expect(total(state)).toBe(CAR_PRICE - 7_500_00);
    expect(currentStep(state)).toBe('insurance');
  });

  it('given an offer, when another offer is accepted, then it is refused; when the offer has ended, it is invalid', () => {
    const longHold = { hold: { holdId: 'booking-hold', until: minutes(30 * 24 * 60) } };
    const s = run([
      [START_SIGNED_IN, longHold],
      INFOS,
      { type: 'ChooseDelivery', mode: 'pickup' },
      { type: 'ValueTradeIn', vehicle: VEHICLE },
    ]).state;
    expect(refused(s, { type: 'AcceptTradeIn', offerId: 'other' })).toBeInstanceOf(IllegalStateError);
    const offerId = s.context.tradeIn.offer!.offerId;
    expect(() => run([[{ type: 'AcceptTradeIn', offerId }, { at: minutes(8 * 24 * 60) }]], s)).toThrow(
      ValidationError,
    );
  });

  it('given recovery, when the buyer skips the trade-in, then insurance follows with nothing deducted', () => {
    const { state } = when(given(START_SIGNED_IN, INFOS, { type: 'ChooseDelivery', mode: 'pickup' }), {
      type: 'SkipTradeIn',
    });
    expect(currentStep(state)).toBe('insurance');
    expect(purchaseSummary(state.context).tradeInAmount.amount).toBe(0);
  });

  it('given insurance, when an offer is chosen, then its monthly premium is shown but not added to the total', () => {
    const s = given(...TO_FUNDING.slice(0, 4));
    const { state, last } = when(s, { type: 'ChooseInsurance', offerId: 'ins-all-risks' });
    expect(last[0]).toEqual({
      type: 'InsuranceChosen',
      data: { offerId: 'ins-all-risks', monthlyPremium: { amount: 59_00, currency: 'EUR' } },
    });
    expect(purchaseSummary(state.context).insuranceMonthly.amount).toBe(59_00);
    expect(total(state)).toBe(CAR_PRICE);
    expect(currentStep(state)).toBe('additional-optional');
  });

  it('given additional-optional, when extras are chosen, then their total adds up; an unknown extra is invalid', () => {
    const s = given(...TO_FUNDING.slice(0, 5));
    const { state, last } = when(s, { type: 'ChooseExtras', extraIds: ['mats', 'tow-bar'] });
    expect(last[0]).toMatchObject({ data: { total: { amount: 810_00 } } });
    expect(total(state)).toBe(CAR_PRICE + 810_00);
    expect(currentStep(state)).toBe('funding');
    expect(refused(s, { type: 'ChooseExtras', extraIds: ['rocket'] })).toMatchObject({
      details: { fields: { extraIds: [expect.any(String)] } },
    });
  });
});

describe('funding', () => {
  it('given funding, when the buyer pays cash, then the advance payment follows', () => {
    const { state, last } = when(given(...TO_FUNDING), CASH);
    expect(last).toEqual([
      { type: 'FundingChosen', data: { mode: 'cash', total: { amount: CAR_PRICE, currency: 'EUR' } } },
    ]);
    expect(currentStep(state)).toBe('advance-payment');
  });

  it('given funding, when a finance is chosen, applied for and accepted, then the advance payment follows', () => {
    const chosen = when(given(...TO_FUNDING), FINANCE).state;
    expect(currentStep(chosen)).toBe('funding');
    const applied = when(chosen, { type: 'ApplyForFinance' });
    expect(applied.last[0]).toMatchObject({
      type: 'FinanceApplied',
      data: { amount: { amount: CAR_PRICE - 2_000_00 } },
    });
    expect(purchaseStatus(applied.state)).toBe('awaiting-finance-decision');
    const { state, last } = when(applied.state, decision(applied.state, 'accepted'));
    expect(types(last)).toEqual(['FinanceDecided']);
    expect(currentStep(state)).toBe('advance-payment');
    expect(purchaseSummary(state.context)).toMatchObject({
      financed: { amount: CAR_PRICE - 2_000_00 },
      balanceAtDelivery: { amount: 1_500_00 },
    });
  });

  it('given a lender that answers at once, when the buyer applies, then the decision is recorded with the application', () => {
    const s = given(...TO_FUNDING, FINANCE);
    expect(types(run([[{ type: 'ApplyForFinance' }, { financeDecision: 'accepted' }]], s).last)).toEqual([
      'FinanceApplied',
      'FinanceDecided',
    ]);
  });

  it('given a finance declined, when the buyer is back at funding, then finance is refused and cash is the way on', () => {
    const s = given(...TO_FUNDING, FINANCE, { type: 'ApplyForFinance' });
    const { state } = when(s, decision(s, 'declined'));
    expect(currentStep(state)).toBe('funding');
    expect(allowedCommands(state)).not.toContain('RequestAdvancePayment');
    expect(refused(state, PAY)).toBeInstanceOf(IllegalStateError);
    expect(refused(state, FINANCE)).toMatchObject({ details: { fields: { mode: [expect.any(String)] } } });
    expect(currentStep(when(state, CASH).state)).toBe('advance-payment');
  });

  it('given a finance, when the down payment is below the advance or covers everything, then it is invalid', () => {
    const s = given(...TO_FUNDING);
    expect(refused(s, { ...FINANCE, downPayment: 100_00 } as PurchaseCommand)).toBeInstanceOf(
      ValidationError,
    );
    expect(refused(s, { ...FINANCE, downPayment: CAR_PRICE } as PurchaseCommand)).toBeInstanceOf(
      ValidationError,
    );
  });

  it('given a by-passed finance, when the deposit is paid, then the hold is kept for the study and accepted confirms', () => {
    const s = given(...TO_FUNDING, FINANCE, { type: 'ApplyForFinance' });
    const bypassed = when(s, decision(s, 'by-pass')).state;
    expect(currentStep(bypassed)).toBe('advance-payment');
    const paying = when(bypassed, PAY).state;
    const deposit = when(paying, paid('pay-1'));
    expect(types(deposit.last)).toEqual(['PaymentSucceeded', 'HoldExtended']);
    expect(deposit.last[1]).toMatchObject({ data: { holdId: 'hold-1', until: '2025-03-08T11:00:00.000Z' } });
    expect(purchaseStatus(deposit.state)).toBe('paid-awaiting-finance');
    const { state, last } = when(deposit.state, decision(deposit.state, 'accepted'), 2000);
    expect(types(last)).toEqual(['FinanceDecided', 'PurchaseConfirmed']);
    expect(purchaseStatus(state)).toBe('confirmed');
  });

  it('given a by-passed finance and a deposit, when the study declines it, then the deposit is refunded and funding is due again', () => {
    const s = given(...TO_FUNDING, FINANCE, { type: 'ApplyForFinance' });
    const bypassed = run([decision(s, 'by-pass'), PAY, paid('pay-1')], s, 10).state;
    const { state, last } = when(bypassed, decision(bypassed, 'declined'), 3000);
    expect(last).toEqual([
      { type: 'FinanceDecided', data: { applicationId: expect.any(String), decision: 'declined' } },
      {
        type: 'DepositRefunded',
        data: { paymentId: 'pay-1', amount: { amount: 500_00, currency: 'EUR' }, reason: 'finance_declined' },
      },
    ]);
    expect(currentStep(state)).toBe('funding');
    const cash = run([CASH, PAY, paid('pay-2')], state, 3001);
    expect(purchaseStatus(cash.state)).toBe('confirmed');
  });

  it('given a by-passed finance with a checkout in flight, when it is declined, then the checkout is voided; paid after all, it is refunded', () => {
    const s = given(...TO_FUNDING, FINANCE, { type: 'ApplyForFinance' });
    const paying = run([decision(s, 'by-pass'), PAY], s, 10).state;
    const declined = when(paying, decision(paying, 'declined'));
    expect(types(declined.last)).toEqual(['AdvancePaymentVoided', 'FinanceDecided']);
    const late = when(declined.state, paid('pay-1'));
    expect(late.last).toEqual([
      { type: 'PaymentSucceeded', data: { paymentId: 'pay-1', amount: { amount: 500_00, currency: 'EUR' } } },
      {
        type: 'DepositRefunded',
        data: { paymentId: 'pay-1', amount: { amount: 500_00, currency: 'EUR' }, reason: 'payment_voided' },
      },
    ]);
    expect(currentStep(late.state)).toBe('funding');
  });

  it('given a by-passed finance and a deposit, when the buyer switches to cash, then the deposit stays and the purchase is confirmed', () => {
    const s = given(...TO_FUNDING, FINANCE, { type: 'ApplyForFinance' });
    const bypassed = run([decision(s, 'by-pass'), PAY, paid('pay-1')], s, 10).state;
    const { last, state } = when(bypassed, CASH);
    expect(types(last)).toEqual(['FundingChosen', 'PurchaseConfirmed']);
    expect(last[1]).toMatchObject({
      data: {
        funding: 'cash',
        advancePaid: { amount: 500_00 },
        balanceAtDelivery: { amount: CAR_PRICE - 500_00 },
      },
    });
    expect(purchaseStatus(state)).toBe('confirmed');
  });

  it('given a decision already recorded, when the lender sends it again or answers a withdrawn application, then nothing happens', () => {
    const s = given(...TO_FUNDING, FINANCE, { type: 'ApplyForFinance' });
    const accepted = when(s, decision(s, 'accepted')).state;
    expect(when(accepted, decision(s, 'accepted')).last).toEqual([]);
    expect(
      when(accepted, { type: 'RecordFinanceDecision', applicationId: 'app-old', decision: 'declined' }).last,
    ).toEqual([]);
  });
});

describe('advance-payment', () => {
  it('given cash, when the advance is paid, then the purchase is confirmed with its amounts', () => {
    const { state, events } = run([...AT_PAYMENT, PAY, paid('pay-1')]);
    expect(events.at(-3)).toEqual({
      type: 'AdvancePaymentRequested',
      data: {
        paymentId: 'pay-1',
        amount: { amount: 500_00, currency: 'EUR' },
        checkoutUrl: 'https://pay.test/1',
      },
    });
    expect(events.at(-1)).toEqual({
      type: 'PurchaseConfirmed',
      data: {
        funding: 'cash',
        totalDue: { amount: CAR_PRICE, currency: 'EUR' },
        advancePaid: { amount: 500_00, currency: 'EUR' },
        balanceAtDelivery: { amount: CAR_PRICE - 500_00, currency: 'EUR' },
      },
    });
    expect(purchaseStatus(state)).toBe('confirmed');
  });

  it('given a failed payment, when the buyer pays again, then a new checkout is made and can succeed', () => {
    const s = given(...AT_PAYMENT, PAY, failed('pay-1'));
    expect(purchaseStatus(s)).toBe('payment-failed');
    expect(allowedCommands(s)).toContain('RequestAdvancePayment');
    const { state } = run([PAY, paid('pay-2')], s, 30);
    expect(purchaseStatus(state)).toBe('confirmed');
  });

  it('given a payment reported failed, when it succeeds after all, then it serves as the deposit', () => {
    const s = given(...AT_PAYMENT, PAY, failed('pay-1'));
    expect(types(when(s, paid('pay-1')).last)).toEqual(['PaymentSucceeded', 'PurchaseConfirmed']);
  });

  it('given a checkout in flight, when the buyer asks to pay again, then it is refused; a replayed webhook changes nothing', () => {
    const s = given(...AT_PAYMENT, PAY);
    expect(purchaseStatus(s)).toBe('awaiting-payment');
    expect(refused(s, PAY)).toBeInstanceOf(IllegalStateError);
    const done = when(s, paid('pay-1')).state;
    expect(when(done, paid('pay-1')).last).toEqual([]);
    expect(refused(s, paid('pay-nope'))).toBeInstanceOf(ValidationError);
  });

  it('given a trade-in worth more than the car, when the buyer confirms, then nothing is paid online and the surplus is theirs', () => {
    const s = given(START_SIGNED_IN, INFOS, { type: 'ChooseDelivery', mode: 'pickup' });
    const valued = run(
      [
        [
          { type: 'ValueTradeIn', vehicle: VEHICLE },
          {
            tradeInOffer: {
              offerId: 'big',
              amount: { amount: 25_000_00, currency: 'EUR' },
              validUntil: minutes(10_000),
            },
          },
        ],
      ],
      s,
      5,
    ).state;
    const r = run(
      [
        { type: 'AcceptTradeIn', offerId: 'big' },
        { type: 'ChooseInsurance', offerId: null },
        { type: 'ChooseExtras', extraIds: [] },
        CASH,
        PAY,
      ],
      valued,
      6,
    );
    expect(types(r.last)).toEqual(['PurchaseConfirmed']);
    expect(purchaseSummary(r.state.context)).toMatchObject({
      totalDue: { amount: 0 },
      tradeInSurplus: { amount: 5_000_00 },
      advancePayment: { amount: 0 },
    });
  });
});

describe('going back', () => {
  it('given funding, when the buyer reopens delivery and sends it unchanged, then they are back at funding with nothing undone', () => {
    const s = given(...TO_FUNDING, CASH);
    const back = when(s, { type: 'ReopenStep', step: 'delivery' }).state;
    expect(currentStep(back)).toBe('delivery');
    expect(reopenableSteps(back)).toEqual([
      'my-infos',
      'recovery',
      'insurance',
      'additional-optional',
      'funding',
    ]);
    const { state, last } = when(back, { type: 'ChooseDelivery', mode: 'pickup' });
    expect(types(last)).toEqual(['DeliveryChosen']);
    expect(currentStep(state)).toBe('advance-payment');
  });

  it('given a done step, when the same data is sent again from a later step, then nothing happens', () => {
    const s = given(...TO_FUNDING, CASH);
    expect(when(s, { type: 'ChooseDelivery', mode: 'pickup' }).last).toEqual([]);
    expect(when(s, INFOS).last).toEqual([]);
    expect(when(s, CASH).last).toEqual([]);
  });

  it('given cash chosen, when delivery changes the price, then the funding is voided and funding is due again', () => {
    const s = given(...TO_FUNDING, CASH);
    const { state, last } = when(s, { type: 'ChooseDelivery', mode: 'home' });
    expect(last).toEqual([
      {
        type: 'DeliveryChosen',
        data: { mode: 'home', price: { amount: 390_00, currency: 'EUR' }, distanceKm: 250 },
      },
      {
        type: 'FundingVoided',
        data: {
          reason: 'total-changed',
          previousTotal: { amount: CAR_PRICE, currency: 'EUR' },
          total: { amount: CAR_PRICE + 390_00, currency: 'EUR' },
          applicationId: null,
        },
      },
    ]);
    expect(currentStep(state)).toBe('funding');
  });

  it('given an accepted finance, when the trade-in changes the amount, then the decision on the old amount is void', () => {
    const s = given(...TO_FUNDING, FINANCE, { type: 'ApplyForFinance' });
    const accepted = when(s, decision(s, 'accepted')).state;
    const revalued = when(accepted, { type: 'ValueTradeIn', vehicle: VEHICLE }).state;
    expect(currentStep(revalued)).toBe('recovery');
    const { state, last } = when(revalued, {
      type: 'AcceptTradeIn',
      offerId: revalued.context.tradeIn.offer!.offerId,
    });
    expect(types(last)).toEqual(['TradeInAccepted', 'FundingVoided']);
    expect(last[1]).toMatchObject({ data: { applicationId: expect.stringMatching(/^app-/) } });
    expect(currentStep(state)).toBe('funding');
    expect(refused(state, PAY)).toBeInstanceOf(IllegalStateError);
  });

  it('given cash chosen, when the insurance changes, then nothing else is undone', () => {
    const s = given(...TO_FUNDING, CASH);
    const { state, last } = when(s, { type: 'ChooseInsurance', offerId: 'ins-1' });
    expect(types(last)).toEqual(['InsuranceChosen']);
    expect(currentStep(state)).toBe('advance-payment');
  });

  it('given a deposit on a by-passed finance, when extras change the total, then the funding is voided and the deposit refunded', () => {
    const s = given(...TO_FUNDING, FINANCE, { type: 'ApplyForFinance' });
    const bypassed = run([decision(s, 'by-pass'), PAY, paid('pay-1')], s, 10).state;
    const { state, last } = when(bypassed, { type: 'ChooseExtras', extraIds: ['mats'] });
    expect(types(last)).toEqual(['ExtrasChosen', 'FundingVoided', 'DepositRefunded']);
    expect(last[2]).toMatchObject({ data: { reason: 'funding_voided' } });
    expect(currentStep(state)).toBe('funding');
  });

  it('given a checkout in flight, when the buyer goes back, then the checkout is voided first', () => {
    const s = given(...AT_PAYMENT, PAY);
    const { state, last } = when(s, { type: 'ReopenStep', step: 'insurance' });
    expect(last).toEqual([
      { type: 'AdvancePaymentVoided', data: { paymentId: 'pay-1', reason: 'buyer_went_back' } },
      { type: 'StepReopened', data: { step: 'insurance' } },
    ]);
    expect(currentStep(state)).toBe('insurance');
  });

  it('given the buyer is on a step, when they reopen that same step, then nothing happens', () => {
    const s = given(...TO_FUNDING, CASH, { type: 'ReopenStep', step: 'delivery' });
    expect(when(s, { type: 'ReopenStep', step: 'delivery' }).last).toEqual([]);
  });
});

describe('hold, cancellation and finished purchases', () => {
  it('given a hold, when its timer fires at its end, then the car is not available; early or stale timers do nothing', () => {
    const s = given(...TO_FUNDING);
    const lose = { type: 'LoseHold', holdId: 'hold-1', reason: 'expired' } as const;
    expect(run([[lose, { at: minutes(119) }]], s).last).toEqual([]);
    expect(run([[{ ...lose, holdId: 'hold-0' }, { at: minutes(200) }]], s).last).toEqual([]);
    const { state, last } = run([[lose, { at: minutes(120) }]], s);
    expect(last).toEqual([{ type: 'HoldLost', data: { holdId: 'hold-1', reason: 'expired' } }]);
    expect(purchaseStatus(state)).toBe('car-not-available');
  });

  it('given the hold has ended but its timer has not fired, when the buyer asks anything, then the hold is lost', () => {
    const s = given(...AT_PAYMENT);
    expect(run([[PAY, { at: minutes(121) }]], s).last).toEqual([
      { type: 'HoldLost', data: { holdId: 'hold-1', reason: 'expired' } },
    ]);
  });

  it('given a checkout in flight, when the car is withdrawn, then the checkout is voided and the car is not available', () => {
    const s = given(...AT_PAYMENT, PAY);
    expect(types(when(s, { type: 'LoseHold', holdId: 'hold-1', reason: 'car_withdrawn' }).last)).toEqual([
      'AdvancePaymentVoided',
      'HoldLost',
    ]);
  });

  it('given a deposit, when staff cancel, then the deposit is refunded first; cancelling again does nothing', () => {
    const s = given(...TO_FUNDING, FINANCE, { type: 'ApplyForFinance' });
    const bypassed = run([decision(s, 'by-pass'), PAY, paid('pay-1')], s, 10).state;
    const { state, last } = when(bypassed, { type: 'CancelPurchase', by: 'staff', reason: 'buyer called' });
    expect(last).toEqual([
      {
        type: 'DepositRefunded',
        data: {
          paymentId: 'pay-1',
          amount: { amount: 500_00, currency: 'EUR' },
          reason: 'purchase_cancelled',
        },
      },
      { type: 'PurchaseCancelled', data: { by: 'staff', reason: 'buyer called' } },
    ]);
    expect(purchaseStatus(state)).toBe('cancelled');
    expect(when(state, { type: 'CancelPurchase', by: 'buyer', reason: 'again' }).last).toEqual([]);
  });

  it('given a finished purchase, when anything but a late timer or webhook comes, then it is refused with nothing allowed', () => {
    const s = given(...AT_PAYMENT, PAY, paid('pay-1'));
    expect(allowedCommands(s)).toEqual([]);
    const error = refused(s, { type: 'ChooseDelivery', mode: 'home' }) as IllegalStateError;
    expect(error.message).toContain('nothing (it is finished)');
    expect(when(s, { type: 'LoseHold', holdId: 'hold-1', reason: 'expired' }, 500).last).toEqual([]);
    expect(when(s, failed('pay-1')).last).toEqual([]);
  });

  it('given a purchase ended with a checkout in flight, when that payment succeeds, then it is refused (the engine refunds it)', () => {
    const s = given(...AT_PAYMENT, PAY, { type: 'CancelPurchase', by: 'buyer', reason: 'changed my mind' });
    expect(refused(s, paid('pay-1'))).toBeInstanceOf(IllegalStateError);
  });
});
