import { describe, expect, it } from 'vitest';
import { LOCALES } from '../markets.ts';
import { paymentDescription } from './paymentDescription.ts';

describe('payment descriptions', () => {
  it('given each locale, then the advance and the deposit are labelled in its language, with the funnel id', () => {
    for (const locale of LOCALES) {
      const advance = paymentDescription('advance', locale, '1042');
      const deposit = paymentDescription('deposit', locale, '77');
      expect(advance).toContain('1042');
      expect(deposit).toContain('77');
      expect(advance).not.toBe(deposit.replace('77', '1042'));
    }
    expect(paymentDescription('advance', 'fr', '1')).toBe('Acompte, achat n° 1');
    expect(paymentDescription('deposit', 'de', '2')).toBe('Reservierungskaution, Reservierung Nr. 2');
    expect(paymentDescription('advance', 'pl', '3')).toBe('Zaliczka, zakup nr 3');
  });
});
