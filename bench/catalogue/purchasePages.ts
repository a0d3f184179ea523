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

/** A JSON POST of a new visitor (a session of its own: the CSRF call starts it), and its cookie. */
async function postAsNewVisitor(origin: string, path: string, body: unknown) {
  const csrf = await fetch(new URL('/api/csrf', origin));
  const cookie = cookieOf(csrf);
  const { token } = (await csrf.json()) as { token: string };
  const response = await fetch(new URL(path, origin), {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      'x-csrf-token': token,
      cookie,
    },
    body: JSON.stringify(body),
  });
  return { response, cookie };
}

/** A new visitor starts buying the car whose purchase form is at `form`: its step page and its cookie. */
export async function startPurchase(origin: string, form: string): Promise<{ url: string; cookie: string }> {
  const { response: started, cookie } = await postAsNewVisitor(origin, form, { action: 'start' });
  const body = (await started.json()) as { status?: string; links?: { page: string } };
  if (started.status !== 201 || body.status === 'car-not-available' || !body.links)
    throw new Error(`starting a purchase at ${form}: ${started.status} ${JSON.stringify(body)}`);
  return { url: body.links.page, cookie };
}

/** A new buyer signs up (the account call of the funnels): the cookie of their signed-in session. */
export async function signUpBuyer(origin: string, email: string): Promise<string> {
  const { response: signUp, cookie } = await postAsNewVisitor(origin, '/fr/acheter/ajax/login/sign-up', {
    email,
    password: 'a long enough passphrase',
    firstName: 'Camille',
    lastName: 'Martin',
    consents: { terms: true },
  });
  if (signUp.status !== 201) throw new Error(`buyer sign-up: ${signUp.status} ${await signUp.text()}`);
  // The session may be renewed on sign-in: its latest cookie.
  return cookieOf(signUp) || cookie;
}
