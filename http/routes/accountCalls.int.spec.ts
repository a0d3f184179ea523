/**
 * The account area through the whole app on a real database: sign-up, sign-in and sign-out by form
 * (without JavaScript: 303s and messages by the fields) and as JSON; the dashboard's read of the buyer's
 * own purchases with their timelines (another buyer's is a 404); the buyer's own cars with their plate
 * in the vault and their picture's limits (another buyer's car is a 404).
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CarFacts, carSlug } from '../../domain/catalogue/car.ts';
import { MY_CAR_IMAGE_MAX_BYTES } from '../../domain/customers/myCars.ts';
import { generateUrl } from '../../domain/routes/index.ts';
import { type Buyer, type FunnelTestApp, openFunnelTestApp } from '../testing/funnelTestApp.ts';

const HTML = { accept: 'text/html,application/xhtml+xml' };
const FORM = 'application/x-www-form-urlencoded';
const DASHBOARD = generateUrl('my_account_dashboard.fr');
const PASSWORD = 'a long enough passphrase';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const hidden = (html: string, name: string) =>
  new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replaceAll('&amp;', '&');

describe('the account area', () => {
  let t: FunnelTestApp;
  let emails = 0;
  beforeAll(async () => {
    t = await openFunnelTestApp({ account: true });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  const email = () => `account-${++emails}-${Date.now()}@example.test`;
  const page = (b: Buyer, url: string) => b.call({ method: 'GET', url, headers: HTML });
  const html = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.body;
  };
  const seeOther = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(303);
    return String(response.headers.location);
  };
  /** Posts `fields` as a form with the `_csrf`, `_back` and `_next` of `html`. */
  const submit = (b: Buyer, html: string, action: string, fields: Record<string, string>) => {
    const body = new URLSearchParams();
    body.append('_csrf', hidden(html, '_csrf') ?? '');
    body.append('_back', hidden(html, '_back') ?? '');
    const next = hidden(html, '_next');
    if (next) body.append('_next', next);
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    return b.call({
      method: 'POST',
      url: action,
      payload: body.toString(),
      headers: { 'content-type': FORM, ...HTML },
    });
  };
  const multipart = (parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]) => {
    const boundary = `----account${Date.now()}`;
    const chunks: Buffer[] = [];
    for (const part of parts) {
      const head = part.filename
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}`
        : `Content-Disposition: form-data; name="${part.name}"`;
      chunks.push(
        Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`),
        Buffer.from(part.value),
        Buffer.from('\r\n'),
      );
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
  };
  const signedUp = async () => {
    const b = t.browser();
    const customerId = await b.signUp(email());
    return { b, customerId };
  };

  it('given a visitor without JavaScript, when they sign up by form, then they land on their dashboard and can sign out', async () => {
    const b = t.browser();
    const signIn = html(await page(b, DASHBOARD));
    expect(signIn).toMatch(/autocomplete="current-password"/i);
    expect(signIn).toContain(`href="${DASHBOARD}?form=sign-up"`);
    const form = html(await page(b, `${DASHBOARD}?form=sign-up`));
    expect(form).toMatch(/autocomplete="new-password"/i);
    expect(hidden(form, '_next')).toBe(DASHBOARD);
    const action = generateUrl('ajax_login.fr', { type: 'sign-up' });
    const address = email();
    // A refused sign-up (no terms): back to the sign-up form, the values kept, the field marked.
    const back = seeOther(
      await submit(b, form, action, {
        firstName: 'Inès',
        lastName: 'Durand',
        email: address,
        password: PASSWORD,
      }),
    );
    expect(back).toBe(`${DASHBOARD}?form=sign-up`);
    const refused = html(await page(b, back));
    expect(refused).toContain('Votre saisie n’a pas été enregistrée');
    expect(refused).toMatch(/id="field-consents-terms"[^>]*aria-invalid="true"/);
    expect(refused).toContain(`value="${address}"`);

    const landed = seeOther(
      await submit(b, refused, action, {
        firstName: 'Inès',
        lastName: 'Durand',
        email: address,
        password: PASSWORD,
        'consents.terms': 'true',
      }),
    );
    expect(landed).toBe(DASHBOARD);
    const dashboard = html(await page(b, landed));
    expect(dashboard).toContain('Bonjour Inès');
    expect(dashboard).toContain('Mes achats et réservations');
    const signOut = generateUrl('ajax_login.fr', { type: 'sign-out' });
    expect(dashboard).toContain(`action="${signOut}"`);

    expect(seeOther(await submit(b, dashboard, signOut, {}))).toBe(DASHBOARD);
    expect(html(await page(b, DASHBOARD))).toMatch(/autocomplete="current-password"/i);
  });

  it('given an email already registered, when signing up by form, then the email field says to sign in', async () => {
    const address = email();
    await t.browser().signUp(address);
    const b = t.browser();
    const form = html(await page(b, `${DASHBOARD}?form=sign-up`));
    const back = seeOther(
      await submit(b, form, generateUrl('ajax_login.fr', { type: 'sign-up' }), {
        firstName: 'A',
        lastName: 'B',
        email: address,
        password: 'another long passphrase',
        'consents.terms': 'true',
      }),
    );
    expect(html(await page(b, back))).toContain('Cette adresse e-mail a déjà un compte');
  });

  it('given the sign-in form, when the password is wrong then right, then the refusal shows by the field and then the dashboard', async () => {
    const address = email();
    await t.browser().signUp(address, 'de');
    const b = t.browser();
    const de = generateUrl('my_account_dashboard.de');
    const form = html(await page(b, de));
    const action = generateUrl('ajax_login.de', { type: 'sign-in' });
    const back = seeOther(await submit(b, form, action, { email: address, password: 'not the password' }));
    const refused = html(await page(b, back));
    expect(refused).toContain('E-Mail-Adresse oder Passwort ist falsch.');
    expect(refused).not.toContain('not the password');
    expect(seeOther(await submit(b, refused, action, { email: address, password: PASSWORD }))).toBe(de);
    expect(html(await page(b, de))).toContain('Guten Tag, Camille');
  });

  it('given too many sign-in attempts by form, then the form says to wait, in the buyer’s language', async () => {
    const address = email();
    const b = t.browser();
    const pl = generateUrl('my_account_dashboard.pl');
    const action = generateUrl('ajax_login.pl', { type: 'sign-in' });
    let form = html(await page(b, pl));
    for (let attempt = 0; attempt < 6; attempt++) {
      form = html(
        await page(b, seeOther(await submit(b, form, action, { email: address, password: 'wrong one' }))),
      );
    }
    expect(form).toContain('Zbyt wiele prób w krótkim czasie.');
  });

  it('given a JSON client, when it signs in and out, then it gets JSON answers, not redirects', async () => {
    const address = email();
    await t.browser().signUp(address);
    const b = t.browser();
    const signedIn = await b.post(generateUrl('ajax_login.fr', { type: 'sign-in' }), {
      email: address,
      password: PASSWORD,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ signedIn: true, customer: { email: address } });
    const signedOut = await b.call({
      method: 'POST',
      url: generateUrl('ajax_login.fr', { type: 'sign-out' }),
      headers: { 'x-csrf-token': signedIn.json().csrfToken },
    });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toMatchObject({ signedIn: false });
  });

  it('given a page of ours as next, when signing in, then the buyer goes there; another site is never a destination', async () => {
    const b = t.browser();
    const favorites = generateUrl('my_account_favorite.fr');
    const form = html(await page(b, `${DASHBOARD}?next=${encodeURIComponent(favorites)}`));
    expect(hidden(form, '_next')).toBe(favorites);
    const evil = html(await page(b, `${DASHBOARD}?next=${encodeURIComponent('//evil.example/x')}`));
    expect(hidden(evil, '_next')).toBe(DASHBOARD);
  });

  it('given two buyers, when one starts a purchase, then only they see it, with its timeline, and the other gets 404', async () => {
    const a = await signedUp();
    const car: CarFacts = t.h.cars.FR.find((c) => c.condition !== 'new')!;
    const started = await a.b.post(`/fr/acheter/achat-${car.carId}/${carSlug(car)}`);
    expect(started.statusCode, started.body).toBe(201);
    const purchaseId = started.json().purchaseId as string;

    const mine = await a.b.get('/api/account/funnels');
    expect(mine.statusCode, mine.body).toBe(200);
    const [purchase] = mine.json().purchases;
    expect(purchase).toMatchObject({ purchaseId, status: 'in-progress', car: { carId: car.carId } });
    expect(purchase.links.page).toContain(`/fr/acheter/achat-${car.carId}/`);
    expect(purchase.timeline.map((item: { type: string }) => item.type)).toEqual(['PurchaseStarted']);
    expect(purchase.timeline[0].amount).toEqual(car.price);
    expect(JSON.stringify(purchase)).not.toContain(a.customerId);

    const other = await signedUp();
    expect((await other.b.get('/api/account/funnels')).json()).toEqual({ purchases: [], bookings: [] });
    expect((await other.b.get(`/api/account/funnels/purchase/${purchaseId}`)).statusCode).toBe(404);
    expect((await a.b.get(`/api/account/funnels/purchase/${purchaseId}`)).json().purchaseId).toBe(purchaseId);
    expect((await t.browser().get('/api/account/funnels')).statusCode).toBe(401);

    const dashboard = html(await page(a.b, DASHBOARD));
    expect(dashboard).toContain(`Achat n° ${purchaseId}`);
    expect(dashboard).toContain('Reprendre mon achat');
    expect(dashboard).toMatch(/Achat commencé au prix de/);
  });

  it('given a buyer, when they add, change and remove a car, then the plate lives in the vault only and another buyer gets 404', async () => {
    const { b, customerId } = await signedUp();
    const add = generateUrl('ajax_add_my_car.fr');
    const refused = await b.post(add, { brand: 'Peugeot', model: '208', year: 1800, mileageKm: -3 });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fields ?? {})).toEqual(expect.arrayContaining(['year', 'mileageKm']));

    const added = await b.post(add, {
      brand: 'Peugeot',
      model: '208',
      year: 2019,
      mileageKm: 48000,
      plate: 'ab-123-cd',
    });
    expect(added.statusCode, added.body).toBe(201);
    const car = added.json().car;
    expect(car).toMatchObject({ brand: 'Peugeot', plate: 'AB-123-CD', hasImage: false, version: 1 });
    const row = await t.h.db.knex
      .withSchema(t.h.db.schema)
      .from('customer_cars')
      .where({ car_id: car.carId })
      .first();
    expect(row.customer_id).toBe(customerId);
    expect(JSON.stringify(row)).not.toContain('AB-123-CD');
    expect((await t.h.vault.read(customerId)).data.carPlates).toEqual({ [car.carId]: 'AB-123-CD' });

    const update = generateUrl('ajax_add_my_car_update.fr');
    const changed = await b.post(update, {
      carId: car.carId,
      brand: 'Peugeot',
      model: '208',
      year: 2019,
      mileageKm: 51000,
      plate: '',
      expectedVersion: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().car).toMatchObject({ mileageKm: 51000, plate: null, version: 2 });
    const stale = await b.post(update, {
      carId: car.carId,
      brand: 'X',
      model: 'Y',
      year: 2019,
      mileageKm: 1,
      expectedVersion: 1,
    });
    expect(stale.statusCode).toBe(409);

    const other = await signedUp();
    const foreign = await other.b.post(update, {
      carId: car.carId,
      brand: 'X',
      model: 'Y',
      year: 2019,
      mileageKm: 1,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await other.b.post(update, { carId: car.carId, action: 'remove' })).statusCode).toBe(404);
    expect((await other.b.get(add)).json().cars).toEqual([]);
    expect((await b.get(add)).json().cars).toHaveLength(1);

    expect((await b.post(update, { carId: car.carId, action: 'remove' })).json()).toEqual({
      removed: car.carId,
    });
    expect((await b.get(add)).json().cars).toEqual([]);
    expect((await t.h.vault.read(customerId)).data.carPlates).toBeUndefined();
  });

  it('given a car, when pictures are sent, then only a real picture within the size is kept and served to its owner only', async () => {
    const { b } = await signedUp();
    const car = (
      await b.post(generateUrl('ajax_add_my_car.fr'), {
        brand: 'Renault',
        model: 'Clio',
        year: 2021,
        mileageKm: 12000,
      })
    ).json().car;
    const imagePath = generateUrl('ajax_add_my_car_image.fr');
    const send = async (who: Buyer, bytes: Buffer, json = true) => {
      const token = await who.csrf();
      const body = multipart([
        { name: '_csrf', value: token },
        ...(json ? [] : [{ name: '_back', value: DASHBOARD }]),
        { name: 'carId', value: car.carId },
        { name: 'image', value: bytes, filename: 'car.png', type: 'image/png' },
      ]);
      return who.call({
        method: 'POST',
        url: imagePath,
        payload: body.payload,
        headers: { 'content-type': body.contentType, ...(json ? { accept: 'application/json' } : HTML) },
      });
    };
    const notAPicture = await send(b, Buffer.from('%PDF-1.7 not a picture'));
    expect(notAPicture.statusCode).toBe(400);
    expect(notAPicture.json().fields.image).toBeDefined();
    const tooBig = await send(b, Buffer.concat([PNG, Buffer.alloc(MY_CAR_IMAGE_MAX_BYTES)]));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().fields.image[0]).toMatch(/over/);

    const withoutToken = multipart([
      { name: 'carId', value: car.carId },
      { name: 'image', value: PNG, filename: 'car.png', type: 'image/png' },
    ]);
    const forged = await b.call({
      method: 'POST',
      url: imagePath,
      payload: withoutToken.payload,
      headers: { 'content-type': withoutToken.contentType },
    });
    expect(forged.statusCode).toBe(403);

    const other = await signedUp();
    expect((await send(other.b, PNG)).statusCode).toBe(404);

    const kept = await send(b, PNG);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().car).toMatchObject({ hasImage: true, version: 2 });
    const served = await b.call({ method: 'GET', url: `${imagePath}?carId=${car.carId}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(String(served.headers['cache-control'])).toMatch(/^private/);
    expect((await other.b.call({ method: 'GET', url: `${imagePath}?carId=${car.carId}` })).statusCode).toBe(
      404,
    );

    // A browser without JavaScript: the refused picture comes back to the dashboard by its field.
    expect(seeOther(await send(b, Buffer.from('GIF89a'), false))).toBe(DASHBOARD);
    expect(html(await page(b, DASHBOARD))).toContain('Choisissez une photo JPEG, PNG ou WebP.');
  });

  it('given a buyer without JavaScript, when they add a car by form with a bad year, then the add form shows it; then it is added', async () => {
    const { b } = await signedUp();
    const dashboard = html(await page(b, DASHBOARD));
    const add = generateUrl('ajax_add_my_car.fr');
    const fields = { brand: 'Fiat', model: '500', year: '20x9', mileageKm: '30 000', plate: '' };
    const back = seeOther(await submit(b, dashboard, add, fields));
    const refused = html(await page(b, back));
    expect(refused).toMatch(/id="add-car-year"[^>]*aria-invalid="true"/);
    expect(refused).toContain('value="Fiat"');
    expect(seeOther(await submit(b, refused, add, { ...fields, year: '2019' }))).toBe(DASHBOARD);
    const listed = html(await page(b, DASHBOARD));
    expect(listed).toMatch(/Fiat(<!-- -->)? (<!-- -->)?500/);
    expect(listed).toMatch(/30\s000\s?km/);
  });
});
