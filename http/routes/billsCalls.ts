/**
 * The account's bills (ui/pages/account "My bills"; SPEC `my_account_my_bills_add` and §7
 * `my-bills/check-progress-download`), under each locale like the other account calls:
 *
 * - `GET {locale}/ajax/my-bills[?bundle=]` → `{ documents, bills, cars, currency, maxBytes, max, bundle }`:
 *   the documents we issue (domain/bills/billDocuments.ts, each with its `url`), the bills the buyer
 *   added (each with its `url`), their cars, and the progress of bundle `bundle` (or null).
 * - `GET {locale}/ajax/my-bills/document/{documentId}` → the document as a PDF in the locale's language
 *   (`attachment`, `no-store`). Another buyer's or unknown → 404.
 * - `POST {locale}/ajax/my-bills/check-progress-download` → `{ bundleId, done, total, ready, failed,
 *   downloadUrl? }`: the first call starts the ZIP of every document (engine/bills/billBundles.ts),
 *   later ones answer its progress (the same bundle: idempotent). A form (no JavaScript) is answered
 *   303 to the bills page `?bundle={bundleId}`, which refreshes itself until the link is there.
 * - `GET {locale}/ajax/my-bills/bundle/{bundleId}` → the ZIP once ready (`attachment`, `no-store`).
 * - `POST {locale}/{my_account_my_bills_add's path}` multipart `_csrf`, `carId`, `date`, `garage`,
 *   `description?`, `amount` (major units), `uploadKey` (made by the form when shown), `file` → 201
 *   `{ bill, created: true }`; the same `uploadKey` again → 200 the same bill, `created: false` (a double
 *   submit or a retry is one bill). Bad fields, a car not theirs, a file too big, missing or not a PDF,
 *   JPEG or PNG (by its bytes) → 400 with the messages by field; a form → 303 back with them.
 * - `GET {locale}/ajax/my-bills/file/{billId}` → the bill's file, to its owner (`attachment`).
 * - `POST {locale}/ajax/my-bills/delete` `{ billId }` → `{ removed }`; removing one already gone (a
 *   double submit) answers the same and changes nothing.
 *
 * A visitor: 401 to JSON; a browser asking for a document or the ZIP goes (303) to the bills page's
 * sign-in form, `next` the link it asked for. POSTs need the CSRF token; the upload and the bundle are
 * rate-limited (plugins/rateLimit.ts `billUpload`, `billBundle`). Everything answers `no-store`.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_MY_BILLS, MY_BILL_MAX_BYTES } from '../../domain/bills/myBills.ts';
import { bundleProgressSchema, myBillsAnswerSchema } from '../../domain/bills/myBillsAnswer.ts';
import { ValidationError } from '../../domain/errors.ts';
import { LOCALES, type Locale, marketOf } from '../../domain/markets.ts';
import { generateUrl } from '../../domain/routes/index.ts';
import { BILL_ID, BUNDLE_ID, DOCUMENT_ID } from '../../domain/routes/storefrontCallRoutes.ts';
import { type AccountDocuments, carName } from '../../engine/bills/accountDocuments.ts';
import type { BillBundles, BundleProgress } from '../../engine/bills/billBundles.ts';
import type { CustomerBills } from '../../engine/bills/customerBills.ts';
import type { CustomerCars } from '../../engine/customers/cars/customerCars.ts';
import { wantsJson } from '../plugins/acceptConstraint.ts';
import { csrfCheck } from '../plugins/csrf.ts';
import { ownPage } from '../plugins/formPosts.ts';
import { routeRateLimit } from '../plugins/rateLimit.ts';
import { AccessError } from '../plugins/staffGuard.ts';
import { fastifyPath } from './storefrontCalls.ts';

export interface BillsCallsOptions {
  readonly documents: AccountDocuments;
  readonly bills: CustomerBills;
  readonly bundles: BillBundles;
  readonly cars: Pick<CustomerCars, 'list'>;
}

const signInFirst = () => new AccessError(401, 'unauthenticated', 'sign in first');

const anchored = (rule: { pattern: string }, message: string) =>
  z.string().regex(new RegExp(`^${rule.pattern}$`), message);

const billsPage = (locale: Locale) => generateUrl(`my_account_my_bills_add.${locale}`);

const progressOut = bundleProgressSchema;

export async function billsCalls(fastify: FastifyInstance, options: BillsCallsOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { documents, bills, bundles, cars } = options;
  await app.register(multipart, {
    limits: { fileSize: MY_BILL_MAX_BYTES, files: 1, fields: 12, parts: 13, fieldSize: 4096 },
    throwFileSizeLimit: false,
  });
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  const customerOf = (request: FastifyRequest) => {
    const { customerId } = request.session;
    if (!customerId) throw signInFirst();
    return customerId;
  };

  /** A browser without a session asking for a file: to the sign-in form, back here once signed in. */
  const signedInOrSignIn = (request: FastifyRequest, reply: FastifyReply, locale: Locale) => {
    const { customerId } = request.session;
    if (customerId) return customerId;
    if (wantsJson(request.headers.accept)) throw signInFirst();
    const next = request.url.split('?')[0] ?? '';
    void reply.redirect(`${billsPage(locale)}?next=${encodeURIComponent(next)}`, 303);
    return undefined;
  };

  const withUrl = (locale: Locale, progress: BundleProgress) => ({
    ...progress,
    ...(progress.ready
      ? { downloadUrl: generateUrl(`ajax_my_bills_bundle.${locale}`, { bundleId: progress.bundleId }) }
      : {}),
  });

  const renderFor = (customerId: string, locale: Locale) => async (documentId: string) =>
    documents.render(customerId, documentId, locale);

  for (const locale of LOCALES) {
    const { currency, timeZone } = marketOf(locale);

    app.get(
      fastifyPath('ajax_my_bills', locale),
      {
        schema: {
          querystring: z.object({
            bundle: anchored(BUNDLE_ID, 'is not a bundle').optional().catch(undefined),
          }),
          response: { 200: myBillsAnswerSchema },
        },
      },
      async (request) => {
        const customerId = customerOf(request);
        const [listed, added, owned, bundle] = await Promise.all([
          documents.list(customerId),
          bills.list(customerId),
          cars.list(customerId),
          request.query.bundle
            ? bundles.progress(customerId, request.query.bundle).catch(() => null)
            : Promise.resolve(null),
        ]);
        return {
          documents: listed.map(({ document, car }) => ({
            ...document,
            car: car ? { carId: car.carId, name: carName(car), year: car.year } : null,
            url: generateUrl(`ajax_my_bills_document.${locale}`, { documentId: document.documentId }),
          })),
          bills: added.map((bill) => ({
            ...bill,
            url: generateUrl(`ajax_my_bills_file.${locale}`, { billId: bill.billId }),
          })),
          cars: owned.map((car) => ({
            carId: car.carId,
            brand: car.brand,
            model: car.model,
            year: car.year,
          })),
          currency,
          maxBytes: MY_BILL_MAX_BYTES,
          max: MAX_MY_BILLS,
          bundle: bundle ? withUrl(locale, bundle) : null,
        };
      },
    );

    app.get(
      fastifyPath('ajax_my_bills_document', locale),
      { schema: { params: z.object({ documentId: anchored(DOCUMENT_ID, 'is not a document') }) } },
      async (request, reply) => {
        const customerId = signedInOrSignIn(request, reply, locale);
        if (!customerId) return reply;
        const { fileName, bytes } = await documents.render(customerId, request.params.documentId, locale);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          .send(bytes);
      },
    );

    app.post(
      fastifyPath('ajax_my_bills_check_progress_download', locale),
      {
        config: {
          rateLimit: routeRateLimit('billBundle'),
          form: {
            body: () => ({}),
            next: (answer) => {
              const bundleId = (answer as { bundleId?: unknown } | undefined)?.bundleId;
              return typeof bundleId === 'string'
                ? `${billsPage(locale)}?bundle=${bundleId}#documents`
                : undefined;
            },
          },
        },
        schema: { body: z.looseObject({}).nullish(), response: { 200: progressOut } },
      },
      async (request) => {
        const customerId = customerOf(request);
        const listed = await documents.list(customerId);
        const progress = await bundles.start(
          customerId,
          locale,
          listed.map(({ document }) => document.documentId),
          renderFor(customerId, locale),
        );
        return withUrl(locale, progress);
      },
    );

    app.get(
      fastifyPath('ajax_my_bills_bundle', locale),
      { schema: { params: z.object({ bundleId: anchored(BUNDLE_ID, 'is not a bundle') }) } },
      async (request, reply) => {
        const customerId = signedInOrSignIn(request, reply, locale);
        if (!customerId) return reply;
        const zip = await bundles.zip(customerId, request.params.bundleId);
        return reply
          .header('content-type', 'application/zip')
          .header('content-disposition', 'attachment; filename="documents.zip"')
          .header('cache-control', 'no-store')
          .send(zip);
      },
    );

    app.get(
      fastifyPath('ajax_my_bills_file', locale),
      { schema: { params: z.object({ billId: anchored(BILL_ID, 'is not a bill') }) } },
      async (request, reply) => {
        const customerId = signedInOrSignIn(request, reply, locale);
        if (!customerId) return reply;
        const file = await bills.file(customerId, request.params.billId);
        const extension = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' }[
          file.bill.contentType
        ];
        return reply
          .header('content-type', file.contentType)
          .header(
            'content-disposition',
            `attachment; filename="${file.bill.date}-${file.bill.billId.slice(3, 11)}.${extension}"`,
          )
          .header('cache-control', 'private, no-store')
          .send(file.bytes);
      },
    );

    app.post(
      fastifyPath('ajax_my_bills_delete', locale),
      {
        config: { form: { body: (fields) => ({ billId: fields.billId }) } },
        schema: {
          body: z.object({ billId: z.string('is required') }),
          response: { 200: z.object({ removed: z.string() }) },
        },
      },
      async (request) => {
        await bills.remove(customerOf(request), request.body.billId);
        return { removed: request.body.billId };
      },
    );

    // The page's own POST: a bill added by its multipart form (the CSRF token is in the body).
    app.post(
      generateUrl(`my_account_my_bills_add.${locale}`),
      {
        config: { csrf: false, form: {}, rateLimit: routeRateLimit('billUpload') },
        // Before the rate limit: a refusal of a browser's form comes back to the page (formPosts.ts).
        onRequest: async (request) => {
          if (!wantsJson(request.headers.accept))
            request.postedForm = { json: false, back: billsPage(locale), next: undefined, values: {} };
        },
      },
      async (request, reply) => receiveBill(request, reply, locale, { currency, timeZone }),
    );
  }

  /**
   * The bill's multipart post: fields and file read, then the CSRF token checked (it is in the body),
   * then the bill stored. A browser's form is answered like the urlencoded forms (303).
   */
  async function receiveBill(
    request: FastifyRequest,
    reply: FastifyReply,
    locale: Locale,
    market: { currency: 'EUR' | 'PLN'; timeZone: string },
  ) {
    const fields: Record<string, string> = {};
    let bytes: Buffer | undefined;
    let truncated = false;
    if (request.isMultipart()) {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname === 'file' && bytes === undefined) {
            bytes = await part.toBuffer();
            truncated = part.file.truncated;
          } else await part.toBuffer();
        } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
    }
    request.body = fields;
    await csrfCheck.call(request.server, request, reply);
    if (reply.sent) return reply;
    if (!wantsJson(request.headers.accept)) {
      const { _csrf, _back, _next, uploadKey, ...values } = fields;
      request.postedForm = {
        json: false,
        back: ownPage(_back) ?? billsPage(locale),
        next: ownPage(_next),
        values,
      };
    }
    const customerId = customerOf(request);
    if (!request.isMultipart())
      throw ValidationError.field('file', 'send the bill as multipart/form-data with a "file" field');
    const { bill, created } = await bills.add(
      customerId,
      fields,
      { bytes: bytes ?? undefined, truncated },
      market,
    );
    return reply.status(created ? 201 : 200).send({
      bill: { ...bill, url: generateUrl(`ajax_my_bills_file.${locale}`, { billId: bill.billId }) },
      created,
    });
  }
}
