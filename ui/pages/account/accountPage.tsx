/**
 * `my_account_dashboard` and `my_account_my_bills_add` (ui/README.md "The pages"), for one buyer
 * (pages.ts `personal`). A visitor gets the sign-in form, or the sign-up form with `?form=sign-up`;
 * `?next=` (a page of ours) is where they go once signed in, the dashboard by default. A signed-in
 * customer gets the dashboard (their purchases and bookings with their timelines and next actions,
 * their cars) or, on the bills route, their bills (MyBills.tsx: our documents, "download all" with its
 * progress `?bundle=`, the bills they added for their cars).
 */
import type { MyBillsAnswer } from '../../../domain/bills/myBillsAnswer.ts';
import { PASSWORD_MIN_LENGTH } from '../../../domain/customers/signUp.ts';
import type { AccountFunnels } from '../../../domain/funnel/buyerFunnelList.ts';
import { matchUrl } from '../../../domain/routes/index.ts';
import { ApiError } from '../../api/ApiError.ts';
import type { MyAppointmentJson } from '../../api/appointmentTypes.ts';
import { apiOf } from '../../api/createQueryClient.ts';
import { definePage, type PageProps } from '../../router/PageModule.ts';
import { oneOf, text } from '../../router/searchReaders.ts';
import { urlFor } from '../../router/urlFor.ts';
import { loadAppointmentMessages } from '../appointment/messages/index.ts';
import { pageHead } from '../pageHead.ts';
import { loadValuationMessages } from '../valuation/messages/index.ts';
import { AccountScreen } from './AccountScreen.tsx';
import type { AccountCustomer, AccountPageProps } from './accountPageProps.ts';
import type { AccountValuation, AccountValuations } from './MyValuations.tsx';
import { loadAccountMessages } from './messages/index.ts';

/** A page of ours (a path the route table knows), else nothing: never a redirect elsewhere. */
const ownPath = (value: unknown) => {
  const path = text(value, 500);
  return path?.startsWith('/') && !path.startsWith('//') && matchUrl(path.split(/[?#]/)[0] ?? '') !== null
    ? path
    : undefined;
};

const readAccountSearch = (search: Readonly<Record<string, unknown>>) => ({
  form: oneOf(search.form, ['sign-in', 'sign-up']),
  next: ownPath(search.next),
  /** The bills page: the bundle asked by "download all" (its progress is shown). */
  bundle: text(search.bundle, 40, /^bb_[a-f0-9]{32}$/),
});

export const accountPage = definePage<AccountPageProps>({
  async load({ match, search, queryClient, personal }) {
    const api = apiOf(queryClient);
    const { locale, route } = match;
    const bills = route === 'my_account_my_bills_add';
    const dashboard = urlFor('my_account_dashboard', locale);
    const asked = readAccountSearch(search);
    const query = new URLSearchParams();
    if (asked.form) query.set('form', asked.form);
    if (asked.next) query.set('next', asked.next);
    const base = urlFor(route, locale);
    const path = query.size > 0 ? `${base}?${query}` : base;
    const [messages, csrfToken, customer] = await Promise.all([
      loadAccountMessages(locale),
      personal?.csrfToken ?? api.getJson<{ token: string }>('/api/csrf').then((answer) => answer.token),
      signedIn(),
    ]);
    const common = {
      form: asked.form ?? 'sign-in',
      next: asked.next ?? (bills ? base : dashboard),
      passwordMinLength: PASSWORD_MIN_LENGTH,
      csrfToken,
      flash: personal?.flash ?? null,
      messages,
      path,
      uploadKey: newUploadKey(),
    } as const;
    const head = pageHead(
      match,
      bills ? messages.billsTitle : messages.title,
      bills ? messages.billsIntro : messages.description,
      { noindex: true },
    );
    if (!customer) {
      const props = {
        ...common,
        kind: 'visitor',
        customer: null,
        funnels: null,
        cars: null,
        bills: null,
        valuations: null,
      } as const;
      return { head, props };
    }
    if (bills) {
      const mine = urlFor('ajax_my_bills', locale);
      const answer = await api.getJson<MyBillsAnswer>(asked.bundle ? `${mine}?bundle=${asked.bundle}` : mine);
      const props = {
        ...common,
        kind: 'bills',
        customer,
        funnels: null,
        cars: null,
        bills: answer,
        valuations: null,
      } as const;
      return { head, props };
    }
    const [funnels, cars, valuations, appointments] = await Promise.all([
      api.getJson<AccountFunnels>('/api/account/funnels'),
      api.getJson<NonNullable<AccountPageProps['cars']>>(urlFor('ajax_add_my_car', locale)),
      accountValuations(),
      // The dealer appointments (an app without their calls answers 404: no section).
      Promise.all([
        api.getJson<MyAppointmentJson[]>(urlFor('ajax_my_appointments', locale)),
        loadAppointmentMessages(locale),
      ])
        .then(([items, words]) => ({ items, messages: words }))
        .catch(() => null),
    ]);
    return {
      head,
      props: { ...common, kind: 'dashboard', customer, funnels, cars, bills: null, valuations, appointments },
    };

    /** The customer's valuations ("sell your car"); null in an app without them (404). */
    async function accountValuations(): Promise<AccountValuations | null> {
      try {
        const [answer, words] = await Promise.all([
          api.getJson<{ valuations: AccountValuation[] }>('/api/account/valuations'),
          loadValuationMessages(locale),
        ]);
        return { items: answer.valuations, messages: words };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    }
    /** The signed-in customer, or null for a visitor. */
    async function signedIn(): Promise<AccountCustomer | null> {
      try {
        const me = await api.getJson<{ personal: AccountCustomer }>('/api/customers/me');
        return { firstName: me.personal.firstName, email: me.personal.email };
      } catch (error) {
        // 401: nobody signed in; 404: an app without customer accounts (nobody can be).
        if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return null;
        throw error;
      }
    }
  },
  Component: AccountPage,
});

/** 32 hex digits (the server takes 8 to 64 letters, digits, `_` and `-`). */
function newUploadKey(): string {
  return globalThis.crypto.randomUUID().replaceAll('-', '');
}

function AccountPage(props: PageProps<AccountPageProps>) {
  return <AccountScreen {...props} />;
}
