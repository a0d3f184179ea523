import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CarFacts, carStream } from '../../domain/catalogue/car.ts';
import type { Dealer } from '../../domain/catalogue/dealer.ts';
import { MAX_FAVORITES } from '../../domain/favorites/decide.ts';
import { quoteFinance } from '../../domain/finance/quoteFinance.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { createBuiltInDeliveryQuotes } from '../../engine/providers/delivery/createBuiltInDeliveryQuotes.ts';
import { BUILT_IN_LENDERS } from '../../engine/providers/finance/builtInLenders.ts';
import { createBuiltInFinance } from '../../engine/providers/finance/createBuiltInFinance.ts';
import { FIXTURE_CARS as C, FIXTURE_DEALERS } from '../../projections/search/contract/searchFixture.ts';
import { errorHandler } from '../plugins/errorHandler.ts';
import { zodTypeProvider } from '../plugins/zodTypeProvider.ts';
import {
  type CatalogueFixtureDatabase,
  openCatalogueFixtureDatabase,
} from '../testing/catalogueFixtureDatabase.ts';
import { carMoneyCalls } from './carMoneyCalls.ts';
import { favoritesCalls } from './favoritesCalls.ts';
import { storefrontCalls } from './storefrontCalls.ts';

/** A dealer in Warsaw and a car it sells in złoty, beside the fixture's French and German stock. */
const WARSAW: Dealer = {
  ...FIXTURE_DEALERS[0]!,
  dealerId: '31',
  name: 'Salon Warszawa',
  slug: 'mazowieckie/warszawa',
  hub: 'mazowieckie',
  address: { street: 'ul. Marszałkowska 1', postcode: '00-008', city: 'Warszawa', country: 'PL' },
  coordinates: { lat: 52.23, lng: 21.01 },
};
const WARSAW_CAR: CarFacts = {
  ...C.x3,
  carId: '3001',
  reference: 'REF-3001',
  country: 'PL',
  dealerId: '31',
  price: { amount: 8_990_000, currency: 'PLN' },
};

describe('storefront calls (SPEC §7)', () => {
  let fixture: CatalogueFixtureDatabase;
  let store: EventStore;
  let fastify: FastifyInstance;
  beforeAll(async () => {
    fixture = await openCatalogueFixtureDatabase({
      dealers: [...FIXTURE_DEALERS, WARSAW],
      cars: [...Object.values(C), WARSAW_CAR],
      extraEvents: (s) =>
        s.appendToStream(carStream(C.sold.carId), [
          { id: randomUUID(), type: 'CarSold', data: { carId: C.sold.carId, price: C.sold.price } },
        ]),
    });
    store = fixture.store;
    const storefront = fixture.storefront;
    fastify = Fastify({ logger: false });
    await fastify.register(zodTypeProvider);
    await fastify.register(errorHandler);
    await fastify.register(storefrontCalls, { queries: fixture.catalogue.queries, storefront });
    await fastify.register(carMoneyCalls, {
      queries: fixture.catalogue.queries,
      storefront,
      finance: createBuiltInFinance(),
      delivery: createBuiltInDeliveryQuotes(),
      clock: () => new Date('2026-11-25T10:00:00Z'), // a Wednesday
    });
    // The session plugin is wired in app.ts; here a header stands for the session's visitor id.
    await fastify.register(favoritesCalls, {
      store,
      storefront,
      newId: randomUUID,
      owner: (request, create) => {
        const id = request.headers['x-visitor'];
        return typeof id === 'string'
          ? { kind: 'visitor', id }
          : create
            ? { kind: 'visitor', id: 'anon' }
            : undefined;
      },
      csrf: async (request, reply) => {
        if (request.headers['x-csrf-token'] !== 'good') await reply.code(403).send({ error: 'csrf' });
      },
    });
  });
  afterAll(async () => {
    await fastify?.close();
    await fixture?.close();
  });

  const get = (url: string, headers = {}) => fastify.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: object, headers = {}) =>
    fastify.inject({ method: 'POST', url, payload, headers });

  it('get-is-car-booked tells an available car from a sold one, and 404s an unknown car', async () => {
    expect((await get(`/fr/ajax/get-is-car-booked/${C.x3.carId}`)).json()).toEqual({
      idApi: C.x3.carId,
      booked: false,
      available: true,
      status: 'available',
    });
    expect((await get(`/de/ajax/get-is-car-booked/${C.sold.carId}`)).json()).toMatchObject({
      available: false,
      status: 'sold',
    });
    expect((await get('/fr/ajax/get-is-car-booked/999999')).statusCode).toBe(404);
    expect((await get('/fr/ajax/get-is-car-booked/abc')).statusCode).toBe(400); // idApi is digits
  });

  it('models-by-brand counts the models for sale in the locale’s country; bad or unknown brands are 400/404', async () => {
    const fr = (await get('/fr/ajax/models-by-brand?brand=bmw')).json();
    expect(fr).toEqual([
      { model: 'x3', count: 2, name: 'X3' },
      { model: 'serie-3', count: 1, name: expect.any(String) },
    ]);
    expect((await get('/de/ajax/models-by-brand?brand=bmw')).json()).toEqual([
      { model: 'x3', count: 1, name: 'X3' },
    ]);
    expect((await get('/fr/ajax/models-by-brand?brand=BMW!')).statusCode).toBe(400);
    expect((await get('/fr/ajax/models-by-brand?brand=trabant')).statusCode).toBe(404);
  });

  it('getDealer answers the dealer with its localised page URL; getDealersByBrandNotEmpty only dealers with stock', async () => {
    const dealer = await post('/de/ajax/getDealer', { idApi: '21' });
    expect(dealer.statusCode).toBe(200);
    expect(dealer.json()).toMatchObject({
      dealerId: '21',
      city: 'Berlin',
      url: expect.stringMatching(/^\/de\/standorte\/.+-21$/),
    });
    expect((await post('/fr/ajax/getDealer', { idApi: '404' })).statusCode).toBe(404);
    expect((await post('/fr/ajax/getDealer', { idApi: 'x' })).statusCode).toBe(400);
    const tesla = (await post('/fr/ajax/getDealersByBrandNotEmpty', { brand: 'tesla' })).json();
    expect(tesla.map((d: { dealerId: string; count: number }) => [d.dealerId, d.count])).toEqual([
      ['11', 1],
      ['12', 1],
    ]);
  });

  it('forms/ajax answers every model of a brand, the market’s dealers (by hub) and hubs', async () => {
    const models = (await post('/fr/forms/ajax/getModels', { brand: 'tesla' })).json();
    expect(models.map((m: { model: string }) => m.model)).toContain('model-3');
    const dealers = (await post('/fr/forms/ajax/getDealers', { nameHub: 'ile-de-france' })).json();
    expect(dealers).toEqual([
      { idApi: '12', name: expect.any(String), city: 'Paris', nameHub: 'ile-de-france' },
    ]);
    expect((await post('/fr/forms/ajax/getDealers', {})).json()).toHaveLength(2);
    const hubs = (await post('/de/forms/ajax/getHubs', {})).json();
    expect(hubs).toEqual([{ nameHub: 'berlin', dealers: 1, url: '/de/standorte/berlin' }]);
  });

  it('images-homepage shows the newest cars of the market, with pictures and links', async () => {
    const images = (await get('/de/ajax/images-homepage')).json();
    expect(images.map((i: { carId: string }) => i.carId).sort()).toEqual(
      [C.berlinClio.carId, C.berlinX3.carId].sort(),
    );
    expect(images[0]).toMatchObject({
      src: expect.stringContaining('/picture.svg'),
      href: expect.stringMatching(/^\/de\/kaufen\/auto-/),
    });
  });

  describe('the car page’s money tools', () => {
    const eur = (amount: number) => ({ amount, currency: 'EUR' as const });

    it('get-car-financement quotes the car’s price from the finance provider, the first choice when none is given', async () => {
      const answer = await post('/fr/ajax/get-car-financement', { idApi: C.x3.carId });
      expect(answer.statusCode).toBe(200);
      const expected = quoteFinance({
        market: 'fr',
        price: C.x3.price,
        downPayment: eur(0),
        durationMonths: 60,
      });
      expect(answer.json()).toEqual({
        idApi: C.x3.carId,
        market: 'fr',
        choices: {
          currency: 'EUR',
          durations: [12, 24, 36, 48, 60, 72, 84],
          minDownPayment: 0,
          maxDownPayment: C.x3.price.amount - 300_000,
        },
        quote: expected,
        lender: BUILT_IN_LENDERS.fr,
        pdfUrl: `/fr/ajax/pdf-volean/${C.x3.carId}/60/0`,
      });
      // GET takes the same fields in the query (the page's server render), with the same answer.
      const body = { idApi: C.x3.carId, durationMonths: 36, downPayment: 500_000 };
      const byPost = (await post('/fr/ajax/get-car-financement', body)).json();
      const byGet = await get(
        `/fr/ajax/get-car-financement?idApi=${C.x3.carId}&durationMonths=36&downPayment=500000`,
      );
      expect(byGet.json()).toEqual(byPost);
      expect(byPost.quote).toMatchObject({
        durationMonths: 36,
        downPayment: eur(500_000),
        financed: eur(3_490_000),
      });
    });

    it('get-car-financement answers in złoty for a Polish car, with the lender’s fee in the APR', async () => {
      const body = { idApi: WARSAW_CAR.carId, durationMonths: 48, downPayment: 1_000_000 };
      const { quote, choices } = (await post('/pl/ajax/get-car-financement', body)).json();
      expect(choices.currency).toBe('PLN');
      expect(quote.monthly.currency).toBe('PLN');
      expect(quote.fees).toEqual({ amount: Math.round(7_990_000 * 0.03), currency: 'PLN' });
      expect(quote.aprPercent).toBeGreaterThan(quote.nominalRatePercent);
    });

    it('get-car-financement refuses bad input with field messages, other markets’ and unknown cars with 404, sold cars with 409', async () => {
      const bad = await post('/fr/ajax/get-car-financement', { idApi: C.x3.carId, durationMonths: 30 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({ durationMonths: ['one of 12, 24, 36, 48, 60, 72, 84'] });
      const tooMuch = await post('/fr/ajax/get-car-financement', {
        idApi: C.x3.carId,
        downPayment: 3_800_000,
      });
      expect(tooMuch.statusCode).toBe(400);
      expect(Object.keys(tooMuch.json().fields)).toEqual(['downPayment']);
      expect((await post('/fr/ajax/get-car-financement', { idApi: 'x' })).json().fields).toHaveProperty([
        'body.idApi',
      ]);
      expect((await post('/fr/ajax/get-car-financement', { idApi: '999999' })).statusCode).toBe(404);
      expect((await post('/fr/ajax/get-car-financement', { idApi: WARSAW_CAR.carId })).statusCode).toBe(404);
      const sold = await post('/fr/ajax/get-car-financement', { idApi: C.sold.carId });
      expect(sold.statusCode).toBe(409);
      expect(sold.json()).toMatchObject({ error: 'illegal_state', reason: 'car_sold' });
    });

    it('url-pdf-volean answers the URL of the offer’s PDF, served the same bytes each time (304 when unchanged)', async () => {
      const body = { idApi: C.x3.carId, durationMonths: 48, downPayment: 400_000 };
      const answer = await post('/fr/ajax/url-pdf-volean', body);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        url: `/fr/ajax/pdf-volean/${C.x3.carId}/48/400000`,
        filename: `simulation-de-financement-${C.x3.carId}-48.pdf`,
        mediaType: 'application/pdf',
      });
      const pdf = await get(answer.json().url);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toBe(
        `attachment; filename="simulation-de-financement-${C.x3.carId}-48.pdf"`,
      );
      expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.rawPayload.toString('latin1')).toContain('/Lang (fr-FR)');
      expect((await get(answer.json().url)).rawPayload.equals(pdf.rawPayload)).toBe(true);
      const again = await get(answer.json().url, { 'if-none-match': pdf.headers.etag });
      expect(again.statusCode).toBe(304);
      const polish = await get(`/pl/ajax/pdf-volean/${WARSAW_CAR.carId}/60/0`);
      expect(polish.headers['content-disposition']).toContain('symulacja-finansowania');
      expect(polish.headers.etag).not.toBe(pdf.headers.etag);
      expect((await post('/fr/ajax/url-pdf-volean', { ...body, downPayment: -1 })).statusCode).toBe(400);
      expect((await get(`/fr/ajax/pdf-volean/${C.x3.carId}/30/0`)).statusCode).toBe(400);
      expect((await get(`/fr/ajax/pdf-volean/${C.sold.carId}/60/0`)).statusCode).toBe(409);
    });

    it('get-price-edit-hiflow quotes each delivery type from the car’s dealer to a postcode of its market', async () => {
      const answer = await get(`/fr/ajax/get-price-edit-hiflow/${C.x3.carId}/75015`);
      expect(answer.statusCode).toBe(200);
      const body = answer.json();
      expect(body).toMatchObject({
        idApi: C.x3.carId,
        market: 'fr',
        currency: 'EUR',
        origin: { idOriginApi: '11', city: 'Lyon' },
        arrival: '75015',
        destination: { postcode: '75015', areaPrefix: '75', areaName: 'Paris' },
      });
      expect(body.quotes.map((q: { type: string; deliverable: boolean }) => [q.type, q.deliverable])).toEqual(
        [
          ['pickup', true],
          ['driver', true],
          ['truck', true],
        ],
      );
      expect(body.quotes[0]).toMatchObject({ price: eur(0), earliestDate: '2026-11-27' });
      expect(body.quotes[1].price.amount).toBeGreaterThan(0);
      const polish = (await get(`/pl/ajax/get-price-edit-hiflow/${WARSAW_CAR.carId}/80%20001`)).json();
      expect(polish.arrival).toBe('80-001');
      expect(polish.quotes[1]).toMatchObject({ deliverable: true, price: { currency: 'PLN' } });
    });

    it('get-price-edit-hiflow says why a delivery cannot be made, and refuses another country’s postcode with the reason', async () => {
      const reasons = async (url: string) =>
        (await get(url))
          .json()
          .quotes.map((q: { type: string; reason?: string }) => [q.type, q.reason ?? 'ok']);
      expect(await reasons(`/fr/ajax/get-price-edit-hiflow/${C.x3.carId}/20000`)).toEqual([
        ['pickup', 'ok'],
        ['driver', 'sea_crossing'],
        ['truck', 'sea_crossing'],
      ]);
      expect(await reasons(`/fr/ajax/get-price-edit-hiflow/${C.clioNew.carId}/75015`)).toEqual([
        ['pickup', 'ok'],
        ['driver', 'new_car_by_truck_only'],
        ['truck', 'ok'],
      ]);
      const overseas = (await get(`/fr/ajax/get-price-edit-hiflow/${C.x3.carId}/97400`)).json();
      expect(overseas.destination).toBeNull();
      expect(overseas.quotes.slice(1).map((q: { reason: string }) => q.reason)).toEqual([
        'area_not_served',
        'area_not_served',
      ]);
      const polishPostcode = await get(`/fr/ajax/get-price-edit-hiflow/${C.x3.carId}/00-950`);
      expect(polishPostcode.statusCode).toBe(400);
      expect(polishPostcode.json().fields).toEqual({
        arrival: ['is not a postcode of FR (5 digits, e.g. 75015)'],
      });
      expect((await get('/fr/ajax/get-price-edit-hiflow/999999/75015')).statusCode).toBe(404);
      expect((await get(`/fr/ajax/get-price-edit-hiflow/${C.sold.carId}/75015`)).statusCode).toBe(409);
    });

    it('delivery view quotes one type from a dealer to a postcode; all lists the dealer’s price per area', async () => {
      const view = (await get('/fr/ajax/delivery/view/11/75015/driver')).json();
      const car = (await get(`/fr/ajax/get-price-edit-hiflow/${C.x3.carId}/75015`)).json();
      expect(view).toMatchObject({ market: 'fr', origin: { idOriginApi: '11' }, arrival: '75015' });
      expect(view.quote).toEqual(car.quotes[1]);
      expect((await get('/fr/ajax/delivery/view/11/75015/driver?condition=new')).json().quote).toMatchObject({
        deliverable: false,
        reason: 'new_car_by_truck_only',
      });
      expect((await get('/fr/ajax/delivery/view/21/75015/driver')).statusCode).toBe(404);
      expect((await get('/fr/ajax/delivery/view/11/abc/driver')).statusCode).toBe(400);

      const all = (await get('/fr/ajax/delivery/all/11')).json();
      expect(all).toMatchObject({
        market: 'fr',
        currency: 'EUR',
        pickup: { type: 'pickup', deliverable: true },
      });
      expect(all.areas.length).toBeGreaterThan(90);
      const paris = all.areas.find((a: { prefixes: string[] }) => a.prefixes.includes('75'));
      expect(paris.quotes[0]).toMatchObject({ type: 'driver', price: car.quotes[1].price });
      const ajaccio = all.areas.find((a: { prefixes: string[] }) => a.prefixes.includes('201'));
      expect(ajaccio.quotes[0]).toMatchObject({ deliverable: false, reason: 'sea_crossing' });
    });

    it('delivery calculation gives the market’s tariff, and the prices at a distance', async () => {
      const polish = (await get('/pl/ajax/delivery/calculation?distanceKm=300')).json();
      expect(polish).toMatchObject({ market: 'pl', currency: 'PLN', roadFactor: 1.3, maxKm: 1000 });
      expect(polish.quotes).toEqual([
        { type: 'driver', deliverable: true, price: { amount: 133_900, currency: 'PLN' }, etaWorkingDays: 4 },
        { type: 'truck', deliverable: true, price: { amount: 195_900, currency: 'PLN' }, etaWorkingDays: 6 },
      ]);
      const far = (await get('/fr/ajax/delivery/calculation?distanceKm=2000&condition=new')).json();
      expect(far.quotes.map((q: { reason: string }) => q.reason)).toEqual([
        'new_car_by_truck_only',
        'too_far',
      ]);
      expect((await get('/fr/ajax/delivery/calculation')).json()).not.toHaveProperty('quotes');
      expect((await get('/fr/ajax/delivery/calculation?distanceKm=-1')).statusCode).toBe(400);
    });
  });

  describe('favorites', () => {
    const visitor = () => ({ 'x-visitor': randomUUID(), 'x-csrf-token': 'good' });

    it('adds a car once however often it is asked, reads it back, and removes it', async () => {
      const who = visitor();
      for (let i = 0; i < 3; i++) {
        const added = await get(`/fr/ajax/add-car-to-favorite/${C.x3.carId}`, who);
        expect(added.statusCode).toBe(200);
        expect(added.json()).toMatchObject({ favorite: true, count: 1 });
      }
      await post(`/fr/ajax/add-car-to-favorite/${C.megane.carId}`, {}, who);
      expect((await get(`/fr/ajax/favorite/${C.x3.carId}`, who)).json()).toEqual({
        id: C.x3.carId,
        favorite: true,
      });
      const list = (await get('/api/favorites', who)).json();
      expect(list.cars.map((c: { carId: string }) => c.carId)).toEqual([C.megane.carId, C.x3.carId]);
      const removed = await fastify.inject({
        method: 'DELETE',
        url: `/fr/ajax/favorite/${C.x3.carId}`,
        headers: who,
      });
      expect(removed.json()).toMatchObject({ favorite: false, count: 1 });
      expect((await get(`/fr/ajax/favorite/${C.x3.carId}`, who)).json().favorite).toBe(false);
    });

    it('keeps each visitor’s favorites apart, and a visitor without any sees an empty list', async () => {
      const a = visitor();
      await get(`/fr/ajax/add-car-to-favorite/${C.x3.carId}`, a);
      expect((await get('/api/favorites', visitor())).json()).toEqual({ cars: [] });
      expect((await get('/api/favorites')).json()).toEqual({ cars: [] });
    });

    it('refuses without the CSRF token, 404s an unknown car, 409s past the maximum', async () => {
      const who = visitor();
      const noToken = await get(`/fr/ajax/add-car-to-favorite/${C.x3.carId}`, {
        'x-visitor': who['x-visitor'],
      });
      expect(noToken.statusCode).toBe(403);
      expect((await get('/api/favorites', who)).json().cars).toEqual([]);
      expect((await get('/fr/ajax/add-car-to-favorite/999999', who)).statusCode).toBe(404);
      const stream = `favorites-visitor-${who['x-visitor']}`;
      await store.appendToStream(
        stream,
        Array.from({ length: MAX_FAVORITES }, (_, i) => ({
          id: randomUUID(),
          type: 'CarFavorited',
          data: { carId: String(10_000 + i) },
        })),
      );
      const full = await get(`/fr/ajax/add-car-to-favorite/${C.x3.carId}`, who);
      expect(full.statusCode).toBe(409);
      expect(full.json().message).toContain(String(MAX_FAVORITES));
    });
  });
});
