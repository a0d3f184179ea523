import { describe, expect, it } from 'vitest';
import type { Money } from '../catalogue/car.ts';
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

const eur = (amount: number): Money => ({ amount, currency: 'EUR' });
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

const PASS = { type: 'PassAccountStep', termsAccepted: true, marketingOptIn: false } as const;
const APPLY = { type: 'ApplyForFinance' } as const;
const REOPEN_DELIVERY = { type: 'ReopenStep', step: 'delivery' } as const;
/** A finance chosen and applied for: the lender's answer is awaited. */
const APPLIED = given(...TO_FUNDING, FINANCE, APPLY);
/** A by-passed finance and its deposit paid (minutes 10 to 12): the study goes on, the car is held. */
const BYPASSED_PAID = run([decision(APPLIED, 'by-pass'), PAY, paid('pay-1')], APPLIED, 10).state;

describe('purchase: start', () => {
  describe('given a signed-in buyer', () => {
    const started = run([START_SIGNED_IN]);

    it('when the hold is won, then PurchaseStarted with the hold and the advance', () => {
      expect(started.last).toEqual([
        {
          type: 'PurchaseStarted',
          data: {
            purchaseId: '1001',
            carId: '42',
            locale: 'fr',
            dealerId: '7',
            carPrice: eur(CAR_PRICE),
            advancePayment: eur(500_00),
            customerId: 'cus-1',
            hold: { holdId: 'hold-1', until: minutes(120) },
            fromBookingId: null,
            bookingDeposit: null,
          },
        },
      ]);
    });

    it('when the hold is won, then the buyer is at my-infos', () => {
      expect(currentStep(started.state)).toBe('my-infos');
    });
  });

  describe('given a visitor', () => {
    it('when they start, then the account steps come first', () => {
      expect(currentStep(given(visitor))).toBe('my-account');
    });
  });

  describe('given another funnel holds the car', () => {
    const { state } = run([[START_SIGNED_IN, { hold: null }]]);

    it('when a buyer starts, then the car is not available', () => {
      expect(purchaseStatus(state)).toBe('car-not-available');
    });

    it('when a buyer starts, then the purchase is done: nothing is allowed', () => {
      expect(state.status).toBe('done');
      expect(allowedCommands(state)).toEqual([]);
    });

    it('when a buyer starts, then the next step is refused', () => {
      expect(refused(state, INFOS)).toBeInstanceOf(IllegalStateError);
    });
  });

  describe('given a car booked (booking 88)', () => {
    it('when its booker buys it, then the booking and its hold pass over', () => {
      const { last } = run([
        [
          { ...START_SIGNED_IN, fromBookingId: '88' },
          { hold: { holdId: 'booking-hold', until: minutes(2000) } },
        ],
      ]);
      expect(last[0]).toMatchObject({ data: { fromBookingId: '88', hold: { holdId: 'booking-hold' } } });
    });

    it('when someone not signed in claims the booking, then it is invalid', () => {
      expect(
        refused(initialPurchaseState(), { ...START_SIGNED_IN, customerId: null, fromBookingId: '88' }),
      ).toMatchObject({
        details: { fields: { customerId: [expect.any(String)] } },
      });
    });
  });

  describe('given a car sold in PLN', () => {
    const pln = { car: { price: { amount: 80_000_00, currency: 'PLN' as const }, dealerId: '9' } };

    it('when it is bought on the fr market, then the locale is invalid', () => {
      expect(() => run([[START_SIGNED_IN, pln]])).toThrow(ValidationError);
    });

    it('when it is bought on the pl market, then the advance is in PLN', () => {
      const { last } = run([[{ ...START_SIGNED_IN, locale: 'pl' }, pln]]);
      expect(last[0]).toMatchObject({ data: { advancePayment: { amount: 2000_00, currency: 'PLN' } } });
    });
  });

  describe('given a started purchase', () => {
    it('when it is started again, then it is refused', () => {
      expect(refused(given(START_SIGNED_IN), START_SIGNED_IN)).toBeInstanceOf(IllegalStateError);
    });
  });
});

describe('purchase: account steps', () => {
  describe('given a visitor', () => {
    const signedIn = run([
      visitor,
      PASS,
      { type: 'CheckAccountEmail' },
      { type: 'RecordSignIn', customerId: 'cus-9', method: 'password' },
    ]);

    it('when they accept the terms, give a known email and sign in, then each step is recorded', () => {
      expect(types(signedIn.events)).toEqual([
        'PurchaseStarted',
        'AccountStepPassed',
        'AccountEmailChecked',
        'BuyerSignedIn',
      ]);
    });

    it('when they accept the terms, give a known email and sign in, then they reach my-infos', () => {
      expect(currentStep(signedIn.state)).toBe('my-infos');
    });

    it('when they sign in, then the purchase belongs to the customer signed in', () => {
      expect(signedIn.state.context.customerId).toBe('cus-9');
    });

    it('when they sign in from the header (login/{type}), then the account steps are skipped', () => {
      const { state } = when(given(visitor), { type: 'RecordSignIn', customerId: 'cus-2', method: 'google' });
      expect(currentStep(state)).toBe('my-infos');
    });
  });

  describe('given a visitor who accepted the terms', () => {
    const accepted = given(visitor, PASS);

    it('when the terms are accepted again (a double click), then nothing happens', () => {
      expect(when(accepted, PASS).last).toEqual([]);
    });

    it('when a known email is checked, then sign-in follows', () => {
      expect(currentStep(given(visitor, PASS, { type: 'CheckAccountEmail' }))).toBe('sign-in');
    });
  });

  describe('given a visitor who accepted the terms and marketing', () => {
    const unknown = run([
      visitor,
      { type: 'PassAccountStep', termsAccepted: true, marketingOptIn: true },
      [{ type: 'CheckAccountEmail' }, { accountExists: false }],
    ]).state;

    it('when an unknown email is checked, then sign-up follows', () => {
      expect(currentStep(unknown)).toBe('sign-up');
    });

    it('when an unknown email is checked and the buyer signs up, then they reach my-infos', () => {
      expect(currentStep(when(unknown, { type: 'RecordSignUp', customerId: 'cus-new' }).state)).toBe(
        'my-infos',
      );
    });
  });

  describe('given a visitor at sign-in (a known email)', () => {
    const back = when(given(visitor, PASS, { type: 'CheckAccountEmail' }), {
      type: 'ReopenStep',
      step: 'sign-in-sign-up',
    }).state;

    it('when the buyer goes back to sign-in-sign-up, then that step shows', () => {
      expect(currentStep(back)).toBe('sign-in-sign-up');
    });

    it('when the buyer goes back and checks another email, then that email counts (sign-up)', () => {
      expect(currentStep(run([[{ type: 'CheckAccountEmail' }, { accountExists: false }]], back).state)).toBe(
        'sign-up',
      );
    });
  });

  describe('given a signed-in buyer', () => {
    const signedIn = given(START_SIGNED_IN);
    const goBack = () =>
      refused(signedIn, { type: 'ReopenStep', step: 'sign-in-sign-up' }) as IllegalStateError;

    it('when the sign-in is sent again (a double click), then nothing happens', () => {
      expect(when(signedIn, { type: 'RecordSignIn', customerId: 'cus-1', method: 'password' }).last).toEqual(
        [],
      );
    });

    it('when they try to go back to the account steps, then it is refused at my-infos', () => {
      const error = goBack();
      expect(error).toBeInstanceOf(IllegalStateError);
      expect(error.details).toMatchObject({ funnel: 'purchase', command: 'ReopenStep', state: 'my-infos' });
    });

    it('when they try to go back to the account steps, then the refusal names what is allowed', () => {
      expect(goBack().details?.allowed).toEqual(expect.arrayContaining(['SubmitInfos', 'CancelPurchase']));
    });
  });
});

describe('purchase: my-infos, delivery, recovery, insurance, additional-optional', () => {
  describe('given my-infos', () => {
    const atInfos = given(START_SIGNED_IN);
    const submitted = when(atInfos, INFOS);

    it('when the buyer submits, then only the customer id and coarse facts are recorded', () => {
      expect(submitted.last).toEqual([
        {
          type: 'InfosSubmitted',
          data: { customerId: 'cus-1', buyerType: 'private', country: 'FR', postcodeArea: 'FR-75' },
        },
      ]);
    });

    it('when the buyer submits, then delivery follows', () => {
      expect(currentStep(submitted.state)).toBe('delivery');
    });

    it('when a buyer in Spain submits on the French market, then the country is invalid', () => {
      expect(
        refused(atInfos, { ...INFOS, country: 'ES', postcodeArea: 'ES-28' } as PurchaseCommand),
      ).toBeInstanceOf(ValidationError);
    });
  });

  describe('given delivery', () => {
    const home = when(given(START_SIGNED_IN, INFOS), { type: 'ChooseDelivery', mode: 'home' });

    it('when home delivery is chosen, then DeliveryChosen with its price and distance', () => {
      expect(home.last).toEqual([
        {
          type: 'DeliveryChosen',
          data: { mode: 'home', price: eur(390_00), distanceKm: 250 },
        },
      ]);
    });

    it('when home delivery is chosen, then its price adds to the total', () => {
      expect(total(home.state)).toBe(CAR_PRICE + 390_00);
    });

    it('when home delivery is chosen, then recovery follows', () => {
      expect(currentStep(home.state)).toBe('recovery');
    });
  });

  describe('given a home delivery and the trade-in skipped', () => {
    it('when the buyer moves to another postcode area, then delivery must be chosen again', () => {
      const s = given(
        START_SIGNED_IN,
        INFOS,
        { type: 'ChooseDelivery', mode: 'home' },
        { type: 'SkipTradeIn' },
      );
      const { state } = when(s, { ...INFOS, postcodeArea: 'FR-13' } as PurchaseCommand);
      expect(currentStep(state)).toBe('delivery');
    });
  });

  describe('given recovery', () => {
    const atRecovery = given(START_SIGNED_IN, INFOS, { type: 'ChooseDelivery', mode: 'pickup' });
    const valued = when(atRecovery, { type: 'ValueTradeIn', vehicle: VEHICLE });
    const skipped = when(atRecovery, { type: 'SkipTradeIn' }).state;

    it('when the car is valued, then TradeInValued with the vehicle and the offer', () => {
      expect(types(valued.last)).toEqual(['TradeInValued']);
      expect(valued.last[0]).toMatchObject({ data: { vehicle: VEHICLE, amount: { amount: 7_500_00 } } });
    });

    it('when the car is valued, then the buyer stays at recovery to accept or skip the offer', () => {
      expect(currentStep(valued.state)).toBe('recovery');
    });

    it('when the buyer skips the trade-in, then insurance follows', () => {
      expect(currentStep(skipped)).toBe('insurance');
    });

    it('when the buyer skips the trade-in, then nothing is deducted', () => {
      expect(purchaseSummary(skipped.context).tradeInAmount.amount).toBe(0);
    });

    describe('and the car valued (an offer of 7 500 €)', () => {
      const offerId = valued.state.context.tradeIn.offer!.offerId;
      const accepted = when(valued.state, { type: 'AcceptTradeIn', offerId });

      it('when the offer is accepted, then TradeInAccepted with its amount', () => {
        expect(accepted.last).toEqual([
          { type: 'TradeInAccepted', data: { offerId, amount: eur(7_500_00) } },
        ]);
      });

      it('when the offer is accepted, then it is deducted from the total', () => {
        expect(total(accepted.state)).toBe(CAR_PRICE - 7_500_00);
      });

      it('when the offer is accepted, then insurance follows', () => {
        expect(currentStep(accepted.state)).toBe('insurance');
      });
    });
  });

  describe('given a trade-in offer valid 7 days, the car held 30 days', () => {
    const longHold = { hold: { holdId: 'booking-hold', until: minutes(30 * 24 * 60) } };
    const s = run([
      [START_SIGNED_IN, longHold],
      INFOS,
      { type: 'ChooseDelivery', mode: 'pickup' },
      { type: 'ValueTradeIn', vehicle: VEHICLE },
    ]).state;

    it('when another offer is accepted, then it is refused', () => {
      expect(refused(s, { type: 'AcceptTradeIn', offerId: 'other' })).toBeInstanceOf(IllegalStateError);
    });

    it('when the offer is accepted after it ended, then it is invalid', () => {
      const offerId = s.context.tradeIn.offer!.offerId;
      expect(() => run([[{ type: 'AcceptTradeIn', offerId }, { at: minutes(8 * 24 * 60) }]], s)).toThrow(
        ValidationError,
      );
    });
  });

  describe('given insurance', () => {
    const chosen = when(given(...TO_FUNDING.slice(0, 4)), {
      type: 'ChooseInsurance',
      offerId: 'ins-all-risks',
    });

    it('when an offer is chosen, then InsuranceChosen with its monthly premium', () => {
      expect(chosen.last[0]).toEqual({
        type: 'InsuranceChosen',
        data: { offerId: 'ins-all-risks', monthlyPremium: eur(59_00) },
      });
    });

    it('when an offer is chosen, then its monthly premium is shown', () => {
      expect(purchaseSummary(chosen.state.context).insuranceMonthly.amount).toBe(59_00);
    });

    it('when an offer is chosen, then the premium is not added to the total', () => {
      expect(total(chosen.state)).toBe(CAR_PRICE);
    });

    it('when an offer is chosen, then additional-optional follows', () => {
      expect(currentStep(chosen.state)).toBe('additional-optional');
    });
  });

  describe('given additional-optional', () => {
    const s = given(...TO_FUNDING.slice(0, 5));
    const chosen = when(s, { type: 'ChooseExtras', extraIds: ['mats', 'tow-bar'] });

    it('when extras are chosen, then ExtrasChosen with their total', () => {
      expect(chosen.last[0]).toMatchObject({ data: { total: { amount: 810_00 } } });
    });

    it('when extras are chosen, then their total adds up', () => {
      expect(total(chosen.state)).toBe(CAR_PRICE + 810_00);
    });

    it('when extras are chosen, then funding follows', () => {
      expect(currentStep(chosen.state)).toBe('funding');
    });

    it('when an unknown extra is chosen, then it is invalid', () => {
      expect(refused(s, { type: 'ChooseExtras', extraIds: ['rocket'] })).toMatchObject({
        details: { fields: { extraIds: [expect.any(String)] } },
      });
    });

    describe('given both warranty extensions offered', () => {
      const warranties = ['extended-warranty-12', 'extended-warranty-24'];
      const offered = (command: PurchaseCommand) =>
        factsFor(command, s, minutes(60), {
          extras: warranties.map((extraId) => ({ extraId, price: { amount: 399_00, currency: 'EUR' } })),
        });
      const decide = (extraIds: string[]) => {
        const command: PurchaseCommand = { type: 'ChooseExtras', extraIds };
        return () => decidePurchase(command, s, offered(command));
      };

      it('when both are chosen, then it is refused by the field: they are alternatives', () => {
        expect(decide(warranties)).toThrow(
          expect.objectContaining({
            details: { fields: { extraIds: ['choose one warranty extension at most'] } },
          }),
        );
      });

      it('when one is chosen, then ExtrasChosen with it alone', () => {
        expect(decide(['extended-warranty-24'])()).toMatchObject([
          { type: 'ExtrasChosen', data: { items: [{ extraId: 'extended-warranty-24' }] } },
        ]);
      });
    });
  });
});

describe('purchase: funding', () => {
  describe('given funding', () => {
    const atFunding = given(...TO_FUNDING);
    const cash = when(atFunding, CASH);

    it('when the buyer pays cash, then FundingChosen for the total', () => {
      expect(cash.last).toEqual([{ type: 'FundingChosen', data: { mode: 'cash', total: eur(CAR_PRICE) } }]);
    });

    it('when the buyer pays cash, then the advance payment follows', () => {
      expect(currentStep(cash.state)).toBe('advance-payment');
    });

    it('when a finance is chosen, then the buyer stays at funding until it is decided', () => {
      expect(currentStep(when(atFunding, FINANCE).state)).toBe('funding');
    });

    it('when the down payment of a finance is below the advance, then it is invalid', () => {
      expect(refused(atFunding, { ...FINANCE, downPayment: 100_00 } as PurchaseCommand)).toBeInstanceOf(
        ValidationError,
      );
    });

    it('when the down payment of a finance covers everything, then it is invalid', () => {
      expect(refused(atFunding, { ...FINANCE, downPayment: CAR_PRICE } as PurchaseCommand)).toBeInstanceOf(
        ValidationError,
      );
    });
  });

  describe('given a finance chosen', () => {
    const chosen = given(...TO_FUNDING, FINANCE);
    const applied = when(chosen, APPLY);

    it('when the buyer applies, then FinanceApplied for the total less the down payment', () => {
      expect(applied.last[0]).toMatchObject({
        type: 'FinanceApplied',
        data: { amount: { amount: CAR_PRICE - 2_000_00 } },
      });
    });

    it('when the buyer applies, then the finance decision is awaited', () => {
      expect(purchaseStatus(applied.state)).toBe('awaiting-finance-decision');
    });

    it('when the lender answers at once, then the decision is recorded with the application', () => {
      expect(types(run([[APPLY, { financeDecision: 'accepted' }]], chosen).last)).toEqual([
        'FinanceApplied',
        'FinanceDecided',
      ]);
    });
  });

  describe('given a finance applied for', () => {
    const accepted = when(APPLIED, decision(APPLIED, 'accepted'));
    const declined = when(APPLIED, decision(APPLIED, 'declined')).state;

    it('when the lender accepts, then FinanceDecided', () => {
      expect(types(accepted.last)).toEqual(['FinanceDecided']);
    });

    it('when the lender accepts, then the advance payment follows', () => {
      expect(currentStep(accepted.state)).toBe('advance-payment');
    });

    it('when the lender accepts, then the amount financed and the balance at delivery are known', () => {
      expect(purchaseSummary(accepted.state.context)).toMatchObject({
        financed: { amount: CAR_PRICE - 2_000_00 },
        balanceAtDelivery: { amount: 1_500_00 },
      });
    });

    it('when the lender declines, then funding is due again', () => {
      expect(currentStep(declined)).toBe('funding');
    });

    it('when the lender declines, then the advance payment is no longer allowed', () => {
      expect(allowedCommands(declined)).not.toContain('RequestAdvancePayment');
    });

    it('when the lender by-passes the study, then the advance payment follows', () => {
      expect(currentStep(when(APPLIED, decision(APPLIED, 'by-pass')).state)).toBe('advance-payment');
    });

    describe('and accepted', () => {
      it('when the lender sends its decision again, then nothing happens', () => {
        expect(when(accepted.state, decision(APPLIED, 'accepted')).last).toEqual([]);
      });

      it('when the lender answers a withdrawn application, then nothing happens', () => {
        const withdrawn = {
          type: 'RecordFinanceDecision',
          applicationId: 'app-old',
          decision: 'declined',
        } as const;
        expect(when(accepted.state, withdrawn).last).toEqual([]);
      });
    });

    describe('and declined', () => {
      it('when the buyer asks to pay, then it is refused', () => {
        expect(refused(declined, PAY)).toBeInstanceOf(IllegalStateError);
      });

      it('when the buyer chooses a finance again, then it is invalid', () => {
        expect(refused(declined, FINANCE)).toMatchObject({
          details: { fields: { mode: [expect.any(String)] } },
        });
      });

      it('when the buyer pays cash, then the advance payment follows', () => {
        expect(currentStep(when(declined, CASH).state)).toBe('advance-payment');
      });
    });
  });

  describe('given a by-passed finance (the study goes on)', () => {
    const bypassed = when(APPLIED, decision(APPLIED, 'by-pass')).state;
    const deposit = when(when(bypassed, PAY).state, paid('pay-1'));

    it('when the deposit is paid, then the hold is extended', () => {
      expect(types(deposit.last)).toEqual(['PaymentSucceeded', 'HoldExtended']);
    });

    it('when the deposit is paid, then the hold is kept a week for the study', () => {
      expect(deposit.last[1]).toMatchObject({
        data: { holdId: 'hold-1', until: '2025-03-08T11:00:00.000Z' },
      });
    });

    it('when the deposit is paid, then it is paid, awaiting the finance', () => {
      expect(purchaseStatus(deposit.state)).toBe('paid-awaiting-finance');
    });
  });

  describe('given a by-passed finance and its deposit paid', () => {
    const accepted = when(BYPASSED_PAID, decision(BYPASSED_PAID, 'accepted'), 2000);
    const declined = when(BYPASSED_PAID, decision(BYPASSED_PAID, 'declined'), 3000);

    it('when the study accepts, then FinanceDecided and PurchaseConfirmed', () => {
      expect(types(accepted.last)).toEqual(['FinanceDecided', 'PurchaseConfirmed']);
    });

    it('when the study accepts, then the purchase is confirmed', () => {
      expect(purchaseStatus(accepted.state)).toBe('confirmed');
    });

    const cash = when(BYPASSED_PAID, CASH);

    it('when the study declines, then FinanceDecided and the deposit refunded', () => {
      expect(declined.last).toEqual([
        { type: 'FinanceDecided', data: { applicationId: expect.any(String), decision: 'declined' } },
        {
          type: 'DepositRefunded',
          data: {
            paymentId: 'pay-1',
            amount: eur(500_00),
            reason: 'finance_declined',
          },
        },
      ]);
    });

    it('when the study declines, then funding is due again', () => {
      expect(currentStep(declined.state)).toBe('funding');
    });

    it('when the study declines, then cash and a new advance confirm the purchase', () => {
      expect(purchaseStatus(run([CASH, PAY, paid('pay-2')], declined.state, 3001).state)).toBe('confirmed');
    });

    it('when the buyer switches to cash, then FundingChosen and PurchaseConfirmed', () => {
      expect(types(cash.last)).toEqual(['FundingChosen', 'PurchaseConfirmed']);
    });

    it('when the buyer switches to cash, then the deposit stays as the advance paid', () => {
      expect(cash.last[1]).toMatchObject({
        data: {
          funding: 'cash',
          advancePaid: { amount: 500_00 },
          balanceAtDelivery: { amount: CAR_PRICE - 500_00 },
        },
      });
    });

    it('when the buyer switches to cash, then the purchase is confirmed', () => {
      expect(purchaseStatus(cash.state)).toBe('confirmed');
    });
  });

  describe('given a by-passed finance with a checkout in flight', () => {
    const paying = run([decision(APPLIED, 'by-pass'), PAY], APPLIED, 10).state;
    const declined = when(paying, decision(paying, 'declined'));
    const late = when(declined.state, paid('pay-1'));

    it('when the study declines, then the checkout is voided first', () => {
      expect(types(declined.last)).toEqual(['AdvancePaymentVoided', 'FinanceDecided']);
    });

    it('when the study declines and the checkout is paid after all, then the payment is refunded', () => {
      expect(late.last).toEqual([
        {
          type: 'PaymentSucceeded',
          data: { paymentId: 'pay-1', amount: eur(500_00) },
        },
        {
          type: 'DepositRefunded',
          data: { paymentId: 'pay-1', amount: eur(500_00), reason: 'payment_voided' },
        },
      ]);
    });

    it('when the study declines and the checkout is paid after all, then funding is due again', () => {
      expect(currentStep(late.state)).toBe('funding');
    });
  });
});

describe('purchase: advance-payment', () => {
  describe('given cash chosen', () => {
    const { state, events } = run([...AT_PAYMENT, PAY, paid('pay-1')]);

    it('when the advance is asked, then AdvancePaymentRequested with a checkout', () => {
      expect(events.at(-3)).toEqual({
        type: 'AdvancePaymentRequested',
        data: {
          paymentId: 'pay-1',
          amount: eur(500_00),
          checkoutUrl: 'https://pay.test/1',
        },
      });
    });

    it('when the advance is paid, then PurchaseConfirmed with its amounts', () => {
      expect(events.at(-1)).toEqual({
        type: 'PurchaseConfirmed',
        data: {
          funding: 'cash',
          totalDue: eur(CAR_PRICE),
          advancePaid: eur(500_00),
          balanceAtDelivery: eur(CAR_PRICE - 500_00),
        },
      });
    });

    it('when the advance is paid, then the purchase is confirmed', () => {
      expect(purchaseStatus(state)).toBe('confirmed');
    });
  });

  describe('given a failed payment', () => {
    const s = given(...AT_PAYMENT, PAY, failed('pay-1'));

    it('then the payment failed page shows', () => {
      expect(purchaseStatus(s)).toBe('payment-failed');
    });

    it('then the buyer may pay again', () => {
      expect(allowedCommands(s)).toContain('RequestAdvancePayment');
    });

    it('when the buyer pays again, then a new checkout is made and can succeed', () => {
      expect(purchaseStatus(run([PAY, paid('pay-2')], s, 30).state)).toBe('confirmed');
    });

    it('when the failed payment succeeds after all, then it serves as the deposit', () => {
      expect(types(when(s, paid('pay-1')).last)).toEqual(['PaymentSucceeded', 'PurchaseConfirmed']);
    });
  });

  describe('given a checkout in flight', () => {
    const s = given(...AT_PAYMENT, PAY);

    it('then the payment is awaited', () => {
      expect(purchaseStatus(s)).toBe('awaiting-payment');
    });

    it('when the buyer asks to pay again, then it is refused', () => {
      expect(refused(s, PAY)).toBeInstanceOf(IllegalStateError);
    });

    it('when the answer names another payment, then it is invalid', () => {
      expect(refused(s, paid('pay-nope'))).toBeInstanceOf(ValidationError);
    });

    it('when it is paid and the webhook replayed, then the replay changes nothing', () => {
      const done = when(s, paid('pay-1')).state;
      expect(when(done, paid('pay-1')).last).toEqual([]);
    });
  });

  describe('given a trade-in offer of 25 000 € on a 20 000 € car', () => {
    const s = given(START_SIGNED_IN, INFOS, { type: 'ChooseDelivery', mode: 'pickup' });
    const big = {
      offerId: 'big',
      amount: { amount: 25_000_00, currency: 'EUR' as const },
      validUntil: minutes(10_000),
    };
    const valued = run([[{ type: 'ValueTradeIn', vehicle: VEHICLE }, { tradeInOffer: big }]], s, 5).state;
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

    it('when it is accepted and the buyer confirms, then confirmed with nothing paid online', () => {
      expect(types(r.last)).toEqual(['PurchaseConfirmed']);
    });

    it('when it is accepted and the buyer confirms, then the surplus is theirs', () => {
      expect(purchaseSummary(r.state.context)).toMatchObject({
        totalDue: { amount: 0 },
        tradeInSurplus: { amount: 5_000_00 },
        advancePayment: { amount: 0 },
      });
    });
  });
});

describe('purchase: going back', () => {
  describe('given cash chosen', () => {
    const s = given(...TO_FUNDING, CASH);
    const back = when(s, REOPEN_DELIVERY).state;
    const home = when(s, { type: 'ChooseDelivery', mode: 'home' });
    const insured = when(s, { type: 'ChooseInsurance', offerId: 'ins-1' });

    it('when the buyer reopens delivery, then delivery shows', () => {
      expect(currentStep(back)).toBe('delivery');
    });

    it('when the buyer reopens delivery, then every other done step can be reopened', () => {
      expect(reopenableSteps(back)).toEqual([
        'my-infos',
        'recovery',
        'insurance',
        'additional-optional',
        'funding',
      ]);
    });

    it('when the same delivery is sent again from a later step, then nothing happens', () => {
      expect(when(s, { type: 'ChooseDelivery', mode: 'pickup' }).last).toEqual([]);
    });

    it('when the same infos are sent again from a later step, then nothing happens', () => {
      expect(when(s, INFOS).last).toEqual([]);
    });

    it('when cash is chosen again, then nothing happens', () => {
      expect(when(s, CASH).last).toEqual([]);
    });

    it('when a home delivery changes the price, then the funding is voided', () => {
      expect(home.last).toEqual([
        {
          type: 'DeliveryChosen',
          data: { mode: 'home', price: eur(390_00), distanceKm: 250 },
        },
        {
          type: 'FundingVoided',
          data: {
            reason: 'total-changed',
            previousTotal: eur(CAR_PRICE),
            total: eur(CAR_PRICE + 390_00),
            applicationId: null,
          },
        },
      ]);
    });

    it('when a home delivery changes the price, then funding is due again', () => {
      expect(currentStep(home.state)).toBe('funding');
    });

    it('when the insurance changes, then nothing else is undone', () => {
      expect(types(insured.last)).toEqual(['InsuranceChosen']);
    });

    it('when the insurance changes, then the buyer stays at the advance payment', () => {
      expect(currentStep(insured.state)).toBe('advance-payment');
    });
  });

  describe('given delivery reopened after cash was chosen', () => {
    const back = given(...TO_FUNDING, CASH, REOPEN_DELIVERY);
    const unchanged = when(back, { type: 'ChooseDelivery', mode: 'pickup' });

    it('when delivery is sent unchanged, then only DeliveryChosen: nothing undone', () => {
      expect(types(unchanged.last)).toEqual(['DeliveryChosen']);
    });

    it('when delivery is sent unchanged, then the buyer is back at the advance payment', () => {
      expect(currentStep(unchanged.state)).toBe('advance-payment');
    });

    it('when delivery is reopened again, then nothing happens', () => {
      expect(when(back, REOPEN_DELIVERY).last).toEqual([]);
    });
  });

  describe('given an accepted finance', () => {
    const accepted = when(APPLIED, decision(APPLIED, 'accepted')).state;
    const revalued = when(accepted, { type: 'ValueTradeIn', vehicle: VEHICLE }).state;
    const { state, last } = when(revalued, {
      type: 'AcceptTradeIn',
      offerId: revalued.context.tradeIn.offer!.offerId,
    });

    it('when the trade-in is valued again, then recovery shows', () => {
      expect(currentStep(revalued)).toBe('recovery');
    });

    it('when the new offer changes the amount, then the funding is voided', () => {
      expect(types(last)).toEqual(['TradeInAccepted', 'FundingVoided']);
    });

    it('when the new offer changes the amount, then the decision on the old amount is void', () => {
      expect(last[1]).toMatchObject({ data: { applicationId: expect.stringMatching(/^app-/) } });
    });

    it('when the new offer changes the amount, then funding is due again', () => {
      expect(currentStep(state)).toBe('funding');
    });

    it('when the new offer changes the amount and the buyer asks to pay, then it is refused', () => {
      expect(refused(state, PAY)).toBeInstanceOf(IllegalStateError);
    });
  });

  describe('given a by-passed finance and its deposit paid', () => {
    const { state, last } = when(BYPASSED_PAID, { type: 'ChooseExtras', extraIds: ['mats'] });

    it('when extras change the total, then the funding is voided and the deposit refunded', () => {
      expect(types(last)).toEqual(['ExtrasChosen', 'FundingVoided', 'DepositRefunded']);
    });

    it('when extras change the total, then the deposit is refunded as the funding was voided', () => {
      expect(last[2]).toMatchObject({ data: { reason: 'funding_voided' } });
    });

    it('when extras change the total, then funding is due again', () => {
      expect(currentStep(state)).toBe('funding');
    });
  });

  describe('given a checkout in flight', () => {
    const { state, last } = when(given(...AT_PAYMENT, PAY), { type: 'ReopenStep', step: 'insurance' });

    it('when the buyer goes back, then the checkout is voided first', () => {
      expect(last).toEqual([
        { type: 'AdvancePaymentVoided', data: { paymentId: 'pay-1', reason: 'buyer_went_back' } },
        { type: 'StepReopened', data: { step: 'insurance' } },
      ]);
    });

    it('when the buyer goes back, then the step reopened shows', () => {
      expect(currentStep(state)).toBe('insurance');
    });

    describe('and the buyer comes back to the checkout unchanged', () => {
      const back = run([{ type: 'ChooseInsurance', offerId: null }, CASH], state, 61).state;
      const late = when(back, paid('pay-1'), 70);

      it('when the voided checkout is paid after all, then its money goes back at once', () => {
        expect(late.last).toEqual([
          { type: 'PaymentSucceeded', data: { paymentId: 'pay-1', amount: eur(500_00) } },
          {
            type: 'DepositRefunded',
            data: { paymentId: 'pay-1', amount: eur(500_00), reason: 'payment_voided' },
          },
        ]);
      });

      it('when the voided checkout is paid after all, then the buyer pays the advance anew', () => {
        expect(allowedCommands(late.state)).toContain('RequestAdvancePayment');
      });
    });
  });
});

describe('purchase: hold, cancellation and finished purchases', () => {
  describe('given a hold until minute 120', () => {
    const s = given(...TO_FUNDING);
    const lose = { type: 'LoseHold', holdId: 'hold-1', reason: 'expired' } as const;
    const lost = run([[lose, { at: minutes(120) }]], s);

    it('when its timer fires early, then nothing happens', () => {
      expect(run([[lose, { at: minutes(119) }]], s).last).toEqual([]);
    });

    it('when the timer of another hold fires, then nothing happens', () => {
      expect(run([[{ ...lose, holdId: 'hold-0' }, { at: minutes(200) }]], s).last).toEqual([]);
    });

    it('when its timer fires at its end, then HoldLost', () => {
      expect(lost.last).toEqual([{ type: 'HoldLost', data: { holdId: 'hold-1', reason: 'expired' } }]);
    });

    it('when its timer fires at its end, then the car is not available', () => {
      expect(purchaseStatus(lost.state)).toBe('car-not-available');
    });
  });

  describe('given cash chosen, the hold ended but its timer not fired', () => {
    it('when the buyer asks anything, then the hold is lost', () => {
      expect(run([[PAY, { at: minutes(121) }]], given(...AT_PAYMENT)).last).toEqual([
        { type: 'HoldLost', data: { holdId: 'hold-1', reason: 'expired' } },
      ]);
    });
  });

  describe('given a checkout in flight', () => {
    it('when the car is withdrawn, then the checkout is voided and the car is not available', () => {
      const s = given(...AT_PAYMENT, PAY);
      expect(types(when(s, { type: 'LoseHold', holdId: 'hold-1', reason: 'car_withdrawn' }).last)).toEqual([
        'AdvancePaymentVoided',
        'HoldLost',
      ]);
    });
  });

  describe('given a by-passed finance and its deposit paid', () => {
    const { state, last } = when(BYPASSED_PAID, {
      type: 'CancelPurchase',
      by: 'staff',
      reason: 'buyer called',
    });

    it('when staff cancel, then the deposit is refunded first', () => {
      expect(last).toEqual([
        {
          type: 'DepositRefunded',
          data: {
            paymentId: 'pay-1',
            amount: eur(500_00),
            reason: 'purchase_cancelled',
          },
        },
        { type: 'PurchaseCancelled', data: { by: 'staff', reason: 'buyer called' } },
      ]);
    });

    it('when staff cancel, then the purchase is cancelled', () => {
      expect(purchaseStatus(state)).toBe('cancelled');
    });

    it('when staff cancel and the buyer cancels again, then nothing happens', () => {
      expect(when(state, { type: 'CancelPurchase', by: 'buyer', reason: 'again' }).last).toEqual([]);
    });
  });

  describe('given a finished purchase (confirmed)', () => {
    const s = given(...AT_PAYMENT, PAY, paid('pay-1'));

    it('then only the handover is allowed', () => {
      expect(allowedCommands(s)).toEqual(['RecordHandover']);
    });

    it('when a step is sent, then it is refused: only the handover is allowed', () => {
      const error = refused(s, { type: 'ChooseDelivery', mode: 'home' }) as IllegalStateError;
      expect(error.details?.allowed).toEqual(['RecordHandover']);
    });

    it('when its hold timer fires late, then nothing happens', () => {
      expect(when(s, { type: 'LoseHold', holdId: 'hold-1', reason: 'expired' }, 500).last).toEqual([]);
    });

    it('when a late webhook reports a failure, then nothing happens', () => {
      expect(when(s, failed('pay-1')).last).toEqual([]);
    });
  });

  describe('given a purchase cancelled with a checkout in flight', () => {
    it('when that payment succeeds, then it is refused (the engine refunds it)', () => {
      const s = given(...AT_PAYMENT, PAY, { type: 'CancelPurchase', by: 'buyer', reason: 'changed my mind' });
      expect(refused(s, paid('pay-1'))).toBeInstanceOf(IllegalStateError);
    });
  });
});
