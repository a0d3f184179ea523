import { describe, expect, it } from 'vitest';
import { appointmentSearch } from './appointmentsApi.ts';

describe('the appointments page’s search', () => {
  it('keeps a day and a dealer, whether the router read the dealer as text or as a number', () => {
    expect(appointmentSearch.parse({ day: '2026-03-10', dealer: 1035 })).toEqual({
      day: '2026-03-10',
      dealer: '1035',
    });
    expect(appointmentSearch.parse({ day: '2026-03-10', dealer: '42' })).toEqual({
      day: '2026-03-10',
      dealer: '42',
    });
  });
  it('drops what is not a day or a dealer', () => {
    expect(appointmentSearch.parse({ day: 'tomorrow', dealer: 'x' })).toEqual({});
  });
});
