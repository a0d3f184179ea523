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
  appointment_confirmed: {
    appointmentId: 'ap-42-20310310-abcdef0123456789',
    dealerId: '42',
    dealerSlug: 'paris/garage-du-nord',
    dealerName: 'Garage <du> Nord',
    dealerAddress: '1 rue du Nord, 75010 Paris',
    purpose: 'trade-in-inspection',
    start: '2031-03-10T09:00:00.000Z',
    end: '2031-03-10T09:30:00.000Z',
  },
  appointment_cancelled: {
    appointmentId: 'ap-42-20310310-abcdef0123456789',
    dealerId: '42',
    dealerSlug: 'paris/garage-du-nord',
    dealerName: 'Garage Nord',
    dealerAddress: '1 rue du Nord; 75010 Paris',
    purpose: 'after-sales',
    start: '2031-03-10T09:00:00.000Z',
    end: '2031-03-10T09:30:00.000Z',
  },
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

  it('given an appointment, then the mail carries its .ics in UTC with the link, and a cancel cancels the same UID', () => {
    const confirmed = renderMail(
      { template: 'appointment_confirmed', locale: 'fr', params: PARAMS.appointment_confirmed },
      {
        name: 'Ana',
        link: 'https://cars.example.test/fr/rendez-vous/x-42/confirmation?token=t',
        host: 'cars.example.test',
        now: '2031-03-01T08:00:00.000Z',
      },
    );
    expect(confirmed.text).toContain('10:00'); // Paris is UTC+1 in March
    expect(confirmed.text).toContain('?token=t');
    const [ics] = confirmed.attachments ?? [];
    expect(ics?.filename).toBe('rendez-vous.ics');
    expect(ics?.contentType).toMatch(/^text\/calendar/);
    expect(ics?.content).toContain('DTSTART:20310310T090000Z\r\nDTEND:20310310T093000Z');
    expect(ics?.content).toContain('UID:ap-42-20310310-abcdef0123456789@cars.example.test');
    expect(ics?.content).toContain('METHOD:PUBLISH');
    const cancelled = renderMail(
      { template: 'appointment_cancelled', locale: 'de', params: PARAMS.appointment_cancelled },
      { name: 'Ana', host: 'cars.example.test' },
    );
    const [cancel] = cancelled.attachments ?? [];
    expect(cancel?.content).toContain('METHOD:CANCEL');
    expect(cancel?.content).toContain('STATUS:CANCELLED');
    expect(cancel?.content).toContain('UID:ap-42-20310310-abcdef0123456789@cars.example.test');
    expect(cancel?.content).toContain('LOCATION:Garage Nord\\, 1 rue du Nord\\; 75010 Paris');
    expect(cancelled.subject).toBe('Ihr Termin bei Garage Nord wurde storniert');
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
