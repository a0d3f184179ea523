/**
 * The car page's money tools (SPEC §7 "Storefront ajax" and "Delivery"), one route per locale from the
 * route table (`domain/routes/storefrontCallRoutes.ts`), each answering for its locale's market: a car or
 * dealer of another country is a 404 there, as in the funnel calls. Nothing here changes state, so the
 * POSTs need no CSRF token. Shapes and decisions: http/routes/FUNNELS.md, "The car page's money tools".
 *
 * - `get-car-financement` (POST body or GET query: `idApi`, `durationMonths`, `downPayment` in minor
 *   units; both optional, the first choice shown on the car page when left out): the loan's choices and
 *   quote from the finance provider, in the market's currency.
 * - `url-pdf-volean` (POST, same body): the URL of the offer's PDF, served by `pdf-volean/{idApi}/
 *   {durationMonths}/{downPayment}` (GET, `application/pdf`, the same bytes for the same offer on one day).
 * - `get-price-edit-hiflow/{idApi}/{arrival}`: the car's delivery quotes from its dealer to a postcode.
 * - `delivery/view/{idOriginApi}/{idDistanceApi}/{type}`: one quote from a dealer to a postcode.
 * - `delivery/all/{idOriginApi}`: a dealer's price list, every postcode area of its country.
 * - `delivery/calculation`: how the market's delivery prices are made (`?distanceKm=`: the prices there).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CarStatus } from '../../domain/catalogue/car.ts';
import { brandName, modelName } from '../../domain/catalogue/reference/brands.ts';
import { CONDITIONS, type Condition } from '../../domain/catalogue/vocabulary.ts';
import { areaPostcode } from '../../domain/delivery/areaPostcode.ts';
import { DELIVERY_TYPES, type DeliveryType, ROAD_FACTOR } from '../../domain/delivery/deliveryTariffs.ts';
import { areasOf, isPostcodeOf, locatePostcode } from '../../domain/delivery/postcodeArea.ts';
import { homeDeliveryDays, homeDeliveryPrice } from '../../domain/delivery/quoteDelivery.ts';
import { IllegalStateError, NotFoundError } from '../../domain/errors.ts';
import { defaultFinanceChoice } from '../../domain/finance/financeChoices.ts';
import { LOCALES, type Locale, marketOf } from '../../domain/markets.ts';
import { generateUrl } from '../../domain/routes/index.ts';
import { renderFinanceOfferPdf } from '../../engine/documents/financeOfferPdf.ts';
import { FINANCE_OFFER_TEXTS } from '../../engine/documents/financeOfferTexts.ts';
import type { DeliveryQuote, DeliveryQuotes } from '../../engine/providers/delivery/deliveryQuotes.ts';
import type { FinanceProvider } from '../../engine/providers/finance/financeProvider.ts';
import type { CatalogueQueries, DealerView } from '../../projections/catalogue/catalogueQueries.ts';
import type { CarCard, StorefrontQueries } from '../../projections/catalogue/storefrontQueries.ts';
import { SITE_NAME } from '../../ui/components/siteName.ts';
import { fastifyPath } from './storefrontCalls.ts';

export interface CarMoneyCallsOptions {
  readonly queries: CatalogueQueries;
  readonly storefront: StorefrontQueries;
  readonly finance: Pick<FinanceProvider, 'quote' | 'choices' | 'lender'>;
  readonly delivery: DeliveryQuotes;
  /** Today (the offer's date, the deliveries' ETA); the system clock by default. */
  readonly clock?: () => Date;
}

/** Lookups change nothing: no CSRF token (http/plugins/csrf.ts). */
const LOOKUP = { csrf: false };

const digits = z.string().regex(/^\d{1,12}$/, 'digits');
const financeInput = z.object({
  idApi: digits,
  durationMonths: z.coerce.number().int().min(1).max(1200).optional(),
  /** Minor units of the market's currency. */
  downPayment: z.coerce.number().int().min(0).max(100_000_000_000).optional(),
});
type FinanceInput = z.output<typeof financeInput>;
const postcode = z.string().min(1).max(16);
const conditionQuery = z.object({ condition: z.enum(CONDITIONS).default('used') });

/** A home delivery the tables cannot place: the postcode is of the country, but in no area served. */
const NOT_SERVED = 'area_not_served';

/** The PDF's file name: the title in ASCII, the car and the choice. */
const fileName = (locale: Locale, idApi: string, months: number) =>
  `${FINANCE_OFFER_TEXTS[locale].title
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .toLowerCase()}-${idApi}-${months}.pdf`;

const originOut = (dealer: DealerView) => ({
  idOriginApi: dealer.dealerId,
  name: dealer.name,
  city: dealer.city,
  postcode: dealer.postcode,
});

export async function carMoneyCalls(fastify: FastifyInstance, options: CarMoneyCallsOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { queries, storefront, finance, delivery } = options;
  const clock = options.clock ?? (() => new Date());
  const today = () => clock().toISOString().slice(0, 10);

  /** A car of the locale's market that can still be bought (a reservation may end: it is quoted). */
  async function carOf(locale: Locale, idApi: string): Promise<CarCard> {
    const [car] = await storefront.cards([idApi]);
    if (!car || car.country !== marketOf(locale).country)
      throw new NotFoundError(`no car ${idApi} in market ${locale}`, { idApi });
    const gone: readonly CarStatus[] = ['sold', 'withdrawn'];
    if (gone.includes(car.status))
      throw new IllegalStateError(`car ${idApi} is ${car.status}`, { idApi, reason: `car_${car.status}` });
    return car;
  }

  async function dealerOf(locale: Locale, idOriginApi: string): Promise<DealerView> {
    const dealer = await queries.dealer(idOriginApi);
    if (!dealer || dealer.country !== marketOf(locale).country)
      throw new NotFoundError(`no dealer ${idOriginApi} in market ${locale}`, { idOriginApi });
    return dealer;
  }

  /** The choices and the quote for a car; the first choice of the car page where the input leaves one out. */
  async function financeOf(locale: Locale, input: FinanceInput) {
    const car = await carOf(locale, input.idApi);
    const choices = await finance.choices(locale, car.price);
    if (!choices) {
      throw new IllegalStateError(`no loan is offered for car ${input.idApi} at its price`, {
        idApi: input.idApi,
        reason: 'not_financeable',
      });
    }
    const first = defaultFinanceChoice(choices);
    const quote = await finance.quote({
      market: locale,
      price: car.price,
      downPayment: { amount: input.downPayment ?? first.downPayment, currency: choices.currency },
      durationMonths: input.durationMonths ?? first.durationMonths,
    });
    const pdf = generateUrl(`ajax_pdf_volean.${locale}`, {
      idApi: car.carId,
      durationMonths: quote.durationMonths,
      downPayment: quote.downPayment.amount,
    });
    return { car, choices, quote, pdf };
  }

  /** `get-car-financement`'s answer: the choices, the quote, the lender and the URL of its PDF. */
  async function financeAnswer(locale: Locale, input: FinanceInput) {
    const [{ car, choices, quote, pdf }, lender] = await Promise.all([
      financeOf(locale, input),
      finance.lender(locale),
    ]);
    return { idApi: car.carId, market: locale, choices, quote, lender, pdfUrl: pdf };
  }

  /** The delivery quotes of every type to `raw`, from `dealer`: a postcode of the country in no area served is a quote per home type saying so. */
  async function quotesTo(
    locale: Locale,
    dealer: DealerView,
    raw: string,
    field: string,
    carCondition: Condition,
  ) {
    const { country } = marketOf(locale);
    // Not spelled like a postcode of the market's country (another country's, a typo): 400 on the field.
    if (!isPostcodeOf(country, raw)) locatePostcode(country, raw, field);
    const request = {
      market: locale,
      dealer: {
        coordinates: { lat: dealer.lat, lng: dealer.lng },
        postcode: dealer.postcode,
        country: dealer.country,
      },
      carCondition,
      orderedOn: today(),
    };
    let located: ReturnType<typeof locatePostcode> | undefined;
    try {
      located = locatePostcode(country, raw, field);
    } catch {
      // Overseas France, an unused prefix: pickup only.
      const pickup = await delivery.quote({ ...request, type: 'pickup' });
      const home = DELIVERY_TYPES.filter((type) => type !== 'pickup').map((type) => ({
        deliverable: false as const,
        type,
        reason: NOT_SERVED,
      }));
      return { arrival: raw.replace(/\s+/g, ''), destination: null, quotes: [pickup, ...home] };
    }
    const quotes: (DeliveryQuote | { deliverable: false; type: DeliveryType; reason: string })[] =
      await delivery.quoteAll({ ...request, postcode: located.postcode });
    return {
      arrival: located.postcode,
      destination: {
        postcode: located.postcode,
        areaPrefix: located.area.prefix,
        areaName: located.area.name,
      },
      quotes,
    };
  }

  for (const locale of LOCALES) {
    const { currency } = marketOf(locale);

    app.post(
      fastifyPath('ajax_get_car_financement', locale),
      { schema: { body: financeInput }, config: LOOKUP },
      async (request) => financeAnswer(locale, request.body),
    );
    app.get(
      fastifyPath('ajax_get_car_financement', locale),
      { schema: { querystring: financeInput } },
      async (request) => financeAnswer(locale, request.query),
    );

    app.post(
      fastifyPath('ajax_url_pdf_volean', locale),
      { schema: { body: financeInput }, config: LOOKUP },
      async (request) => {
        const { car, quote, pdf } = await financeOf(locale, request.body);
        return {
          url: pdf,
          filename: fileName(locale, car.carId, quote.durationMonths),
          mediaType: 'application/pdf',
        };
      },
    );

    app.get(
      fastifyPath('ajax_pdf_volean', locale),
      { schema: { params: z.object({ idApi: digits, durationMonths: digits, downPayment: digits }) } },
      async (request, reply) => {
        const { idApi } = request.params;
        const { car, quote } = await financeOf(locale, {
          idApi,
          durationMonths: Number(request.params.durationMonths),
          downPayment: Number(request.params.downPayment),
        });
        const [detail, lender] = await Promise.all([queries.car(idApi), finance.lender(locale)]);
        const offer = {
          locale,
          date: today(),
          retailer: SITE_NAME,
          car: {
            name: `${brandName(car.brand)} ${modelName(car.brand, car.model)} ${car.version}`,
            reference: detail?.reference ?? car.carId,
            year: car.year,
            mileageKm: car.mileageKm,
          },
          quote,
          lender,
        };
        // The document is a function of these: the same tag, the same bytes.
        const etag = `"${createHash('sha256').update(JSON.stringify(offer)).digest('base64url').slice(0, 27)}"`;
        reply
          .header('etag', etag)
          .header('cache-control', 'private, no-cache')
          .header(
            'content-disposition',
            `attachment; filename="${fileName(locale, idApi, quote.durationMonths)}"`,
          );
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.type('application/pdf').send(await renderFinanceOfferPdf(offer));
      },
    );

    app.get(
      fastifyPath('ajax_get_price_edit_hiflow', locale),
      { schema: { params: z.object({ idApi: digits, arrival: postcode }) } },
      async (request) => {
        const car = await carOf(locale, request.params.idApi);
        const dealer = await dealerOf(locale, car.dealerId);
        const quoted = await quotesTo(locale, dealer, request.params.arrival, 'arrival', car.condition);
        return { idApi: car.carId, market: locale, currency, origin: originOut(dealer), ...quoted };
      },
    );

    app.get(
      fastifyPath('ajax_delivery_view', locale),
      {
        schema: {
          params: z.object({ idOriginApi: digits, idDistanceApi: postcode, type: z.enum(DELIVERY_TYPES) }),
          querystring: conditionQuery,
        },
      },
      async (request) => {
        const { idOriginApi, idDistanceApi, type } = request.params;
        const dealer = await dealerOf(locale, idOriginApi);
        const quoted = await quotesTo(
          locale,
          dealer,
          idDistanceApi,
          'idDistanceApi',
          request.query.condition,
        );
        const quote = quoted.quotes.find((q) => q.type === type);
        return {
          market: locale,
          currency,
          origin: originOut(dealer),
          arrival: quoted.arrival,
          destination: quoted.destination,
          quote,
        };
      },
    );

    app.get(
      fastifyPath('ajax_delivery_all', locale),
      { schema: { params: z.object({ idOriginApi: digits }), querystring: conditionQuery } },
      async (request) => {
        const dealer = await dealerOf(locale, request.params.idOriginApi);
        // Areas that share their main town (Lisboa's ten prefixes, …) are one row.
        const towns = new Map<string, { areaName: string; prefixes: string[]; postcode: string }>();
        for (const area of areasOf(marketOf(locale).country)) {
          const key = `${area.name}|${area.lat}|${area.lng}`;
          const town = towns.get(key);
          if (town) town.prefixes.push(area.prefix);
          else towns.set(key, { areaName: area.name, prefixes: [area.prefix], postcode: areaPostcode(area) });
        }
        const rows = await Promise.all(
          [...towns.values()].map(async ({ postcode: at, ...town }) => {
            const { quotes } = await quotesTo(locale, dealer, at, 'postcode', request.query.condition);
            const home = quotes.filter((q) => q.type !== 'pickup');
            return { ...town, quotes: home.map(({ destination: _, ...q }: Record<string, unknown>) => q) };
          }),
        );
        const pickup = await delivery.quote({
          market: locale,
          type: 'pickup',
          dealer: {
            coordinates: { lat: dealer.lat, lng: dealer.lng },
            postcode: dealer.postcode,
            country: dealer.country,
          },
          carCondition: request.query.condition,
          orderedOn: today(),
        });
        return { market: locale, currency, origin: originOut(dealer), pickup, areas: rows };
      },
    );

    app.get(
      fastifyPath('ajax_delivery_calculation', locale),
      {
        schema: {
          querystring: conditionQuery.extend({
            distanceKm: z.coerce.number().int().min(0).max(5_000).optional(),
          }),
        },
      },
      async (request) => {
        const tariff = await delivery.tariff(locale);
        if (!tariff)
          throw new IllegalStateError('the delivery provider prices each run itself', {
            reason: 'no_tariff',
          });
        const homeTypes = ['driver', 'truck'] as const;
        const { distanceKm, condition } = request.query;
        return {
          market: locale,
          currency: tariff.currency,
          roadFactor: ROAD_FACTOR,
          maxKm: tariff.maxKm,
          roundTo: tariff.roundTo,
          pickup: { price: 0, workingDays: tariff.pickupDays },
          types: homeTypes.map((type) => ({ type, ...tariff[type], newCars: type === 'truck' })),
          ...(distanceKm === undefined
            ? {}
            : {
                distanceKm,
                quotes: homeTypes.map((type) =>
                  type === 'driver' && condition === 'new'
                    ? { type, deliverable: false, reason: 'new_car_by_truck_only' }
                    : distanceKm > tariff.maxKm
                      ? { type, deliverable: false, reason: 'too_far', maxKm: tariff.maxKm }
                      : {
                          type,
                          deliverable: true,
                          price: homeDeliveryPrice(tariff, type, distanceKm),
                          etaWorkingDays: homeDeliveryDays(tariff, type, distanceKm),
                        },
                ),
              }),
        };
      },
    );
  }
}
