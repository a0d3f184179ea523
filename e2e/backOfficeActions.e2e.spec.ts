/**
 * Staff acting from the back office's purchase detail, in a real browser on the real site (set up as
 * e2e/backOffice.e2e.spec.ts: `bin/start.ts` in development on a fresh embedded database, the demo
 * admin account): the Actions panel offers what the purchase allows now; cancelling without a reason
 * is refused by the field, in the staff member's language; with a reason the purchase is cancelled and
 * the new timeline event shows the staff member and the reason; a command another change overtook
 * says so (409) with what is allowed now. A booking whose deposit was paid is cancelled with a reason
 * and its refund shows in the timeline; a booking's hold extension and the car panel's price change
 * are shown and sent. axe-core with the forms open; screenshots on a phone and a desktop in French and
 * German, and French and Dutch for the booking and car forms (e2e/screenshots/back-office-*.png).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackOfficeSuite, openBackOfficeSuite, screens } from './backOfficeSuite.ts';
import { httpBuyer } from './httpBuyer.ts';
import { hasChromium, shoot } from './site.ts';

describe.skipIf(!hasChromium)('staff actions in the back office', () => {
  let suite: BackOfficeSuite;
  const purchases: Record<'fr' | 'de', string> = { fr: '', de: '' };
  /** A German booking whose 300 € deposit was paid, and a free French one (confirmed). */
  const bookings = { paid: '', free: '' };

  beforeAll(async () => {
    suite = await openBackOfficeSuite('actions');
    const { cars } = suite;
    // Two purchases started by buyers over HTTP: a French one and a German one, both in progress.
    const [frCar] = await cars('FR');
    const b = httpBuyer(suite.url);
    purchases.fr = (await b.ok(b.post(`/fr/acheter/achat-${frCar!.carId}/${frCar!.slug}`), 201)).purchaseId;
    const [deCar] = await cars('DE');
    const d = httpBuyer(suite.url);
    purchases.de = (
      await d.ok(d.post(`/de/kaufen/bestellung-${deCar!.carId}/${deCar!.slug}`), 201)
    ).purchaseId;

    // Two bookings made by buyers over HTTP: a German one with its deposit paid, a free French one.
    const [, deBooked] = await cars('DE');
    const payer = httpBuyer(suite.url);
    await payer.signUp('payer@example.test', { locale: 'de', booking: true });
    const deForm = `/de/kaufen/reservieren-${deBooked!.carId}/${deBooked!.slug}`;
    bookings.paid = (await payer.ok(payer.post(`${deForm}/0`, { action: 'start' }), 201)).bookingId;
    const asked = await payer.ok(payer.post(`${deForm}/${bookings.paid}`, { action: 'pay-deposit' }));
    expect((await payer.checkout(asked.checkoutUrl, 'pay')).page).toMatchObject({ depositPaid: true });
    const [, frBooked] = await cars('FR');
    const booker = httpBuyer(suite.url);
    await booker.signUp('booker@example.test', { locale: 'fr', booking: true });
    const frForm = `/fr/acheter/reserver-${frBooked!.carId}/${frBooked!.slug}/0`;
    const free = await booker.ok(booker.post(frForm, { action: 'start' }), 201);
    expect(free.state).toBe('confirmed');
    bookings.free = free.bookingId;
  }, 300_000);

  afterAll(() => suite?.close());

  const actions = (page: Page) => page.locator('.admin-actions');

  it('shows the form with its refusal by the field, on a phone and a desktop, in French and German', async () => {
    const words = {
      fr: { cancel: 'Annuler l’achat', confirm: 'Confirmer', required: 'Indiquez le motif de cette action.' },
      de: {
        cancel: 'Kauf stornieren',
        confirm: 'Bestätigen',
        required: 'Geben Sie eine Begründung für diese Aktion an.',
      },
    } as const;
    for (const { locale, device, width } of screens(['fr', 'de'])) {
      const page = await suite.newPage(width);
      await page.goto(`${suite.url}/admin/${locale}/purchase/${purchases[locale]}`);
      await actions(page).getByRole('button', { name: words[locale].cancel }).click();
      await page.getByRole('button', { name: words[locale].confirm }).click();
      await expect
        .poll(() => page.locator('#action-reason-error').textContent())
        .toBe(words[locale].required);
      expect(await page.locator('#action-reason').getAttribute('aria-invalid')).toBe('true');
      await shoot(page, `back-office-actions-${locale}-${device}-refused`);
      await suite.axe(page);
      await page.context().close();
    }
  });

  it('cancels a purchase with a reason: cancelled, the new event with the staff member and the reason', async () => {
    const page = await suite.newPage();
    await page.goto(`${suite.url}/admin/fr/purchase/${purchases.fr}`);
    const cancel = actions(page).getByRole('button', { name: 'Annuler l’achat' });
    await cancel.click();
    expect(await cancel.getAttribute('aria-expanded')).toBe('true');
    await suite.axe(page);
    const reason = 'Le client a appelé pour annuler';
    await page.getByLabel('Motif', { exact: true }).fill(reason);
    await page.getByRole('button', { name: 'Confirmer' }).dblclick();
    await expect.poll(() => actions(page).getByRole('status').textContent()).toBe('L’achat est annulé.');
    await expect.poll(() => page.locator('.admin-facts dd').first().textContent()).toBe('Annulé');
    const last = page.locator('.admin-timeline li').last();
    await expect.poll(() => last.locator('strong').textContent()).toBe('PurchaseCancelled');
    expect(await last.locator('.admin-timeline__who').textContent()).toBe(
      'Demo admin (équipe, administrateur)',
    );
    expect(await last.locator('.admin-timeline__reason').textContent()).toBe(`Motif : ${reason}`);
    // The double click was one command: one cancellation in the timeline.
    expect(await page.locator('.admin-timeline li strong', { hasText: 'PurchaseCancelled' }).count()).toBe(1);
    await expect.poll(() => actions(page).textContent()).toContain('Aucune action possible');
    await suite.axe(page);
    await shoot(page, 'back-office-actions-fr-desktop-cancelled');
    await page.context().close();
  });

  it('says so when another change came first, with what is allowed now', async () => {
    const page = await suite.newPage();
    await page.goto(`${suite.url}/admin/de/purchase/${purchases.de}`);
    await actions(page).getByRole('button', { name: 'Fahrzeugreservierung verlängern' }).click();
    await page.getByLabel('Verlängern um (Minuten)').fill('90');
    await page.getByLabel('Begründung', { exact: true }).fill('Kunde ist bei der Bank');
    // Meanwhile a colleague cancels it: the extension comes too late.
    const other = await suite.newPage();
    await other.goto(`${suite.url}/admin/de/purchase/${purchases.de}`);
    await actions(other).getByRole('button', { name: 'Kauf stornieren' }).click();
    await other.getByLabel('Begründung', { exact: true }).fill('Kunde hat per E-Mail storniert');
    await other.getByRole('button', { name: 'Bestätigen' }).click();
    await expect.poll(() => actions(other).getByRole('status').textContent()).toBe('Der Kauf ist storniert.');
    await other.context().close();

    await page.getByRole('button', { name: 'Bestätigen' }).click();
    await expect
      .poll(() => actions(page).getByRole('alert').textContent())
      .toBe('Eine andere Änderung kam Ihrer zuvor. Jetzt möglich: Keine.');
    await expect.poll(() => page.locator('.admin-facts dd').first().textContent()).toBe('Storniert');
    await expect.poll(() => page.locator('.admin-state h2').textContent()).toContain('Nr. 1');
    await shoot(page, 'back-office-actions-de-desktop-conflict');
    await suite.axe(page);
    await page.context().close();
    expect(suite.errors.filter((e) => !/409|Conflict/.test(e))).toEqual([]);
  });

  it('cancels a booking whose deposit was paid with a reason: the refund shows in its timeline', async () => {
    const page = await suite.newPage();
    await page.goto(`${suite.url}/admin/fr/car-booking/${bookings.paid}`);
    const buttons = actions(page).locator('.admin-actions__buttons button');
    await expect
      .poll(() => buttons.allTextContents())
      .toEqual([
        'Annuler la réservation',
        'Libérer le véhicule réservé',
        'Prolonger le blocage du véhicule réservé',
      ]);
    await actions(page).getByRole('button', { name: 'Annuler la réservation' }).click();
    const reason = 'Le client a trouvé un autre véhicule';
    await page.getByLabel('Motif', { exact: true }).fill(reason);
    await page.getByRole('button', { name: 'Confirmer' }).click();
    await expect
      .poll(() => actions(page).getByRole('status').textContent())
      .toBe('La réservation est annulée.');
    const types = page.locator('.admin-timeline li strong');
    await expect.poll(() => types.allTextContents()).toContain('DepositRefunded');
    const entries = await types.allTextContents();
    expect(entries.slice(-2)).toEqual(['BookingCancelled', 'DepositRefunded']);
    const cancelled = page.locator('.admin-timeline li').nth(entries.length - 2);
    expect(await cancelled.locator('.admin-timeline__reason').textContent()).toBe(`Motif : ${reason}`);
    const refund = page.locator('.admin-timeline li').last();
    await refund.locator('summary').click();
    expect(await refund.locator('pre').textContent()).toContain('"amount": 30000');
    await expect.poll(() => page.locator('.admin-facts dd').first().textContent()).toBe('Annulée');
    // The car is free again: the car panel says so.
    await expect.poll(() => page.locator('.admin-car-actions dd').nth(1).textContent()).toBe('En vente');
    await suite.axe(page);
    await shoot(page, 'back-office-actions-fr-desktop-booking-refunded');
    await page.context().close();
  });

  it('shows a booking hold extension and the car’s price change on a phone and a desktop, in French and Dutch', async () => {
    const words = {
      fr: {
        extend: 'Prolonger le blocage du véhicule réservé',
        price: 'Modifier le prix',
        done: 'Le prix est modifié.',
      },
      'nl-BE': {
        extend: 'Blokkering van de gereserveerde wagen verlengen',
        price: 'Prijs wijzigen',
        done: 'De prijs is gewijzigd.',
      },
    } as const;
    for (const { locale, device, width } of screens(['fr', 'nl-BE'])) {
      const page = await suite.newPage(width);
      await page.goto(`${suite.url}/admin/${locale}/car-booking/${bookings.free}`);
      await actions(page).getByRole('button', { name: words[locale].extend }).click();
      expect(await page.locator('#action-minutes').inputValue()).toBe('60');
      await suite.axe(page);
      await shoot(page, `back-office-booking-actions-${locale}-${device}-extend`);
      const car = page.locator('.admin-car-actions');
      await car.getByRole('button', { name: words[locale].price }).click();
      await expect.poll(() => page.locator('#car-price').inputValue()).toMatch(/^\d+(,\d{1,2})?$/);
      await page.locator('#car-price').fill('12,5');
      await page.locator('#car-reason').fill('');
      await car.getByRole('button', { name: locale === 'fr' ? 'Confirmer' : 'Bevestigen' }).click();
      expect(await page.locator('#car-reason').getAttribute('aria-invalid')).toBe('true');
      await suite.axe(page);
      await shoot(page, `back-office-car-${locale}-${device}-price`);
      await page.context().close();
    }
    // Sent once: the new price shows in the market's currency.
    const page = await suite.newPage();
    await page.goto(`${suite.url}/admin/fr/car-booking/${bookings.free}`);
    const car = page.locator('.admin-car-actions');
    await car.getByRole('button', { name: 'Modifier le prix' }).click();
    await page.locator('#car-price').fill('19990');
    await page.locator('#car-reason').fill('Alignement sur le marché');
    await car.getByRole('button', { name: 'Confirmer' }).click();
    await expect.poll(() => car.getByRole('status').textContent()).toBe(words.fr.done);
    await expect.poll(() => car.locator('dd').first().textContent()).toMatch(/^19\s?990(,00)?\s?€$/);
    await page.context().close();
    expect(suite.errors.filter((e) => !/409|Conflict/.test(e))).toEqual([]);
  });
});
