/**
 * Purchase step pages to load in the bench: each of `count` visitors (a session of its own: the CSRF
 * call sets its cookie) starts buying a different car over the JSON API, as http/routes/FUNNELS.md
 * documents it; its step page is then a personal page of that session (rendered for it, never cached).
 */
import { generateUrl } from '../../domain/routes/index.ts';
import { localesOf, type SampleCar } from './benchWorkload.ts';

export interface PurchasePages {
  /** Each purchase's step page… */
  readonly urls: string[];
  /** …and the cookie of the session it belongs to (same index). */
  readonly cookies: string[];
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

export async function startPurchases(
  origin: string,
  cars: readonly SampleCar[],
  count: number,
): Promise<PurchasePages> {
  const pages: PurchasePages = { urls: [], cookies: [] };
  for (const car of cars.slice(0, count)) {
    const locale = localesOf(car.country)[0]!;
    const route = car.condition === 'new' ? 'car_purchase_form_vn' : 'car_purchase_form';
    const started = await startPurchase(
      origin,
      generateUrl(`${route}.${locale}`, { id: car.car_id, slug: car.slug }),
    );
    pages.urls.push(started.url);
    pages.cookies.push(started.cookie);
  }
  return pages;
}

/** A new visitor starts buying the car whose purchase form is at `form`: its step page and its cookie. */
export async function startPurchase(origin: string, form: string): Promise<{ url: string; cookie: string }> {
  const csrf = await fetch(new URL('/api/csrf', origin));
  const cookie = cookieOf(csrf);
  const { token } = (await csrf.json()) as { token: string };
  const started = await fetch(new URL(form, origin), {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      'x-csrf-token': token,
      cookie,
    },
    body: JSON.stringify({ action: 'start' }),
  });
  const body = (await started.json()) as { status?: string; links?: { page: string } };
  if (started.status !== 201 || body.status === 'car-not-available' || !body.links)
    throw new Error(`starting a purchase at ${form}: ${started.status} ${JSON.stringify(body)}`);
  return { url: body.links.page, cookie };
}
