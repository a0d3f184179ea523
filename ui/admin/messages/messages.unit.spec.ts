/**
 * Every locale's back-office words are complete (every key of the French reference, the staff actions'
 * words of messages/actions/ included, none empty, the same parameters), every status and step the lists filter on has a label, and a translator fills
 * parameters and writes money in the amount's currency.
 */
import { describe, expect, it } from 'vitest';
import { CANCEL_REASONS } from '../../../domain/booking/events.ts';
import { LOCALES } from '../../../domain/markets.ts';
import { PURCHASE_STATUSES } from '../../../domain/purchase/purchaseStatus.ts';
import { PURCHASE_STEPS } from '../../../domain/routes/index.ts';
import { STAFF_ROLES } from '../../../domain/staff/staffRoles.ts';
import { COMMAND_PATHS } from '../adminApi.ts';
import { createAdminTranslator } from '../adminTranslator.ts';
import { BOOKING_STATUS_VALUES } from '../listSearch.ts';
import { loadAdminMessages } from './index.ts';

const leaves = (tree: unknown, prefix = ''): [string, string][] =>
  Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
  );
const params = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('the back office dictionaries', () => {
  it.each(LOCALES)(
    '%s has every key of the reference, none empty, with the same parameters',
    async (locale) => {
      const reference = new Map(leaves(await loadAdminMessages('fr')));
      const own = new Map(leaves(await loadAdminMessages(locale)));
      expect([...own.keys()].sort()).toEqual([...reference.keys()].sort());
      for (const [key, text] of reference) {
        expect(own.get(key)!.trim(), `${locale}: ${key}`).not.toBe('');
        expect(params(own.get(key)!), `${locale}: ${key}`).toEqual(params(text));
      }
    },
  );

  it('labels every status, step and role', async () => {
    const fr = await loadAdminMessages('fr');
    expect(Object.keys(fr.purchaseStatus).sort()).toEqual([...PURCHASE_STATUSES].sort());
    expect(Object.keys(fr.bookingStatus).sort()).toEqual([...BOOKING_STATUS_VALUES].sort());
    expect(Object.keys(fr.step).sort()).toEqual([...PURCHASE_STEPS].sort());
    expect(Object.keys(fr.role).sort()).toEqual([...STAFF_ROLES].sort());
  });

  it.each(LOCALES)(
    '%s names every staff action, its outcome and each booking cancel code',
    async (locale) => {
      const { actions } = await loadAdminMessages(locale);
      const commands = Object.keys(COMMAND_PATHS).sort();
      expect(Object.keys(actions.command).sort()).toEqual(commands);
      expect(Object.keys(actions.done).sort()).toEqual(commands);
      expect(Object.keys(actions.cancelCode).sort()).toEqual([...CANCEL_REASONS].sort());
      const t = createAdminTranslator(locale, await loadAdminMessages(locale));
      expect(t.t('actions.timelineReason', { reason: 'the buyer called' })).toContain('the buyer called');
      expect(t.t('actions.conflict', { allowed: 'X' })).toContain('X');
    },
  );

  it('fills parameters and writes amounts in their currency, in the staff member’s locale', async () => {
    const de = createAdminTranslator('de', await loadAdminMessages('de'));
    expect(de.t('purchases.detail', { id: 42 })).toBe('Kauf Nr. 42');
    expect(de.money(1_234_500, 'PLN')).toBe('12.345\u00a0PLN');
    expect(de.moment('2026-03-14T13:02:00Z')).toBe('14.03.2026, 14:02');
    const fr = createAdminTranslator('fr', await loadAdminMessages('fr'));
    expect(fr.money(1_234_550, 'EUR')).toBe('12\u202f345,50\u00a0€');
  });
});
