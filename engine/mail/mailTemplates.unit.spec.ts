/** The mail templates: every template in every locale, placeholders filled, amounts and HTML safe. */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../domain/markets.ts';
import { MAIL_TEMPLATES, type MailTemplate } from './mailOutbox.ts';
import { renderMail } from './mailTemplates.ts';

const PARAMS: Record<MailTemplate, Record<string, unknown>> = {
  purchase_confirmed: {
    purchaseId: 'p1',
    carId: '7',
    carLabel: 'Renault <Clio>',
    funding: 'finance',
    totalDue: { amount: 1_999_950, currency: 'EUR' },
    advancePaid: { amount: 50_000, currency: 'EUR' },
    balanceAtDelivery: { amount: 1_949_950, currency: 'EUR' },
  },
  booking_confirmed: {
    bookingId: 'b1',
    carId: '7',
    carLabel: 'Renault Clio',
    heldUntil: '2031-03-03T10:00:00.000Z',
    deposit: { amount: 20_000, currency: 'EUR' },
  },
  staff_invitation: { expiresAt: '2031-03-08T10:00:00.000Z' },
  lead_confirmation: {
    leadId: 'lead_1',
    kind: 'car',
    carLabel: 'Renault Clio',
    dealerId: '11',
    dealerName: 'Garage Lyon',
  },
  lead_notification: { leadId: 'lead_1', kind: 'finance', carLabel: null, carId: null },
};

describe('mail templates', () => {
  describe.each(LOCALES)('given the %s locale', (locale) => {
    it.each(MAIL_TEMPLATES)('when %s is rendered, then every placeholder is filled', (template) => {
      const mail = renderMail(
        { template, locale, params: PARAMS[template] },
        { name: 'Ana', link: 'https://cars.example.test/x?token=abc' },
      );
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/\{\w+\}/);
      expect(mail.text).toContain('Ana');
      expect(mail.html).not.toContain('<Clio>');
    });
  });

  it('given a Polish purchase in złoty, then amounts are written as Poland writes them', () => {
    const { text } = renderMail(
      {
        template: 'purchase_confirmed',
        locale: 'pl',
        params: { ...PARAMS.purchase_confirmed, totalDue: { amount: 12_345_600, currency: 'PLN' } },
      },
      { name: 'Ana' },
    );
    const total = new Intl.NumberFormat('pl-PL', { style: 'currency', currency: 'PLN' }).format(123_456);
    expect(text).toContain(`Razem: ${total}`);
  });

  it('given a booking held until a UTC time, then the buyer reads it in the market’s time zone', () => {
    const { text } = renderMail(
      { template: 'booking_confirmed', locale: 'pt', params: PARAMS.booking_confirmed },
      { name: 'Ana' },
    );
    expect(text).toContain('10:00'); // Lisbon is UTC in March
    const { text: de } = renderMail(
      { template: 'booking_confirmed', locale: 'de', params: PARAMS.booking_confirmed },
      { name: 'Ana' },
    );
    expect(de).toContain('11:00'); // Berlin is UTC+1
  });

  it('given an invitation without its link, then rendering refuses (it is never sent without)', () => {
    expect(() =>
      renderMail(
        { template: 'staff_invitation', locale: 'fr', params: PARAMS.staff_invitation },
        { name: 'Jo' },
      ),
    ).toThrow(/no link/);
  });
});
