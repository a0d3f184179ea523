/**
 * Dealer appointments over HTTP on a real database: the page and its form without JavaScript (303 to the
 * confirmation; 400 with the messages by field in the buyer's language; a full slot → 409 with the next
 * free slots), the same as JSON, moving and cancelling (the mail's token, the account), the storefront
 * calls, and the confirmation mail in the outbox with its calendar invitation.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotTimes } from '../../domain/appointment/slots.ts';
import type { Dealer } from '../../domain/catalogue/dealer.ts';
import { generateUrl } from '../../domain/routes/index.ts';
import {
  type AppointmentService,
  createAppointmentService,
} from '../../engine/appointments/appointmentService.ts';
import { allEventsVisible } from '../../engine/catalogue/allEventsVisible.ts';
import { createMailOutbox } from '../../engine/mail/mailOutbox.ts';
import { createMailSecrets } from '../../engine/mail/mailSecrets.ts';
import type { OutgoingMail } from '../../engine/mail/mailTransport.ts';
import { createMailWorker } from '../../engine/mail/mailWorker.ts';
import {
  appointmentQueries,
  appointmentsProjection,
} from '../../projections/appointments/appointmentsProjection.ts';
import { flattenDealer } from '../../projections/catalogue/catalogueQueries.ts';
import { createProjectionRunner, type ProjectionRunner } from '../../projections/createProjectionRunner.ts';
import { createMailReactor } from '../../projections/mail/mailReactor.ts';
import { deAppointment } from '../../ui/pages/appointment/messages/de.ts';
import { frAppointment } from '../../ui/pages/appointment/messages/fr.ts';
import { forms, formWith, hidden, pageOf, seeOther, submit } from '../testing/formPages.ts';
import { type FunnelTestApp, openFunnelTestApp } from '../testing/funnelTestApp.ts';

const TUESDAY = '2026-03-10'; // the harness's clock is Monday 2026-03-02 10:00 in Paris

/** React's escaping of the text, as it appears in the markup. */
const asHtml = (text: string) => text.replaceAll('’', '’').replaceAll("'", '&#x27;');

describe('dealer appointments over HTTP', () => {
  let t: FunnelTestApp;
  let service: AppointmentService;
  let runner: ProjectionRunner;
  let fr: Dealer;
  let de: Dealer;
  let times: string[];
  let deTimes: string[];
  const caughtUp = async () => {
    await allEventsVisible(t.h.db.knex, t.h.db.schema);
    await runner.caughtUp();
  };

  beforeAll(async () => {
    t = await openFunnelTestApp({
      account: true,
      staff: true,
      appointmentsAdmin: (h) => ({
        appointments: service,
        queries: appointmentQueries({ knex: h.db.knex, schema: h.db.schema }),
        vault: h.vault,
        caughtUp,
      }),
      appointments: (h) => {
        service = createAppointmentService({
          store: h.store,
          vault: h.vault,
          linkKey: Buffer.alloc(32, 5),
          newContactId: () => `apc_${randomBytes(16).toString('hex')}`,
          clock: h.now,
        });
        const byCountry = async (country: string) => {
          const ids = [...new Set(h.cars[country as 'FR'].map((c) => c.dealerId))];
          const locale = country === 'FR' ? 'fr' : 'de';
          const found = await Promise.all(ids.map((id) => service.dealer(id, locale)));
          return found.filter((d): d is Dealer => d !== undefined).map(flattenDealer);
        };
        return {
          appointments: service,
          dealers: { dealers: byCountry },
          accounts: h.accounts,
          queries: appointmentQueries({ knex: h.db.knex, schema: h.db.schema }),
          caughtUp,
          clock: h.now,
        };
      },
    });
    runner = createProjectionRunner({
      knex: t.h.db.knex,
      store: t.h.store,
      schema: t.h.db.schema,
      projections: [
        appointmentsProjection,
        createMailReactor({ store: t.h.store, schema: t.h.db.schema, clock: t.h.now }),
      ],
    });
    await runner.start();
    const pick = async (country: 'FR' | 'DE', locale: 'fr' | 'de') => {
      for (const id of new Set(t.h.cars[country].map((c) => c.dealerId))) {
        const dealer = await service.dealer(id, locale);
        if (dealer && slotTimes(dealer.openingHours, TUESDAY).length >= 8) return dealer;
      }
      throw new Error(`no ${country} dealer open on ${TUESDAY}`);
    };
    fr = await pick('FR', 'fr');
    de = await pick('DE', 'de');
    times = slotTimes(fr.openingHours, TUESDAY);
    deTimes = slotTimes(de.openingHours, TUESDAY);
  }, 240_000);
  afterAll(async () => {
    await runner?.stop();
    await t?.close();
  });

  const page = (dealer: Dealer, locale = 'fr', query = '') =>
    `${generateUrl(`dealer_appointment.${locale}`, { slug: dealer.slug, idApi: dealer.dealerId })}${query}`;
  const contact = {
    firstName: 'Camille',
    lastName: 'Martin',
    email: 'camille@example.test',
    phone: '06 12 34 56 78',
  };

  it('given a dealer, a browser gets the form (purpose, week of slots, contact) and a JSON client its data', async () => {
    const b = t.browser();
    const html = (await pageOf(b, page(fr, 'fr', `?purpose=after-sales&from=${TUESDAY}`))).body;
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(hidden(html, '_csrf')).toMatch(/.{16,}/);
    expect(html).toContain(`value="${TUESDAY}T${times[0]}"`);
    expect(html).toContain(frAppointment.purposes['after-sales']);
    const json = (await b.get(page(fr, 'fr', `?purpose=after-sales&from=${TUESDAY}`))).json();
    expect(json.dealer.dealerId).toBe(fr.dealerId);
    expect(json.purpose).toBe('after-sales');
    expect(json.slots.days).toHaveLength(7);
    // Without a dealer: the market's dealers, the purpose kept in their links.
    const all = (
      await b.get(`${generateUrl('dealer_appointment.fr')}?purpose=trade-in-inspection&valuation=val_42`)
    ).json();
    expect(all.dealer).toBeNull();
    expect(all.dealers.length).toBeGreaterThan(0);
    const list = (
      await pageOf(b, `${generateUrl('dealer_appointment.fr')}?purpose=trade-in-inspection&valuation=val_42`)
    ).body;
    expect(list).toContain('purpose=trade-in-inspection&amp;valuation=val_42');
  });

  it('given a visitor without JavaScript, when they book, then 303 to the confirmation, which shows the appointment; the mail waits in the outbox with its .ics', async () => {
    const b = t.browser();
    const url = page(fr, 'fr', '?purpose=trade-in-inspection&valuation=val_77');
    const html = (await pageOf(b, url)).body;
    const action = formWith(html, 'name="firstName"')!;
    const slot = `${TUESDAY}T${times[1]}`;
    const confirmation = seeOther(
      await submit(b, html, action, {
        purpose: 'trade-in-inspection',
        valuation: 'val_77',
        slot,
        ...contact,
      }),
    );
    expect(confirmation).toMatch(/^\/fr\/rendez-vous\/.+\/confirmation\?id=ap-/);
    const shown = (await pageOf(b, confirmation)).body;
    expect(shown).toContain(asHtml(frAppointment.confirmation.title));
    expect(shown).toContain('Camille');
    const id = new URL(confirmation, 'http://x').searchParams.get('id')!;
    const view = await service.get(id);
    expect(view).toMatchObject({
      purpose: 'trade-in-inspection',
      valuationId: 'val_77',
      customerId: null,
      time: times[1],
    });
    // The event keeps ids only.
    const events = await t.h.store.readStream(`dealerDay-${fr.dealerId}-${TUESDAY}`);
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain('Camille');
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain('camille@');
    // Another browser does not see it.
    expect((await pageOf(t.browser(), confirmation)).statusCode).toBe(404);
    await caughtUp();
    const outbox = createMailOutbox({ knex: t.h.db.knex, schema: t.h.db.schema });
    const { mails } = await outbox.list({ limit: 50, offset: 0 });
    const mail = mails.find(
      (m) =>
        m.template === 'appointment_confirmed' &&
        (m.params as { appointmentId?: string }).appointmentId === id,
    );
    expect(mail).toBeDefined();
    expect(mail?.recipient).toEqual({ kind: 'customer', id: view.contactId });
    expect(JSON.stringify(mail?.params)).not.toContain('Camille');
    // Sent: to the address typed, with the manage link and the calendar invitation.
    const sent: OutgoingMail[] = [];
    const worker = createMailWorker({
      knex: t.h.db.knex,
      schema: t.h.db.schema,
      transport: {
        async send(m) {
          sent.push(m);
          return { messageId: m.messageId };
        },
        close: async () => {},
      },
      vault: t.h.vault,
      secrets: createMailSecrets(Buffer.alloc(32, 9)),
      publicUrl: 'https://shop.test',
      from: 'no-reply@shop.test',
      clock: t.h.now,
      appointmentToken: (appointmentId) => service.token(appointmentId),
      batchSize: 50,
    });
    await worker.runOnce();
    const out = sent.find((m) => m.subject.includes(fr.name) && m.text.includes(id));
    expect(out?.to).toBe('camille@example.test');
    expect(out?.text).toContain('Camille');
    const link = /https:\/\/shop\.test\/\S+token=\S+/.exec(out?.text ?? '')?.[0];
    expect(link).toBeDefined();
    expect((await pageOf(t.browser(), link!.replace('https://shop.test', ''))).statusCode).toBe(200);
    const ics = out?.attachments?.find((a) => a.filename.endsWith('.ics'));
    expect(ics?.contentType).toMatch(/^text\/calendar/);
    expect(ics?.content).toContain(`UID:${id}@shop.test`);
    expect(ics?.content).toContain(`DTSTART:${view.start.replace(/[-:]/g, '').replace('.000', '')}`);
  });

  it('given bad fields, then the form again with 400 and the messages by the fields in the buyer’s language, nothing booked', async () => {
    const b = t.browser();
    const html = (await pageOf(b, page(de, 'de'))).body;
    const action = formWith(html, 'name="firstName"')!;
    const refused = await submit(b, html, action, {
      purpose: 'test-drive',
      slot: `${TUESDAY}T${deTimes[0]}`,
      ...contact,
      email: 'not-an-email',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.body).toContain(deAppointment.errors.refused);
    expect(refused.body).toMatch(
      /id="field-email"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="field-email"/,
    );
    expect(refused.body).toContain('value="not-an-email"');
    expect(refused.body).toContain('lang="de');
    const events = await t.h.store.readStream(`dealerDay-${de.dealerId}-${TUESDAY}`).catch(() => []);
    expect(events).toHaveLength(0);
  });

  it('given a slot outside opening hours or in the past, then 400 saying so (JSON: 400 by the slot field)', async () => {
    const b = t.browser();
    const html = (await pageOf(b, page(fr))).body;
    const action = formWith(html, 'name="firstName"')!;
    const outside = await submit(b, html, action, {
      purpose: 'test-drive',
      slot: `${TUESDAY}T03:00`,
      ...contact,
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.body).toContain(asHtml(frAppointment.errors.outside_hours));
    const past = await submit(b, html, action, {
      purpose: 'test-drive',
      slot: `2026-03-02T${times[0]}`,
      ...contact,
    });
    expect(past.statusCode).toBe(400);
    expect(past.body).toContain(asHtml(frAppointment.errors.past));
    const json = await b.post(page(fr), { purpose: 'test-drive', slot: `${TUESDAY}T03:00`, ...contact });
    expect(json.statusCode).toBe(400);
    expect(json.json().fields).toEqual({ slot: ['outside_hours'] });
  });

  it('given a full slot, then the form again (409) with the next free slots; JSON gets 409 with them', async () => {
    const slot = `${TUESDAY}T${times[3]}`;
    const first = await t.browser().post(page(fr), { purpose: 'trade-in-inspection', slot, ...contact });
    expect(first.statusCode, first.body).toBe(201);
    const b = t.browser();
    const html = (await pageOf(b, page(fr, 'fr', `?purpose=trade-in-inspection&from=${TUESDAY}`))).body;
    expect(html).not.toContain(`value="${slot}"`);
    const full = await submit(b, html, formWith(html, 'name="firstName"')!, {
      purpose: 'trade-in-inspection',
      slot,
      ...contact,
    });
    expect(full.statusCode).toBe(409);
    expect(full.body).toContain(asHtml(frAppointment.errors.full));
    expect(full.body).toContain(frAppointment.nextFree);
    expect(full.body).toContain(`value="${TUESDAY}T${times[4]}"`);
    const json = await t.browser().post(page(fr), { purpose: 'trade-in-inspection', slot, ...contact });
    expect(json.statusCode).toBe(409);
    expect(json.json()).toMatchObject({ reason: 'slot_full' });
    expect(json.json().nextFree[0]).toMatchObject({ day: TUESDAY });
  });

  it('given a booked appointment, when the buyer moves it without JavaScript, then the new one is booked and the old one cancelled as moved', async () => {
    const b = t.browser();
    const booked = await b.post(page(fr), {
      purpose: 'after-sales',
      slot: `${TUESDAY}T${times[5]}`,
      ...contact,
    });
    const confirmation = booked.json().links.page as string;
    const html = (await pageOf(b, confirmation)).body;
    const manage = forms(html).find((f) => f.body.includes('value="move"'))!;
    const moved = seeOther(
      await submit(b, html, manage.action, {
        action: 'move',
        appointmentId: hidden(manage.body, 'appointmentId')!,
        slot: `${TUESDAY}T${times[6]}`,
      }),
    );
    const newId = new URL(moved, 'http://x').searchParams.get('id')!;
    const oldId = booked.json().appointment.appointmentId as string;
    expect(newId).not.toBe(oldId);
    expect(await service.get(oldId)).toMatchObject({
      status: 'cancelled',
      cancelCode: 'moved',
      movedTo: newId,
    });
    expect(await service.get(newId)).toMatchObject({ status: 'booked', movedFrom: oldId, time: times[6] });
    expect((await pageOf(b, confirmation)).body).toContain(asHtml(frAppointment.confirmation.movedTitle));
  });

  it('given a move to a full slot, then 409 with the next free slots, and the appointment keeps its slot', async () => {
    const other = await t.browser().post(page(fr), {
      purpose: 'trade-in-inspection',
      slot: `${TUESDAY}T${times[7]}`,
      ...contact,
    });
    expect(other.statusCode, other.body).toBe(201);
    const b = t.browser();
    const mine = await b.post(page(fr), {
      purpose: 'trade-in-inspection',
      slot: `${TUESDAY}T${times[6]}`,
      ...contact,
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const id = mine.json().appointment.appointmentId as string;
    const refused = await b.post(generateUrl('dealer_ajax_form_appointment.fr'), {
      action: 'move',
      appointmentId: id,
      slot: `${TUESDAY}T${times[7]}`,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ reason: 'slot_full' });
    expect(refused.json().nextFree.length).toBeGreaterThan(0);
    expect(await service.get(id)).toMatchObject({ status: 'booked', time: times[6], movedTo: null });
    // The same move again once the slot is free: booked there, the old one cancelled as moved.
    await service.cancel(other.json().appointment.appointmentId, 'customer_request', {
      actor: { kind: 'staff', staffId: 'st_test', role: 'sales' },
      idempotencyKey: 'free-the-slot',
    });
    const moved = await b.post(generateUrl('dealer_ajax_form_appointment.fr'), {
      action: 'move',
      appointmentId: id,
      slot: `${TUESDAY}T${times[7]}`,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().appointment).toMatchObject({ time: times[7], movedFrom: id, status: 'booked' });
  });

  it('given the mail’s signed link, another browser sees the appointment and cancels it; a forged token is 404', async () => {
    const booked = await t
      .browser()
      .post(page(fr), { purpose: 'test-drive', slot: `${TUESDAY}T${times[7]}`, ...contact });
    const id = booked.json().appointment.appointmentId as string;
    const token = service.token(id);
    const url = `${generateUrl('dealer_appointment_confirmation.fr', { slug: fr.slug, idApi: fr.dealerId })}?token=${encodeURIComponent(token)}`;
    const b = t.browser();
    expect((await pageOf(b, `${url}x`)).statusCode).toBe(404);
    const html = (await pageOf(b, url)).body;
    expect(html).toContain('Camille');
    const cancelForm = forms(html).find((f) => f.body.includes('value="cancel"'))!;
    const back = seeOther(
      await submit(b, html, cancelForm.action, {
        action: 'cancel',
        appointmentId: hidden(cancelForm.body, 'appointmentId')!,
        token: hidden(cancelForm.body, 'token')!,
      }),
    );
    expect(back).toContain('token=');
    expect((await service.get(id)).status).toBe('cancelled');
    expect((await pageOf(b, back)).body).toContain(asHtml(frAppointment.confirmation.cancelledTitle));
  });

  it('given a signed-in customer, the form is prefilled, their appointments are listed in the account and cancelled from there', async () => {
    const b = t.browser();
    await b.signUp('appointments-buyer@example.test');
    const json = (await b.get(page(fr))).json();
    expect(json.prefill).toMatchObject({ firstName: 'Camille', email: 'appointments-buyer@example.test' });
    const booked = await b.post(page(fr), {
      purpose: 'test-drive',
      slot: `${TUESDAY}T${times[2]}`,
      ...contact,
      email: 'appointments-buyer@example.test',
    });
    expect(booked.statusCode).toBe(201);
    const id = booked.json().appointment.appointmentId as string;
    // Its contact record is what the customer's erasure erases.
    expect(await service.contactsOf([id])).toEqual([(await service.get(id)).contactId]);
    const mine = (await b.get('/fr/ajax/my-appointments')).json() as {
      appointmentId: string;
      page: string;
    }[];
    expect(mine.map((a) => a.appointmentId)).toContain(id);
    // The account page lists it with its link.
    const account = (await pageOf(b, generateUrl('my_account_dashboard.fr'))).body;
    expect(account).toContain(asHtml(frAppointment.account.title));
    // Its cancel form, without JavaScript: back to the account, the appointment cancelled.
    const cancelForm = forms(account).find((f) => f.body.includes(`value="${id}"`))!;
    const back = seeOther(
      await submit(b, account, cancelForm.action, { action: 'cancel', appointmentId: id }),
    );
    expect(back).toBe(generateUrl('my_account_dashboard.fr'));
    expect((await service.get(id)).status).toBe('cancelled');
    const again = await b.post(generateUrl('dealer_ajax_form_appointment.fr'), {
      action: 'cancel',
      appointmentId: id,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().appointment.status).toBe('cancelled');
    expect((await t.browser().get('/fr/ajax/my-appointments')).statusCode).toBe(401);
  });

  it('widget hourly and prise-rdv-by-brand answer the slots and the brand’s dealers with appointment links', async () => {
    const b = t.browser();
    const slots = (
      await b.get(`/fr/ajax/widget-hourly/${fr.dealerId}?purpose=after-sales&from=${TUESDAY}&days=2`)
    ).json();
    expect(slots.days.map((d: { day: string }) => d.day)).toEqual([TUESDAY, '2026-03-11']);
    expect((await b.get('/fr/ajax/widget-hourly/999999999')).statusCode).toBe(404);
    const brand = fr.brands[0]!;
    const dealers = (await b.get(`/fr/ajax/prise-rdv-by-brand/${brand}`)).json();
    expect(dealers.find((d: { dealerId: string }) => d.dealerId === fr.dealerId)?.url).toBe(page(fr));
  });

  it('given staff, the day’s appointments per dealer with the contact, and a cancel recorded with the staff member and reason', async () => {
    const booked = await t.browser().post(page(fr), {
      purpose: 'after-sales',
      slot: `${TUESDAY}T${times[0]}`,
      ...contact,
      lastName: 'Staffcheck',
    });
    const id = booked.json().appointment.appointmentId as string;
    const account = await t.staffAccounts!.create({
      email: 'sales-appointments@example.test',
      name: 'Sales',
      password: 'a long enough passphrase',
      roles: ['sales'],
    });
    const s = t.browser();
    const signIn = await s.post('/admin/api/session', {
      email: 'sales-appointments@example.test',
      password: 'a long enough passphrase',
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const list = await s.get(`/admin/api/appointments?day=${TUESDAY}&dealer=${fr.dealerId}`);
    expect(list.statusCode, list.body).toBe(200);
    const row = list.json().appointments.find((a: { appointmentId: string }) => a.appointmentId === id);
    expect(row).toMatchObject({
      status: 'booked',
      contact: { name: 'Camille Staffcheck' },
      dealerName: fr.name,
    });
    expect((await s.post(`/admin/api/appointments/${id}/cancel`, {})).statusCode).toBe(400);
    const cancelled = await s.post(`/admin/api/appointments/${id}/cancel`, {
      code: 'dealer_unavailable',
      reason: 'Workshop closed for the day',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelCode: 'dealer_unavailable' });
    const events = await t.h.store.readStream(`dealerDay-${fr.dealerId}-${TUESDAY}`);
    const event = events.find(
      (e) => e.type === 'AppointmentCancelled' && (e.data as { appointmentId: string }).appointmentId === id,
    );
    expect(event?.data).toMatchObject({ by: 'staff', code: 'dealer_unavailable' });
    expect(event?.metadata).toMatchObject({ staffId: account.id, reason: 'Workshop closed for the day' });
    expect((await s.post(`/admin/api/appointments/${id}/cancel`, { reason: 'again' })).statusCode).toBe(409);
    // A buyer is not staff.
    expect((await t.browser().get(`/admin/api/appointments?day=${TUESDAY}`)).statusCode).toBe(401);
  });
});
