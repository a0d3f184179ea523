/**
 * The forms posted without JavaScript (the purchase screens, ui/pages/purchase; the account area,
 * ui/pages/account): each call's JSON body from the form's fields (plugins/formPosts.ts), and where the buyer goes once it succeeded. Amounts a buyer
 * types are in the currency's major units (euros, złoty); the calls take minor units.
 */
import type { FormFields, FormRoute } from '../plugins/formPosts.ts';
import { checked, given, list, minor, number, pageOf, raw, text } from './formFields.ts';

/** A brand or model as the valuation names them: `Mercedes-Benz` → `mercedes-benz`. */
const slug = (value: string | undefined) =>
  value
    ?.toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** A step with nothing to type (a button: skip, reopen, record a sign-in). */
export const EMPTY_FORM: FormRoute = { body: () => ({}), next: pageOf };

export const PURCHASE_FORMS = {
  start: {
    body: (f) => ({
      action: given(f, 'action') ?? 'start',
      ...(given(f, 'reason') ? { reason: given(f, 'reason') } : {}),
    }),
    next: pageOf,
  },
  addConsent: {
    body: (f) => ({
      termsAccepted: checked(f, 'termsAccepted'),
      marketingOptIn: checked(f, 'marketingOptIn'),
    }),
    next: pageOf,
  },
  // The e-mail checked goes on to the sign-in or sign-up form, which shows it: never asked twice.
  email: { body: (f) => ({ email: text(f, 'email') }), next: pageOf, keep: () => ({}) },
  myInfos: {
    body: (f) => {
      const business = text(f, 'buyerType') === 'business';
      return {
        buyerType: text(f, 'buyerType'),
        ...(given(f, 'civility') ? { civility: given(f, 'civility') } : {}),
        firstName: text(f, 'firstName'),
        lastName: text(f, 'lastName'),
        phone: text(f, 'phone'),
        ...(given(f, 'birthDate') ? { birthDate: given(f, 'birthDate') } : {}),
        ...(business || given(f, 'company.name')
          ? {
              company: { name: text(f, 'company.name') ?? '', vatNumber: text(f, 'company.vatNumber') ?? '' },
            }
          : {}),
        address: {
          line1: text(f, 'address.line1'),
          ...(given(f, 'address.line2') ? { line2: given(f, 'address.line2') } : {}),
          postcode: text(f, 'address.postcode'),
          city: text(f, 'address.city'),
          country: text(f, 'address.country'),
        },
      };
    },
    next: pageOf,
  },
  delivery: {
    body: (f) =>
      text(f, 'mode') === 'home'
        ? { mode: 'home', ...(given(f, 'postcode') ? { postcode: given(f, 'postcode') } : {}) }
        : { mode: text(f, 'mode') },
    next: pageOf,
  },
  tradeIn: {
    body: (f) => {
      const action = text(f, 'action');
      if (action === 'accept') return { action, offerId: text(f, 'offerId') };
      if (action === 'use') return { action, valuationId: text(f, 'valuationId') };
      if (action !== 'value') return { action };
      return {
        action,
        vehicle: {
          brand: slug(text(f, 'vehicle.brand')),
          model: slug(text(f, 'vehicle.model')),
          year: number(f, 'vehicle.year'),
          mileageKm: number(f, 'vehicle.mileageKm'),
          condition: text(f, 'vehicle.condition'),
          fuel: text(f, 'vehicle.fuel'),
        },
      };
    },
    next: pageOf,
  },
  insurance: { body: (f) => ({ offerId: given(f, 'offerId') ?? null }), next: pageOf },
  // A group's "none" radio posts "": no extra.
  extras: { body: (f) => ({ extraIds: list(f, 'extraIds').filter((id) => id !== '') }), next: pageOf },
  funding: {
    body: (f) => {
      const action = text(f, 'action');
      if (action === 'finance')
        return { action, durationMonths: number(f, 'durationMonths'), downPayment: number(f, 'downPayment') };
      if (action === 'apply')
        return {
          action,
          netMonthlyIncome: minor(f, 'netMonthlyIncome'),
          existingMonthlyCredit: minor(f, 'existingMonthlyCredit'),
        };
      return { action };
    },
    next: pageOf,
  },
  /** The advance payment: on to the provider's checkout (or the purchase's page when nothing was due). */
  payment: {
    body: () => ({}),
    next: (answer) => (answer as { checkoutUrl?: string | null } | undefined)?.checkoutUrl ?? pageOf(answer),
  },
} satisfies Record<string, FormRoute>;

/** A car of the buyer's own (account area), as its form sends it. */
const myCarFields = (f: FormFields) => ({
  brand: text(f, 'brand'),
  model: text(f, 'model'),
  year: number(f, 'year'),
  mileageKm: number(f, 'mileageKm'),
  plate: text(f, 'plate') ?? '',
});

/**
 * The account area's forms (SPEC `login/{type}`, `add-my-car`, `add-my-car/update`,
 * `delete-all-favorites`): then on to the form's `_next` page (else back to the form's page).
 */
export const ACCOUNT_FORMS = {
  signOut: { body: () => ({}) },
  myCar: { body: myCarFields },
  myCarUpdate: {
    body: (f) => ({
      carId: text(f, 'carId'),
      action: given(f, 'action') ?? 'update',
      ...(given(f, 'action') === 'remove' ? {} : myCarFields(f)),
      ...(given(f, 'expectedVersion') ? { expectedVersion: number(f, 'expectedVersion') } : {}),
    }),
  },
  clearFavorites: { body: () => ({}) },
  signIn: { body: (f) => ({ email: text(f, 'email'), password: raw(f, 'password') }) },
  signUp: {
    body: (f) => ({
      email: text(f, 'email'),
      password: raw(f, 'password'),
      firstName: text(f, 'firstName'),
      lastName: text(f, 'lastName'),
      consents: { terms: checked(f, 'consents.terms'), marketing: checked(f, 'consents.marketing') },
    }),
  },
} satisfies Record<string, FormRoute>;
