/**
 * "Sell your car" over HTTP through the whole app on a real database: the valuation form posted without
 * JavaScript (303 to the offer, or the same page 400 with the messages by field in the buyer's language)
 * and with it (JSON), the offer stored on its own stream and kept for the visitor, joined to the account
 * at sign-up and listed there, offered and used at a purchase's recovery step, and not offered once
 * expired.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CarFacts, carSlug } from '../../domain/catalogue/car.ts';
import { purchaseStream } from '../../domain/purchase/events.ts';
import { valuationStream } from '../../domain/valuation/savedValuationEvents.ts';
import { MY_INFOS_FR } from '../../engine/funnels/testing/buyerForms.ts';
import { streamTypes } from '../../engine/funnels/testing/funnelHarness.ts';
import { type Buyer, type FunnelTestApp, openFunnelTestApp } from '../testing/funnelTestApp.ts';

const CAR = {
  brand: 'peugeot',
  model: '308',
  year: '2020',
  mileageKm: '60000',
  condition: 'good',
  fuel: 'petrol',
} as const;
const CALL = '/fr/acheter/connect/ajax';
const FORM = 'application/x-www-form-urlencoded';

describe('sell your car', () => {
  let t: FunnelTestApp;
  const used = new Set<string>();
  beforeAll(async () => {
    t = await openFunnelTestApp({ account: true });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  const ok = (response: LightMyRequestResponse, status = 200) => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json();
  };
  /** The form as a browser without JavaScript posts it. */
  const postForm = async (b: Buyer, path: string, fields: Record<string, string>) =>
    b.call({
      method: 'POST',
      url: path,
      payload: new URLSearchParams({ _csrf: await b.csrf(), ...fields }).toString(),
      headers: { 'content-type': FORM },
    });
  const page = (b: Buyer, url: string) => b.call({ method: 'GET', url });
  const freshCar = (): CarFacts => {
    const car = t.h.cars.FR.find((c) => !used.has(c.carId) && c.condition !== 'new');
    if (!car) throw new Error('no fresh car left');
    used.add(car.carId);
    return car;
  };

  describe('without JavaScript', () => {
    it('given a car described, when the form is posted, then 303 to the offer page, which shows the amount, its validity and the inspection link', async () => {
      const b = t.browser();
      const posted = await postForm(b, '/fr/reprise/peugeot/308', { ...CAR, key: 'form-key-1' });
      expect(posted.statusCode, posted.body).toBe(303);
      const offerPath = posted.headers.location as string;
      expect(offerPath).toMatch(/^\/fr\/reprise\/offre\/sv_[a-f0-9]{32}$/);
      const valuationId = offerPath.split('/').at(-1)!;

      const offer = ok(await b.get(`/api/valuations/${valuationId}`)).valuation;
      expect(offer).toMatchObject({
        valuationId,
        market: 'fr',
        vehicle: { brand: 'peugeot', model: '308', year: 2020, mileageKm: 60_000 },
        valid: true,
        kept: 'browser',
        validUntil: new Date(t.h.now().getTime() + 7 * 86_400_000).toISOString(),
      });
      expect(offer.offer.currency).toBe('EUR');
      expect(offer.offer.amount).toBeGreaterThan(0);
      expect(await streamTypes(t.h.store, valuationStream(valuationId))).toEqual(['CarValued']);

      const html = await page(b, offerPath);
      expect(html.statusCode).toBe(200);
      expect(html.body).toContain('Votre offre de reprise');
      expect(html.body).toContain(`/fr/rendez-vous?purpose=trade-in-inspection&amp;valuation=${valuationId}`);

      // The same form again (a double submit): the same valuation, nothing more stored.
      const again = await postForm(b, '/fr/reprise/peugeot/308', { ...CAR, key: 'form-key-1' });
      expect(again.headers.location).toBe(offerPath);
      expect(await streamTypes(t.h.store, valuationStream(valuationId))).toEqual(['CarValued']);
      // Another browser does not see it.
      expect((await t.browser().get(`/api/valuations/${valuationId}`)).statusCode).toBe(404);
    });

    it('given bad fields, when the form is posted, then the same page answers 400 with the messages by field in French, the values kept', async () => {
      const b = t.browser();
      const refused = await postForm(b, '/fr/reprise', {
        ...CAR,
        model: 'not-a-model',
        year: '',
        mileageKm: '-5',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.headers['content-type']).toMatch(/text\/html/);
      expect(refused.body).toContain('Votre voiture n’a pas pu être estimée');
      expect(refused.body).toContain('Indiquez une année entre 1990 et l’année en cours.');
      expect(refused.body).toContain('Indiquez le kilométrage en kilomètres, sans espace.');
      expect(refused.body).toMatch(/id="field-year"[^>]*aria-invalid="true"/);
      expect(refused.body).toMatch(/id="field-mileageKm"[^>]*aria-invalid="true"/);
      // The model is checked once the numbers are right: a model the brand does not have.
      const model = await postForm(b, '/fr/reprise', { ...CAR, model: 'clio' });
      expect(model.statusCode).toBe(400);
      expect(model.body).toContain('Choisissez un modèle de cette marque dans la liste.');
      expect(model.body).toMatch(/id="field-model"[^>]*aria-invalid="true"/);
    });

    it('in Polish: the Polish page, its messages, and the offer in złoty', async () => {
      const b = t.browser();
      const refused = await postForm(b, '/pl/odkup', { ...CAR, year: '1980' });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('Podaj rok od 1990 do bieżącego.');
      const posted = await postForm(b, '/pl/odkup', CAR);
      expect(posted.statusCode).toBe(303);
      expect(posted.headers.location).toMatch(/^\/pl\/odkup\/oferta\/sv_/);
      const id = String(posted.headers.location).split('/').at(-1)!;
      expect(ok(await b.get(`/api/valuations/${id}`)).valuation.offer.currency).toBe('PLN');
    });
  });

  describe('with JavaScript (JSON)', () => {
    it('given a car described, then 201 with the offer and the page to show it in place; bad fields are a 400 by field', async () => {
      const b = t.browser();
      const answer = ok(
        await b.post('/fr/reprise', { ...CAR, key: 'json-key-1' }, { accept: 'application/json' }),
        201,
      );
      expect(answer.links.page).toBe(`/fr/reprise/offre/${answer.valuation.valuationId}`);
      expect(answer.valuation.offer.amount).toBeGreaterThan(0);
      const bad = await b.post(
        '/fr/reprise',
        { ...CAR, brand: '', condition: 'mint' },
        { accept: 'application/json' },
      );
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields).sort()).toEqual(['brand', 'condition']);
    });
  });

  it('is documented: the form’s body at /api/docs/json', async () => {
    const docs = ok(await t.browser().get('/api/docs/json'));
    const post = docs.paths['/fr/reprise']?.post;
    expect(Object.keys(post.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['brand', 'model', 'year', 'mileageKm', 'condition', 'fuel', 'key']),
    );
  });

  describe('kept in the account', () => {
    it('given a visitor’s valuation, when they sign up, then it joins their account and is listed there with its amount and validity', async () => {
      const b = t.browser();
      const posted = await postForm(b, '/fr/reprise', CAR);
      const valuationId = String(posted.headers.location).split('/').at(-1)!;
      const customerId = await b.signUp('seller-1@example.test');
      expect(await streamTypes(t.h.store, valuationStream(valuationId))).toEqual([
        'CarValued',
        'ValuationJoinedAccount',
      ]);
      const { valuations } = ok(await b.get('/api/account/valuations'));
      expect(valuations).toHaveLength(1);
      expect(valuations[0]).toMatchObject({ valuationId, valid: true, market: 'fr' });
      expect(ok(await b.get(`/api/valuations/${valuationId}`)).valuation.kept).toBe('account');
      expect(customerId).toMatch(/^cus_/);

      const account = await page(b, '/fr/mon-compte');
      expect(account.statusCode).toBe(200);
      expect(account.body).toContain('Mes estimations');
      expect(account.body).toContain(`/fr/reprise/offre/${valuationId}`);
      // A visitor has no account list.
      expect((await t.browser().get('/api/account/valuations')).statusCode).toBe(401);
    });
  });

  it('given a customer signed out, when they value a car and sign in again, then it joins their account and leaves the session', async () => {
    const b = t.browser();
    const customerId = await b.signUp('seller-6@example.test');
    expect((await b.post('/fr/acheter/ajax/login/sign-out', {})).statusCode).toBe(200);
    const answer = ok(await b.post('/fr/reprise', CAR, { accept: 'application/json' }), 201);
    expect(answer.valuation.kept).toBe('browser');
    const signedIn = await b.post('/fr/acheter/ajax/login/sign-in', {
      email: 'seller-6@example.test',
      password: 'a long enough passphrase',
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().customer.customerId).toBe(customerId);
    const { valuations } = ok(await b.get('/api/account/valuations'));
    expect(valuations.map((v: { valuationId: string }) => v.valuationId)).toEqual([
      answer.valuation.valuationId,
    ]);
    // Signed out again, the browser no longer shows it: it is the account's.
    await b.post('/fr/acheter/ajax/login/sign-out', {});
    expect((await b.get(`/api/valuations/${answer.valuation.valuationId}`)).statusCode).toBe(404);
  });

  describe('at a purchase’s recovery step', () => {
    /** A signed-up buyer with a saved valuation, their purchase walked to the recovery step. */
    async function toRecovery(email: string) {
      const b = t.browser();
      await b.signUp(email);
      const answer = ok(await b.post('/fr/reprise', CAR, { accept: 'application/json' }), 201);
      const car = freshCar();
      const formPath = `/fr/acheter/achat-${car.carId}/${carSlug(car)}`;
      const { purchaseId: id } = ok(await b.post(formPath), 201);
      ok(await b.post(`${CALL}/checkMyInfoStep/${id}`, MY_INFOS_FR));
      expect(ok(await b.post(`${CALL}/checkDealerDistance/${id}`, { mode: 'pickup' })).step).toBe('recovery');
      return { b, id: id as string, valuation: answer.valuation, recoveryPage: `${formPath}/recovery` };
    }

    it('given a valid saved valuation, then the step offers it, and using it records that offer, accepted, without valuing again', async () => {
      const { b, id, valuation, recoveryPage } = await toRecovery('seller-2@example.test');
      const html = await page(b, recoveryPage);
      expect(html.statusCode).toBe(200);
      expect(html.body).toContain('Utiliser mon estimation du');
      expect(html.body).toContain(`value="${valuation.valuationId}"`);

      const view = ok(
        await b.post(`${CALL}/form/recovery/${id}`, { action: 'use', valuationId: valuation.valuationId }),
      );
      expect(view.step).toBe('insurance');
      expect(view.tradeIn).toMatchObject({
        choice: 'accepted',
        offer: { offerId: valuation.valuationId, amount: valuation.offer, validUntil: valuation.validUntil },
      });
      expect(await streamTypes(t.h.store, purchaseStream(id))).toEqual(
        expect.arrayContaining(['TradeInValued', 'TradeInAccepted']),
      );
      expect(await streamTypes(t.h.store, valuationStream(valuation.valuationId))).toEqual([
        'CarValued',
        'ValuationUsedInPurchase',
      ]);
    });

    it('given another buyer’s valuation, then it cannot be used (404)', async () => {
      const { valuation } = await toRecovery('seller-3@example.test');
      const other = await toRecovery('seller-4@example.test');
      const refused = await other.b.post(`${CALL}/form/recovery/${other.id}`, {
        action: 'use',
        valuationId: valuation.valuationId,
      });
      expect(refused.statusCode).toBe(404);
    });

    it('given an expired valuation, then the step does not offer it, and using it anyway is a 409', async () => {
      const { b, id, valuation, recoveryPage } = await toRecovery('seller-5@example.test');
      t.h.advance(7 * 24 * 60 + 1);
      const html = await page(b, recoveryPage);
      expect(html.statusCode).toBe(200);
      expect(html.body).not.toContain('Utiliser mon estimation du');
      const refused = await b.post(`${CALL}/form/recovery/${id}`, {
        action: 'use',
        valuationId: valuation.valuationId,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ validUntil: valuation.validUntil });
      expect(ok(await b.get('/api/account/valuations')).valuations[0]).toMatchObject({ valid: false });
    });
  });
});
