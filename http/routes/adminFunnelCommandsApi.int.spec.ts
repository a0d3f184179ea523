/**
 * The back office's write API over the whole app on a real database: sales staff cancel, extend and
 * release holds and record handovers on purchases a buyer made over HTTP, and cancel bookings; each
 * event carries the staff actor and the reason; roles, a missing reason, a refused command (409 with
 * what is allowed now), a retry with the same Idempotency-Key and an unknown id.
 */

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CarFacts, carSlug } from '../../domain/catalogue/car.ts';
import { purchaseStream } from '../../domain/purchase/events.ts';
import type { StaffRole } from '../../domain/staff/staffRoles.ts';
import { MY_INFOS_FR } from '../../engine/funnels/testing/buyerForms.ts';
import { type Buyer, type FunnelTestApp, openFunnelTestApp } from '../testing/funnelTestApp.ts';
import { actorNames, purchaseHistoryView } from './funnelHistoryViews.ts';

const CALL = '/fr/acheter/connect/ajax';
const PASSWORD = 'correct horse battery';
const FLOW = 240_000;

describe('staff commands on the funnels', () => {
  let t: FunnelTestApp;
  const staff: Partial<Record<StaffRole, Buyer>> = {};
  const staffIds: Partial<Record<StaffRole, string>> = {};
  const used = new Set<string>();

  beforeAll(async () => {
    t = await openFunnelTestApp({ staff: true });
    for (const role of ['sales', 'content', 'analyst'] as const) {
      const account = await t.staffAccounts!.create({
        email: `${role}@example.test`,
        name: role,
        password: PASSWORD,
        roles: [role],
      });
      staffIds[role] = account.id;
      const b = t.browser();
      const signIn = await b.post('/admin/api/session', {
        email: `${role}@example.test`,
        password: PASSWORD,
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      staff[role] = b;
    }
  }, FLOW);
  afterAll(async () => {
    await t?.close();
  });

  const ok = (response: LightMyRequestResponse, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json();
  };
  const freshCar = (): CarFacts => {
    const car = t.h.cars.FR.find((c) => !used.has(c.carId) && c.condition !== 'new');
    if (!car) throw new Error('no fresh car left');
    used.add(car.carId);
    return car;
  };
  /** A signed-up buyer's purchase walked to funding. */
  async function toFunding() {
    const b = t.browser();
    const car = freshCar();
    await b.signUp(`buyer-${car.carId}@example.test`);
    const { purchaseId: id } = ok(await b.post(`/fr/acheter/achat-${car.carId}/${carSlug(car)}`), 201);
    ok(await b.post(`${CALL}/checkMyInfoStep/${id}`, MY_INFOS_FR));
    ok(await b.post(`${CALL}/checkDealerDistance/${id}`, { mode: 'pickup' }));
    ok(await b.post(`${CALL}/form/recovery/${id}`, { action: 'skip' }));
    ok(await b.post(`${CALL}/insurance/${id}`, { offerId: null }));
    ok(await b.post(`${CALL}/additional-optional/${id}`, { extraIds: [] }));
    return { b, id: id as string, car };
  }
  const events = async (id: string) =>
    (await t.h.store.readStream(purchaseStream(id))).map((e) => ({
      type: e.type,
      data: e.data,
      actor: (e.metadata as { actor?: unknown }).actor,
      reason: (e.metadata as { reason?: unknown }).reason,
    }));
  const sales = () => staff.sales!;

  it(
    'given a purchase at funding, when sales cancel it, then it is cancelled by staff with the reason; a retry is one event; then nothing is allowed (409)',
    async () => {
      const { id } = await toFunding();
      const key = { 'idempotency-key': 'cancel-1' };
      const body = { reason: '  the buyer called to cancel  ' };
      const view = ok(await sales().post(`/admin/api/purchases/${id}/cancel`, body, key));
      expect(view.status).toBe('cancelled');
      ok(await sales().post(`/admin/api/purchases/${id}/cancel`, body, key));
      const cancelled = (await events(id)).filter((e) => e.type === 'PurchaseCancelled');
      expect(cancelled).toEqual([
        {
          type: 'PurchaseCancelled',
          data: { by: 'staff', reason: 'the buyer called to cancel' },
          actor: { kind: 'staff', staffId: staffIds.sales, role: 'sales' },
          reason: 'the buyer called to cancel',
        },
      ]);
      // The detail's timeline (adminFunnelsApi.ts) shows the reason beside the event.
      const detail = await purchaseHistoryView(t.h.store, id);
      expect(detail.timeline.at(-1)).toMatchObject({
        type: 'PurchaseCancelled',
        reason: 'the buyer called to cancel',
      });
      expect(detail.timeline[0]!.reason).toBeNull();
      // … named: the staff member by their account's name, the buyer by the vault's.
      const named = await actorNames(detail.timeline, { customers: t.h.vault, staff: t.staffAccounts! });
      expect(named.at(-1)).toMatchObject({ who: `staff ${staffIds.sales} (sales)`, actorName: 'sales' });
      expect(named[0]!.actorName).toMatch(/\S+ \S+/);
      const late = await sales().post(`/admin/api/purchases/${id}/hold/extend`, { minutes: 30, reason: 'x' });
      expect(late.statusCode, late.body).toBe(409);
      expect(late.json()).toMatchObject({ error: 'illegal_state', status: 'cancelled', allowedCommands: [] });
    },
    FLOW,
  );

  it(
    'given an open purchase, when sales extend its hold and then release it, then the hold ends later, then the car is not available',
    async () => {
      const { b, id } = await toFunding();
      const before = ok(await b.get(`/fr/acheter/getcarpurchase/${id}`)).hold.until;
      const extended = ok(
        await sales().post(`/admin/api/purchases/${id}/hold/extend`, {
          minutes: 90,
          reason: 'buyer at the bank',
        }),
      );
      expect(Date.parse(extended.hold.until) - Date.parse(before)).toBe(90 * 60_000);
      expect(extended.allowedCommands).toEqual(
        expect.arrayContaining(['CancelPurchase', 'LoseHold', 'ExtendHold']),
      );
      const released = ok(
        await sales().post(`/admin/api/purchases/${id}/hold/release`, { reason: 'car damaged in the yard' }),
      );
      expect(released.status).toBe('car-not-available');
      const stream = await events(id);
      expect(stream.find((e) => e.type === 'HoldExtended')).toMatchObject({ reason: 'buyer at the bank' });
      expect(stream.find((e) => e.type === 'HoldLost')).toMatchObject({
        data: { reason: 'released' },
        actor: { kind: 'staff', role: 'sales' },
        reason: 'car damaged in the yard',
      });
    },
    FLOW,
  );

  it(
    'given a confirmed purchase, when sales record the handover, then the withdrawal period of 14 days is in the purchase',
    async () => {
      const { b, id } = await toFunding();
      ok(await b.post(`${CALL}/funding/${id}`, { action: 'cash' }));
      const asked = ok(await b.post(`${CALL}/form/summary-step-5/${id}`, {}));
      await b.checkout(asked.checkoutUrl, 'pay');
      expect(ok(await b.get(`/fr/acheter/getcarpurchase/${id}`)).status).toBe('confirmed');
      const view = ok(
        await sales().post(`/admin/api/purchases/${id}/handover`, { reason: 'keys given at the dealer' }),
      );
      const handed = (await events(id)).find((e) => e.type === 'CarHandedOver')!;
      const { at, withdrawalUntil } = handed.data as { at: string; withdrawalUntil: string };
      expect(Date.parse(withdrawalUntil) - Date.parse(at)).toBe(14 * 86_400_000);
      expect(view.withdrawalUntil).toBe(withdrawalUntil);
      expect(ok(await b.get(`/fr/acheter/getcarpurchase/${id}`)).withdrawalUntil).toBe(withdrawalUntil);
    },
    FLOW,
  );

  it(
    'given a purchase at funding, then staff see the buyer’s screen after any event, read-only; others are refused',
    async () => {
      const { b, id } = await toFunding();
      const screen = (after?: number) =>
        sales().get(`/admin/api/purchases/${id}/screen${after === undefined ? '' : `?after=${after}`}`);
      const first = await screen(0);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.headers['content-security-policy']).toMatch(/^sandbox;/);
      // The buyer's own page, at the step they were on then: my-infos after the start, funding now.
      const current = (html: string) =>
        /funnel__step--current" aria-current="step">.*?<span>([^<]+)<\/span>/.exec(html)?.[1];
      expect(current(first.body)).toBe('Vos informations');
      expect(current((await screen()).body)).toBe('Financement');
      expect((await screen(99)).statusCode).toBe(404);
      expect((await sales().get(`/admin/api/purchases/${id}/screen?after=-1`)).statusCode).toBe(400);
      expect((await sales().get('/admin/api/purchases/999999999/screen')).statusCode).toBe(404);
      expect((await t.browser().get(`/admin/api/purchases/${id}/screen`)).statusCode).toBe(401);
      expect((await b.get(`/admin/api/purchases/${id}/screen`)).statusCode).toBe(401);
      expect((await staff.content!.get(`/admin/api/purchases/${id}/screen`)).statusCode).toBe(403);
    },
    FLOW,
  );

  it(
    'given no reason, a visitor, a customer, content or analyst staff, or an unknown id, then 400, 401, 403 and 404',
    async () => {
      const { b, id } = await toFunding();
      const url = `/admin/api/purchases/${id}/cancel`;
      const missing = await sales().post(url, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields['body.reason']).toEqual(['is required']);
      expect((await sales().post(url, { reason: '   ' })).statusCode).toBe(400);
      expect((await t.browser().post(url, { reason: 'r' })).statusCode).toBe(401);
      expect((await b.post(url, { reason: 'r' })).statusCode).toBe(401);
      expect((await staff.content!.post(url, { reason: 'r' })).statusCode).toBe(403);
      expect((await staff.analyst!.post(url, { reason: 'r' })).statusCode).toBe(403);
      expect((await sales().post('/admin/api/purchases/999999/cancel', { reason: 'r' })).statusCode).toBe(
        404,
      );
      expect((await sales().post('/admin/api/bookings/999999/cancel', { reason: 'r' })).statusCode).toBe(404);
      expect(ok(await b.get(`/fr/acheter/getcarpurchase/${id}`)).status).toBe('in-progress');
    },
    FLOW,
  );
});
