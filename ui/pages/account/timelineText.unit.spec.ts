/** Every purchase and booking event type has its words in the nine languages, parameters filled. */
import { describe, expect, it } from 'vitest';
import { BOOKING_TIMELINE_TYPES, type BuyerTimelineItem } from '../../../domain/funnel/buyerTimeline.ts';
import { LOCALES } from '../../../domain/markets.ts';
import { PURCHASE_EVENT_TYPES } from '../../../domain/purchase/events.ts';
import { loadAccountMessages } from './messages/index.ts';
import { timelineText } from './timelineText.ts';

const AT = '2026-03-14T13:02:00.000Z';
const facts = { at: AT, amount: { amount: 56_300, currency: 'EUR' as const }, until: AT };
// Each event with each of the words its label picks by.
const DETAILS = [
  null,
  'home',
  'pickup',
  'finance',
  'cash',
  'none',
  'known',
  'new',
  'accepted',
  'declined',
  'by-pass',
  'staff',
  'buyer',
  'delivery',
  '3',
];

describe('timeline words', () => {
  it('given every event type of both funnels, then each locale has words with no parameter left unfilled', async () => {
    const items: BuyerTimelineItem[] = [
      ...PURCHASE_EVENT_TYPES.flatMap((type) =>
        DETAILS.map((detail): BuyerTimelineItem => ({ funnel: 'purchase', type, ...facts, detail })),
      ),
      ...BOOKING_TIMELINE_TYPES.flatMap((type) =>
        DETAILS.map((detail): BuyerTimelineItem => ({ funnel: 'booking', type, ...facts, detail })),
      ),
    ];
    expect(PURCHASE_EVENT_TYPES.length + BOOKING_TIMELINE_TYPES.length).toBe(27 + 14);
    for (const locale of LOCALES) {
      const m = await loadAccountMessages(locale);
      for (const item of items) {
        const text = timelineText(item, m, locale);
        expect(text.trim().length, `${locale} ${item.type}`).toBeGreaterThan(3);
        expect(text, `${locale} ${item.type}`).not.toMatch(/\{\{|\}\}|undefined/);
      }
    }
  });

  it('given a home delivery in France, then it reads with its price; a reopened step with its name', async () => {
    const fr = await loadAccountMessages('fr');
    const delivery = { funnel: 'purchase', type: 'DeliveryChosen', ...facts, detail: 'home' } as const;
    expect(timelineText(delivery, fr, 'fr').replace(/\s/g, ' ')).toBe('Livraison à domicile choisie (563 €)');
    const back = { funnel: 'purchase', type: 'StepReopened', ...facts, detail: 'delivery' } as const;
    expect(timelineText(back, fr, 'fr')).toBe('Retour à l’étape « Livraison »');
    const pl = await loadAccountMessages('pl');
    const zloty = { ...delivery, amount: { amount: 56_300, currency: 'PLN' as const } };
    expect(timelineText(zloty, pl, 'pl')).toMatch(/563\s?zł/);
  });
});
