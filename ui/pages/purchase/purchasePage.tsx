/**
 * The purchase screens of SPEC §2 (ui/README.md "The pages"): the purchase form with its eleven steps,
 * the info page and the outcome pages, for one buyer (pages.ts `personal`). Data comes from the same
 * paths' JSON (http/routes/purchasePages.ts) and the steps' SPEC calls; every step is a real form posted
 * to its SPEC call with the CSRF field, answered 303 to where the buyer belongs (or back with messages).
 */
import { redirect } from '@tanstack/react-router';
import type { PurchaseStep, RouteBaseName } from '../../../domain/routes/index.ts';
import { ApiError } from '../../api/ApiError.ts';
import type { ApiClient } from '../../api/apiClient.ts';
import { apiOf } from '../../api/createQueryClient.ts';
import type { PurchaseJson, PurchasePageJson, StepData } from '../../api/purchaseTypes.ts';
import { definePage, type PageProps } from '../../router/PageModule.ts';
import { urlFor } from '../../router/urlFor.ts';
import { formSession, getOr404 } from '../funnel/funnelLoad.ts';
import { funnelPageHead } from '../pageHead.ts';
import { loadValuationMessages } from '../valuation/messages/index.ts';
import { loadPurchaseMessages } from './messages/index.ts';
import { PurchaseScreen } from './PurchaseScreen.tsx';
import type { PurchasePageProps } from './purchasePageProps.ts';
import { readStepAsks, type StepAsks } from './stepAsks.ts';

const FORMS: readonly RouteBaseName[] = ['car_purchase_form', 'car_purchase_form_vn'];
const INFOS: readonly RouteBaseName[] = ['car_purchase_info', 'car_purchase_info_vn'];

export const purchasePage = definePage<PurchasePageProps>({
  async load({ match, search, queryClient, personal }) {
    const api = apiOf(queryClient);
    const { locale, route } = match;
    const path = urlFor(route, locale, match.params);
    const messages = await loadPurchaseMessages(locale);
    const { csrfToken, flash } = await formSession(api, personal);
    const kind: PurchasePageProps['kind'] = FORMS.includes(route)
      ? 'form'
      : INFOS.includes(route)
        ? 'info'
        : 'outcome';
    const head = (title: string) => funnelPageHead(match, title, messages.description);
    if (kind === 'outcome') {
      const purchase = await getOr404(() => api.getJson<PurchaseJson>(path));
      // The outcome page of another status: the buyer belongs elsewhere.
      if (purchase.links.page !== path) throw redirect({ href: purchase.links.page, statusCode: 303 });
      // The car bought, named on the page (its purchase page's JSON, a used car's or a new one's; the
      // page stands without it).
      const carOf = (route: RouteBaseName) =>
        api.getJson<PurchasePageJson>(
          urlFor(route, locale, { id: purchase.carId, slug: match.params.slug ?? '' }),
        );
      const carPage = await carOf('car_purchase_form')
        .catch(() => carOf('car_purchase_form_vn'))
        .catch(() => null);
      const outcomeCar = carPage?.car ?? null;
      const props = {
        kind,
        page: null,
        outcomeCar,
        purchase,
        shown: null,
        data: {},
        csrfToken,
        flash,
        messages,
        path,
      };
      return { head: head(messages.title), props };
    }
    const formPath = urlFor(route, locale, { id: match.params.id ?? '', slug: match.params.slug ?? '' });
    const page = await getOr404(() => api.getJson<PurchasePageJson>(formPath));
    const purchase = page.purchase;
    const asked = (match.params.step ?? null) as PurchaseStep | null;
    if (kind === 'info' || !purchase) {
      // No purchase yet: the form is the car's start page (a step in the URL means nothing yet).
      if (asked && kind === 'form') throw redirect({ href: formPath, statusCode: 303 });
      const props = { kind, page, purchase, shown: null, data: {}, csrfToken, flash, messages, path };
      return { head: head(kind === 'info' ? messages.infoTitle : messages.title), props };
    }
    // Where the buyer belongs: the current step, or a done step they may go back to.
    const current = purchase.status === 'in-progress' || purchase.status === 'awaiting-finance-decision';
    const lookingBack = asked !== null && (purchase.reopenableSteps as readonly string[]).includes(asked);
    if (!current && purchase.links.page !== path && !lookingBack)
      throw redirect({ href: purchase.links.page, statusCode: 303 });
    if (asked !== purchase.step && !lookingBack)
      throw redirect({ href: purchase.links.page, statusCode: 303 });
    const shown = asked ?? purchase.step;
    const data = shown === purchase.step ? await stepData(purchase, readStepAsks(search)) : {};
    const props = { kind, page, purchase, shown, data, csrfToken, flash, messages, path };
    return { head: head(messages.title), props };

    /** What the current step shows besides the purchase: prefill, quotes, offers, a simulation. */
    async function stepData(p: PurchaseJson, asks: StepAsks): Promise<StepData> {
      const call = (name: RouteBaseName, query = '') =>
        api.getJson<StepData>(`${urlFor(name, locale, { id: p.purchaseId })}${query}`);
      switch (p.step) {
        case 'my-infos':
          return call('ajax_check_my_info_step');
        case 'delivery': {
          const postcode =
            asks.postcode ?? (await call('ajax_check_my_info_step')).prefill?.address?.postcode;
          return call(
            'ajax_check_dealer_distance',
            postcode ? `?postcode=${encodeURIComponent(postcode)}` : '',
          );
        }
        case 'recovery':
          return savedValuations(api, p);
        case 'insurance':
          return call('ajax_insurance');
        case 'additional-optional':
          return call('ajax_additional_optional');
        case 'funding': {
          if (p.financeRefused) return {};
          const query = new URLSearchParams();
          if (asks.durationMonths) query.set('durationMonths', String(asks.durationMonths));
          if (asks.downPayment !== undefined) query.set('downPayment', String(asks.downPayment * 100));
          const text = query.toString();
          return call('ajax_funding', text ? `?${text}` : '').catch((error: unknown) => {
            // Numbers out of range: the simulation is not made; the form says so.
            if (error instanceof ApiError && error.status === 400) return { simulation: null };
            throw error;
          });
        }
        default:
          return {};
      }
    }
  },
  Component: PurchasePage,
});

/**
 * The recovery step's offer of the buyer's own valuations ("sell your car"): those still valid, made for
 * the purchase's market; none for an app without them or a buyer not signed in.
 */
async function savedValuations(api: ApiClient, purchase: PurchaseJson): Promise<StepData> {
  const market = purchase.locale;
  try {
    const [answer, words] = await Promise.all([
      api.getJson<{
        valuations: (NonNullable<StepData['savedValuations']>['items'][number] & {
          valid: boolean;
          market: string;
        })[];
      }>('/api/account/valuations'),
      loadValuationMessages(market),
    ]);
    const items = answer.valuations.filter((v) => v.valid && v.market === market);
    return items.length > 0 ? { savedValuations: { items, words: words.recovery } } : {};
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return {};
    throw error;
  }
}

function PurchasePage(props: PageProps<PurchasePageProps>) {
  return <PurchaseScreen {...props} />;
}
