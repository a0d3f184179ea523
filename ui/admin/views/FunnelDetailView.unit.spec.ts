import { describe, expect, it } from 'vitest';
import type { FunnelState, TimelineEntry } from '../adminApi.ts';
import { createAdminTranslator } from '../adminTranslator.ts';
import { frAdmin } from '../messages/fr.ts';
import { stateFields, whoText } from './FunnelDetailView.tsx';

const t = createAdminTranslator('fr', frAdmin);
const nbsp = (text: string | undefined) => text?.replace(/\s/g, ' ');

describe('the purchase detail', () => {
  describe('given a state', () => {
    const state = {
      event: { revision: 1, type: 'X', at: '2026-12-01T10:00:00.000Z' },
      allowedCommands: [],
      machine: { value: 'open', context: {} },
      status: 'in-progress',
      holdUntil: '2026-12-01T12:00:00.000Z',
      reopenableSteps: ['my-account'],
      deposit: { amount: 50_000, currency: 'EUR' },
      amounts: { currency: 'PLN', carPrice: 2_630_000, total: 0 },
      customerId: null,
    } as unknown as FunnelState;
    const fields = stateFields(state, t);

    it('then amounts show in their currency, a set of amounts in the currency beside them', () => {
      expect(nbsp(fields.get('deposit'))).toBe('500 €');
      expect(nbsp(fields.get('amounts.carPrice'))).toBe('26 300 PLN');
      expect(fields.get('amounts.currency')).toBe('PLN');
    });

    it('then moments show in the locale, other values as stored, nothing as a dash', () => {
      expect(fields.get('holdUntil')).toBe(t.moment('2026-12-01T12:00:00.000Z'));
      expect(fields.get('status')).toBe('in-progress');
      expect(fields.get('reopenableSteps')).toBe('["my-account"]');
      expect(fields.get('customerId')).toBe('—');
      expect(fields.has('event')).toBe(false);
    });
  });

  describe('given timeline entries', () => {
    const entry = (actor: TimelineEntry['actor'], actorName: string | null): TimelineEntry => ({
      revision: 0,
      type: 'X',
      at: '2026-12-01T10:00:00.000Z',
      who: 'raw',
      actor,
      actorName,
      data: {},
      after: { step: null, status: 'x' },
    });

    it('then staff show by name and role, buyers by name, visitors and the system as such', () => {
      expect(whoText(entry({ kind: 'staff', staffId: 's1', role: 'sales' }, 'Ana Lopes'), t)).toBe(
        'Ana Lopes (équipe, ventes)',
      );
      expect(whoText(entry({ kind: 'buyer', customerId: 'cus_1' }, 'Léa Roux'), t)).toBe('Léa Roux (client)');
      expect(whoText(entry({ kind: 'buyer', visitorId: 'v1' }, null), t)).toBe('Visiteur');
      expect(whoText(entry({ kind: 'system', name: 'hold-expiry' }, null), t)).toBe('Système : hold-expiry');
      expect(whoText(entry(null, null), t)).toBe('raw');
    });
  });
});
