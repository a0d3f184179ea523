/**
 * The account's bills through the whole app on a real database: a buyer's paid purchase gives an
 * advance receipt and an order confirmation, listed and downloaded as PDFs (another buyer's is a 404,
 * a visitor goes to the sign-in form); the ZIP of all, asked twice while it builds (one bundle), ready
 * with every PDF inside; bills added for an own car by a form without JavaScript (303, one bill for a
 * double submit), refused by the fields, downloaded, removed, and gone with their car.
 */

import type { LightMyRequestResponse } from 'fastify';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MY_BILL_MAX_BYTES } from '../../domain/bills/myBills.ts';
import { type CarFacts, carSlug } from '../../domain/catalogue/car.ts';
import { generateUrl } from '../../domain/routes/index.ts';
import { MY_INFOS_FR } from '../../engine/funnels/testing/buyerForms.ts';
import { hidden, htmlOf, pageOf, seeOther } from '../testing/formPages.ts';
import { type Buyer, type FunnelTestApp, openFunnelTestApp } from '../testing/funnelTestApp.ts';

const CALL = '/fr/acheter/connect/ajax';
const BILLS = generateUrl('my_account_my_bills_add.fr');
const LIST = generateUrl('ajax_my_bills.fr');
const PROGRESS = generateUrl('ajax_my_bills_check_progress_download.fr');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type Part = { name: string; value: string | Buffer; filename?: string; type?: string };
function multipart(parts: Part[]) {
  const boundary = `----bills${Date.now()}`;
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
}

describe('the account’s bills', () => {
  let t: FunnelTestApp;
  const used = new Set<string>();
  let buyers = 0;
  beforeAll(async () => {
    t = await openFunnelTestApp({ account: true });
  }, 240_000);
  afterAll(async () => {
    await t?.close();
  });

  const ok = (response: LightMyRequestResponse, status = 200) => {
    expect(response.statusCode, response.body.slice(0, 400)).toBe(status);
    return response.json();
  };
  const freshCar = (): CarFacts => {
    const car = t.h.cars.FR.find((c) => !used.has(c.carId) && c.condition !== 'new');
    if (!car) throw new Error('no fresh car left');
    used.add(car.carId);
    return car;
  };
  const signedUp = async () => {
    const b = t.browser();
    const customerId = await b.signUp(`bills-${++buyers}-${Date.now()}@example.test`);
    return { b, customerId };
  };

  /** A signed-up buyer's purchase walked to the advance and paid at the sandbox: confirmed. */
  async function paidPurchase(b: Buyer) {
    const car = freshCar();
    const { purchaseId: id } = ok(await b.post(`/fr/acheter/achat-${car.carId}/${carSlug(car)}`), 201);
    ok(await b.post(`${CALL}/checkMyInfoStep/${id}`, MY_INFOS_FR));
    ok(await b.post(`${CALL}/checkDealerDistance/${id}`, { mode: 'pickup' }));
    ok(await b.post(`${CALL}/form/recovery/${id}`, { action: 'skip' }));
    ok(await b.post(`${CALL}/insurance/${id}`, { offerId: null }));
    ok(await b.post(`${CALL}/additional-optional/${id}`, { extraIds: [] }));
    ok(await b.post(`${CALL}/funding/${id}`, { action: 'cash' }));
    const view = ok(await b.post(`${CALL}/form/summary-step-5/${id}`, {}));
    await b.checkout(view.checkoutUrl, 'pay');
    expect(ok(await b.get(`/fr/acheter/getcarpurchase/${id}`)).status).toBe('confirmed');
    return { id: id as string, car };
  }

  it('given a paid purchase, then its advance receipt and order confirmation are listed and download as PDFs, to their buyer only', async () => {
    const { b } = await signedUp();
    const { id, car } = await paidPurchase(b);
    const listed = ok(await b.get(LIST));
    expect(listed.documents.map((d: { kind: string }) => d.kind).sort()).toEqual(['advance', 'order']);
    const order = listed.documents.find((d: { kind: string }) => d.kind === 'order');
    expect(order).toMatchObject({
      funnel: 'purchase',
      funnelId: id,
      market: 'fr',
      car: { carId: car.carId },
    });
    expect(order.documentId).toMatch(new RegExp(`^order-p${id}-\\d+$`));
    expect(order.number).toMatch(new RegExp(`^OC-\\d{4}-P${id}-\\d+$`));
    expect(order.url).toBe(generateUrl('ajax_my_bills_document.fr', { documentId: order.documentId }));
    // The same ids on the next request.
    expect(ok(await b.get(LIST)).documents.map((d: { documentId: string }) => d.documentId)).toEqual(
      listed.documents.map((d: { documentId: string }) => d.documentId),
    );

    const pdf = await b.call({ method: 'GET', url: order.url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${order.number}.pdf"`);
    expect(pdf.headers['cache-control']).toBe('no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The buyer's own language: the Polish path gives the same document in Polish.
    const pl = await b.call({
      method: 'GET',
      url: generateUrl('ajax_my_bills_document.pl', { documentId: order.documentId }),
    });
    expect(pl.rawPayload.toString('latin1')).toContain('/Lang (pl-PL)');

    const other = await signedUp();
    expect((await other.b.call({ method: 'GET', url: order.url })).statusCode).toBe(404);
    expect(ok(await other.b.get(LIST)).documents).toEqual([]);
    expect((await b.call({ method: 'GET', url: order.url.replace(/-\d+$/, '-999') })).statusCode).toBe(404);

    const visitor = t.browser();
    expect((await visitor.get(LIST)).statusCode).toBe(401);
    const signIn = seeOther(await pageOf(visitor, order.url));
    expect(signIn).toBe(`${BILLS}?next=${encodeURIComponent(order.url)}`);
    expect(htmlOf(await pageOf(visitor, signIn))).toMatch(/autocomplete="current-password"/i);

    const page = htmlOf(await pageOf(b, BILLS));
    expect(page).toContain('Confirmation de commande');
    expect(page).toContain('Reçu de paiement d’acompte');
    expect(page).toContain(`href="${order.url}"`);
  });

  it('given documents, when the bundle is asked twice, then one bundle is built and its ZIP holds every PDF; without JavaScript the page shows its progress', async () => {
    const { b } = await signedUp();
    await paidPurchase(b);
    const documents = ok(await b.get(LIST)).documents as { number: string }[];
    const first = ok(await b.post(PROGRESS));
    const second = ok(await b.post(PROGRESS));
    expect(second.bundleId).toBe(first.bundleId);
    expect(first.total).toBe(documents.length);
    await t.bundles!.idle();
    const ready = ok(await b.post(PROGRESS));
    expect(ready).toMatchObject({ bundleId: first.bundleId, ready: true, done: documents.length });
    expect(ready.downloadUrl).toBe(generateUrl('ajax_my_bills_bundle.fr', { bundleId: first.bundleId }));
    const zip = await b.call({ method: 'GET', url: ready.downloadUrl });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toMatch(/^attachment/);
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(files).sort()).toEqual(documents.map((d) => `${d.number}.pdf`).sort());
    for (const bytes of Object.values(files))
      expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const other = await signedUp();
    expect((await other.b.call({ method: 'GET', url: ready.downloadUrl })).statusCode).toBe(404);

    // Without JavaScript: the form's 303 to the page, which shows the progress (and the link once ready).
    const page = htmlOf(await pageOf(b, BILLS));
    const body = new URLSearchParams({ _csrf: hidden(page, '_csrf') ?? '', _back: BILLS });
    const to = seeOther(
      await b.call({
        method: 'POST',
        url: PROGRESS,
        payload: body.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      }),
    );
    expect(to).toBe(`${BILLS}?bundle=${first.bundleId}#documents`);
    const progress = htmlOf(await pageOf(b, to.split('#')[0]!));
    expect(progress).toMatch(/<progress[^>]*id="bundle-progress"/);
    expect(progress).toContain(`href="${ready.downloadUrl}"`);
  });

  it('given a car of theirs, when a bill is added by form without JavaScript, then it is listed, downloadable and removable; a double submit is one bill', async () => {
    const { b } = await signedUp();
    const car = ok(
      await b.post(generateUrl('ajax_add_my_car.fr'), {
        brand: 'Renault',
        model: 'Clio',
        year: 2020,
        mileageKm: 30000,
      }),
      201,
    ).car;
    const page = htmlOf(await pageOf(b, BILLS));
    expect(page).toMatch(/enctype="multipart\/form-data"/i);
    const uploadKey = hidden(page, 'uploadKey')!;
    expect(uploadKey).toMatch(/^[a-f0-9]{32}$/);
    const send = (fields: Record<string, string>, file?: Part) => {
      const body = multipart([
        { name: '_csrf', value: hidden(page, '_csrf') ?? '' },
        { name: '_back', value: BILLS },
        ...Object.entries(fields).map(([name, value]) => ({ name, value })),
        ...(file ? [file] : []),
      ]);
      return b.call({
        method: 'POST',
        url: BILLS,
        payload: body.payload,
        headers: { 'content-type': body.contentType, accept: 'text/html' },
      });
    };
    const fields = {
      uploadKey,
      carId: car.carId,
      date: '2026-01-15',
      garage: 'Garage du Centre',
      description: 'Vidange et filtres',
      amount: '189,90',
    };
    const file = { name: 'file', value: PDF, filename: 'facture.pdf', type: 'application/pdf' };
    expect(seeOther(await send(fields, file))).toBe(BILLS);
    expect(seeOther(await send(fields, file))).toBe(BILLS);
    const bills = ok(await b.get(LIST)).bills;
    expect(bills).toHaveLength(1);
    expect(bills[0]).toMatchObject({
      carId: car.carId,
      date: '2026-01-15',
      garage: 'Garage du Centre',
      amount: { amount: 18_990, currency: 'EUR' },
      contentType: 'application/pdf',
    });
    const listed = htmlOf(await pageOf(b, BILLS));
    expect(listed).toContain('Garage du Centre');
    expect(hidden(listed, 'uploadKey')).not.toBe(uploadKey);

    const served = await b.call({ method: 'GET', url: bills[0].url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toMatch(/^attachment/);
    expect(served.rawPayload.equals(PDF)).toBe(true);
    const other = await signedUp();
    expect((await other.b.call({ method: 'GET', url: bills[0].url })).statusCode).toBe(404);

    // Removing: a form posted twice removes one bill and answers the same.
    const remove = generateUrl('ajax_my_bills_delete.fr');
    const removeForm = new URLSearchParams({
      _csrf: hidden(listed, '_csrf') ?? '',
      _back: BILLS,
      billId: bills[0].billId,
    });
    const post = () =>
      b.call({
        method: 'POST',
        url: remove,
        payload: removeForm.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      });
    expect((await other.b.post(remove, { billId: bills[0].billId })).statusCode).toBe(200);
    expect(ok(await b.get(LIST)).bills).toHaveLength(1);
    expect(seeOther(await post())).toBe(BILLS);
    expect(seeOther(await post())).toBe(BILLS);
    expect(ok(await b.get(LIST)).bills).toEqual([]);
    expect((await b.call({ method: 'GET', url: bills[0].url })).statusCode).toBe(404);
  });

  it('given bad fields, a file too big or of another type, then the page shows the messages by the fields and nothing is kept', async () => {
    const { b } = await signedUp();
    const car = ok(
      await b.post(generateUrl('ajax_add_my_car.fr'), {
        brand: 'Fiat',
        model: '500',
        year: 2018,
        mileageKm: 50000,
      }),
      201,
    ).car;
    const page = htmlOf(await pageOf(b, BILLS));
    const send = async (fields: Record<string, string>, file?: Part, json = false) => {
      const body = multipart([
        { name: '_csrf', value: await b.csrf() },
        ...(json ? [] : [{ name: '_back', value: BILLS }]),
        { name: 'uploadKey', value: hidden(page, 'uploadKey')! },
        ...Object.entries(fields).map(([name, value]) => ({ name, value })),
        ...(file ? [file] : []),
      ]);
      return b.call({
        method: 'POST',
        url: BILLS,
        payload: body.payload,
        headers: { 'content-type': body.contentType, accept: json ? 'application/json' : 'text/html' },
      });
    };
    const good = { carId: car.carId, date: '2026-02-01', garage: 'Garage', amount: '50' };
    const gif = {
      name: 'file',
      value: Buffer.from('GIF89a...'),
      filename: 'bill.pdf',
      type: 'application/pdf',
    };
    const refused = await send({ ...good, date: '2999-01-01', amount: 'abc', garage: '' }, gif, true);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fields).sort()).toEqual(['amount', 'date', 'file', 'garage']);
    const big = {
      name: 'file',
      value: Buffer.concat([PNG, Buffer.alloc(MY_BILL_MAX_BYTES)]),
      filename: 'big.png',
      type: 'image/png',
    };
    const tooBig = await send(good, big, true);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().fields.file[0]).toMatch(/over/);
    const foreign = await send(
      { ...good, carId: 'mc_0000' },
      { name: 'file', value: PNG, filename: 'a.png' },
      true,
    );
    expect(foreign.json().fields.carId).toBeDefined();
    const forged = multipart([{ name: 'carId', value: car.carId }]);
    expect(
      (
        await b.call({
          method: 'POST',
          url: BILLS,
          payload: forged.payload,
          headers: { 'content-type': forged.contentType },
        })
      ).statusCode,
    ).toBe(403);

    // Without JavaScript: back to the page, the messages by the fields in French, the values kept.
    expect(seeOther(await send({ ...good, date: '2999-01-01', garage: 'Garage Dupont' }, gif))).toBe(BILLS);
    const back = htmlOf(await pageOf(b, BILLS));
    expect(back).toMatch(/id="field-date"[^>]*aria-invalid="true"/);
    expect(back).toMatch(/id="field-file"[^>]*aria-invalid="true"/);
    expect(back).toContain('Saisissez une date passée ou aujourd’hui.');
    expect(back).toContain('Choisissez un fichier PDF, JPEG ou PNG.');
    expect(back).toContain('value="Garage Dupont"');
    expect(seeOther(await send(good, big))).toBe(BILLS);
    expect(htmlOf(await pageOf(b, BILLS))).toContain('Ce fichier dépasse 8 Mo.');
    expect(ok(await b.get(LIST)).bills).toEqual([]);
    const rows = await t.h.db.knex
      .withSchema(t.h.db.schema)
      .from('customer_bills')
      .where({ car_id: car.carId });
    expect(rows).toEqual([]);
  });

  it('given a car with a bill, when the car is removed, then its bills go with it', async () => {
    const { b, customerId } = await signedUp();
    const car = ok(
      await b.post(generateUrl('ajax_add_my_car.fr'), {
        brand: 'Opel',
        model: 'Corsa',
        year: 2017,
        mileageKm: 90000,
      }),
      201,
    ).car;
    const body = multipart([
      { name: '_csrf', value: await b.csrf() },
      { name: 'uploadKey', value: 'key-of-this-test-1' },
      { name: 'carId', value: car.carId },
      { name: 'date', value: '2026-02-27' },
      { name: 'garage', value: 'Garage' },
      { name: 'amount', value: '12' },
      { name: 'file', value: PNG, filename: 'bill.png', type: 'image/png' },
    ]);
    const added = await b.call({
      method: 'POST',
      url: BILLS,
      payload: body.payload,
      headers: { 'content-type': body.contentType, accept: 'application/json' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const bill = added.json().bill;
    ok(await b.post(generateUrl('ajax_add_my_car_update.fr'), { carId: car.carId, action: 'remove' }));
    expect(await t.bills!.list(customerId)).toEqual([]);
    expect((await b.call({ method: 'GET', url: bill.url })).statusCode).toBe(404);
  });
});
