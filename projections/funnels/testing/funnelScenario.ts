/**
 * One shared set of histories for the funnel read-model and staff API tests, decided by the domain's
 * deciders over two days: four purchases (confirmed cash; finance declined then back at funding; car not
 * available; a signed-out buyer who signed in), four bookings (free and confirmed; deposit paid; cancelled
 * by staff; the limit page) and three cars' holds (transferred then sold; expired; extended).
 */
import { bookingHoldTimes, bookingTerms } from '../../../domain/booking/bookingPolicy.ts';
import type { Actor } from '../../../domain/funnel/actor.ts';
import {
  CASH,
  PAY,
  paid,
  START_SIGNED_IN,
  TO_FUNDING,
} from '../../../domain/purchase/testing/purchaseTestKit.ts';
import type { EventStore } from '../../../engine/eventStore.ts';
import {
  appendCar,
  appendFunnel,
  bookingHistory,
  carHistory,
  minutesAfter,
  purchaseHistory,
  startBooking,
} from './funnelHistories.ts';

export const DAY1 = '2026-12-01T09:00:00.000Z';
export const DAY2 = '2026-12-02T15:00:00.000Z';
/** Day 2, early: purchase 1002's finance answer (within its two-hour hold). */
export const MIDNIGHT = '2026-12-02T00:30:00.000Z';
export const STAFF: Actor = { kind: 'staff', staffId: 'st_7', role: 'sales' };

/** The customers of the histories (ids in the vault's format, `cus_` + 32 hex digits). */
export const CUSTOMERS = {
  anna: `cus_${'a'.repeat(32)}`,
  ben: `cus_${'b'.repeat(32)}`,
  carla: `cus_${'c'.repeat(32)}`,
} as const;

const signedIn = (customerId: string, locale: 'fr' | 'de' | 'pl' = 'fr', carId = '42') => ({
  ...START_SIGNED_IN,
  customerId,
  locale,
  carId,
});
const fundingFor = (customerId: string, locale: 'fr' | 'de' | 'pl' = 'fr') => [
  signedIn(customerId, locale),
  ...TO_FUNDING.slice(1).map((c) =>
    c.type === 'SubmitInfos' ? { ...c, country: locale.toUpperCase() as 'FR' } : c,
  ),
];

export function scenario() {
  const purchases = {
    // Confirmed: cash, paid on day 1.
    '1001': purchaseHistory([...fundingFor(CUSTOMERS.anna), CASH, PAY, paid('pay-1')], {
      purchaseId: '1001',
      start: DAY1,
    }),
    // Finance applied late on day 1, declined just after midnight: back at funding (cash only now).
    '1002': purchaseHistory(
      [
        ...fundingFor(CUSTOMERS.ben),
        { type: 'ChooseFunding', mode: 'finance', durationMonths: 48, downPayment: 2_000_00 },
        [{ type: 'ApplyForFinance' }, { financeApplication: { applicationId: 'app-1002' } }],
        [
          { type: 'RecordFinanceDecision', applicationId: 'app-1002', decision: 'declined' },
          { at: MIDNIGHT },
        ],
      ],
      { purchaseId: '1002', start: '2026-12-01T23:00:00.000Z' },
    ),
    // The car could not be held: car not available at once (day 2).
    '1003': purchaseHistory([[signedIn(CUSTOMERS.carla, 'de'), { hold: null }]], {
      purchaseId: '1003',
      start: DAY2,
    }),
    // Signed out at the start (pl), then signed in: on my-infos (day 2).
    '1004': purchaseHistory(
      [
        { ...START_SIGNED_IN, customerId: null, locale: 'pl' },
        { type: 'PassAccountStep', termsAccepted: true, marketingOptIn: false },
        [{ type: 'CheckAccountEmail' }, { accountExists: true }],
        { type: 'RecordSignIn', customerId: CUSTOMERS.carla, method: 'password' },
      ],
      { purchaseId: '1004', start: DAY2 },
    ),
  };
  const contact = (customerId: string) =>
    [{ type: 'ConfirmContact', customerId, method: 'signed_in' }] as const;
  const hold = (bookingId: string, locale: 'fr' | 'pl', at: string) =>
    [
      { type: 'PlaceHold' },
      {
        slot: { taken: true },
        hold: {
          held: true,
          holdId: `booking-${bookingId}`,
          until: bookingHoldTimes(bookingTerms(locale), at).until,
        },
      },
    ] as const;
  const bookings = {
    '501': bookingHistory(
      [startBooking('501', 'fr'), contact(CUSTOMERS.anna), hold('501', 'fr', minutesAfter(DAY1, 2))],
      {
        start: DAY1,
      },
    ),
    '502': bookingHistory(
      [
        startBooking('502', 'pl', '103'),
        contact(CUSTOMERS.ben),
        hold('502', 'pl', minutesAfter(DAY1, 12)),
        [
          { type: 'RequestDepositPayment' },
          { payment: { paymentId: 'dep-1', amount: bookingTerms('pl').deposit! } },
        ],
        [{ type: 'RecordDepositPayment', paymentId: 'dep-1', result: 'succeeded' }],
      ],
      { start: minutesAfter(DAY1, 10) },
    ),
    // Cancelled by staff at the customer's request, an hour after it was booked.
    '503': bookingHistory(
      [
        startBooking('503', 'fr', '104'),
        contact(CUSTOMERS.carla),
        hold('503', 'fr', minutesAfter(DAY2, 2)),
        [
          { type: 'CancelBooking', by: 'staff', reason: 'customer_request' },
          {},
          minutesAfter(DAY2, 60),
          STAFF,
        ],
      ],
      { start: DAY2 },
    ),
    '504': bookingHistory(
      [
        startBooking('504', 'fr', '105'),
        contact(CUSTOMERS.anna),
        [{ type: 'PlaceHold' }, { slot: { taken: false, limit: 2, activeBookingIds: ['501', '9'] } }],
      ],
      { start: DAY2 },
    ),
  };
  const cars = {
    // Booked by anna, bought by her: the hold passes to purchase 1001, which buys the car.
    '101': carHistory('101', [
      {
        type: 'HoldCar',
        carId: '101',
        holdId: 'booking-501',
        holder: { funnel: 'booking', id: '501' },
        customerId: CUSTOMERS.anna,
        until: minutesAfter(DAY1, 48 * 60),
        at: DAY1,
      },
      {
        type: 'TransferHold',
        carId: '101',
        holdId: 'booking-501',
        toHoldId: 'purchase-1001',
        holder: { funnel: 'purchase', id: '1001' },
        customerId: CUSTOMERS.anna,
        until: minutesAfter(DAY1, 180),
        at: minutesAfter(DAY1, 30),
      },
      {
        type: 'SellCar',
        carId: '101',
        holdId: 'purchase-1001',
        purchaseId: '1001',
        price: { amount: 20_000_00, currency: 'EUR' },
        at: minutesAfter(DAY1, 60),
      },
    ]),
    // Held by purchase 1002, expired by its timer.
    '102': carHistory('102', [
      {
        type: 'HoldCar',
        carId: '102',
        holdId: 'purchase-1002',
        holder: { funnel: 'purchase', id: '1002' },
        until: minutesAfter(DAY1, 120),
        at: DAY1,
      },
      { type: 'ExpireHold', carId: '102', holdId: 'purchase-1002', at: minutesAfter(DAY1, 121) },
    ]),
    // Held by booking 502 for its payment window, then extended once the deposit was paid.
    '103': carHistory('103', [
      {
        type: 'HoldCar',
        carId: '103',
        holdId: 'booking-502',
        holder: { funnel: 'booking', id: '502' },
        customerId: CUSTOMERS.ben,
        until: minutesAfter(DAY1, 40),
        at: minutesAfter(DAY1, 12),
      },
      {
        type: 'ExtendHold',
        carId: '103',
        holdId: 'booking-502',
        until: minutesAfter(DAY1, 40 + 72 * 60),
        at: minutesAfter(DAY1, 14),
      },
    ]),
  };
  return { purchases, bookings, cars };
}

export type Scenario = ReturnType<typeof scenario>;

/** Appends the whole scenario: funnels one event at a time, as their handlers would. */
export async function appendScenario(store: EventStore, s: Scenario = scenario()): Promise<Scenario> {
  for (const [id, history] of Object.entries(s.purchases))
    await appendFunnel(store, 'purchase', id, history.events);
  for (const [id, history] of Object.entries(s.bookings))
    await appendFunnel(store, 'booking', id, history.events);
  for (const [id, events] of Object.entries(s.cars)) await appendCar(store, id, events);
  return s;
}
