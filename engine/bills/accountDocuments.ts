/**
 * The documents of a customer (domain/bills/billDocuments.ts) read from their own purchases and
 * bookings: which funnels are theirs from the read models (`ofCustomer`), each then read from its
 * stream as that buyer (another's is a NotFoundError, from the funnel service); a document's PDF with
 * the car's facts and the buyer's name and address read from the vault for this rendering only.
 */
import {
  type BillDocument,
  bookingDocuments,
  type DatedEvent,
  documentFileName,
  newestDocumentsFirst,
  parseDocumentId,
  purchaseDocuments,
} from '../../domain/bills/billDocuments.ts';
import type { BookingEvent } from '../../domain/booking/events.ts';
import type { CarFacts } from '../../domain/catalogue/car.ts';
import { brandName, modelName } from '../../domain/catalogue/reference/brands.ts';
import { NotFoundError } from '../../domain/errors.ts';
import type { Actor } from '../../domain/funnel/actor.ts';
import type { Locale } from '../../domain/markets.ts';
import { type PurchaseEvent, upcastPurchaseEvent } from '../../domain/purchase/events.ts';
import type { CustomerAccounts } from '../customers/accounts/customerAccounts.ts';
import { renderBillDocumentPdf } from '../documents/billDocumentPdf.ts';
import type { BookingService } from '../funnels/bookingService.ts';
import type { CarHolds } from '../funnels/carHolds.ts';
import type { TimelineEntry } from '../funnels/funnelHistory.ts';
import type { PurchaseService } from '../funnels/purchaseService.ts';

export interface AccountDocumentsOptions {
  readonly purchases: Pick<PurchaseService, 'get' | 'timeline'>;
  readonly bookings: Pick<BookingService, 'get' | 'timeline'>;
  readonly cars: Pick<CarHolds, 'read'>;
  /** The ids of the customer's purchases and bookings (read models: they may lag a moment). */
  readonly ofCustomer: (customerId: string) => Promise<{ purchaseIds: string[]; bookingIds: string[] }>;
  readonly accounts: Pick<CustomerAccounts, 'profile'>;
  /** The issuer printed on the documents. */
  readonly retailer: string;
}

/** A document with its car as the list shows it (null: a car no longer in the catalogue). */
export interface ListedDocument {
  readonly document: BillDocument;
  readonly car: CarFacts | null;
}

export interface AccountDocuments {
  /** The customer's documents, newest first. */
  list(customerId: string): Promise<ListedDocument[]>;
  /** One document of the customer's as a PDF in `locale`; another's or unknown → NotFoundError. */
  render(
    customerId: string,
    documentId: string,
    locale: Locale,
  ): Promise<{ fileName: string; bytes: Buffer }>;
}

const atOf = (entry: TimelineEntry) =>
  typeof entry.metadata.at === 'string' ? entry.metadata.at : entry.recordedAt;

function dated<E>(entries: readonly TimelineEntry[], upcast: (event: E) => E): DatedEvent<E>[] {
  return entries.map((entry) => ({
    revision: entry.revision,
    at: atOf(entry),
    event: upcast({ type: entry.type, data: entry.data } as unknown as E),
  }));
}

export const carName = (car: CarFacts) =>
  `${brandName(car.brand)} ${modelName(car.brand, car.model)} ${car.version}`;

export function createAccountDocuments(options: AccountDocumentsOptions): AccountDocuments {
  const actorOf = (customerId: string): Actor => ({ kind: 'buyer', customerId });

  async function documentsOf(
    customerId: string,
    funnel: 'purchase' | 'booking',
    funnelId: string,
  ): Promise<BillDocument[]> {
    if (funnel === 'purchase') {
      await options.purchases.get(funnelId, actorOf(customerId)); // theirs, else not found
      const entries = await options.purchases.timeline(funnelId);
      return purchaseDocuments(funnelId, dated<PurchaseEvent>(entries, upcastPurchaseEvent));
    }
    await options.bookings.get(funnelId, actorOf(customerId));
    const entries = await options.bookings.timeline(funnelId);
    return bookingDocuments(
      funnelId,
      dated<BookingEvent>(entries, (event) => event),
    );
  }

  const carOf = async (carId: string) => (await options.cars.read(carId))?.facts ?? null;

  return {
    async list(customerId) {
      const { purchaseIds, bookingIds } = await options.ofCustomer(customerId);
      const all = (
        await Promise.all([
          ...purchaseIds.map((id) => documentsOf(customerId, 'purchase', id)),
          ...bookingIds.map((id) => documentsOf(customerId, 'booking', id)),
        ])
      ).flat();
      const carIds = [...new Set(all.map((document) => document.carId))];
      const cars = new Map(await Promise.all(carIds.map(async (id) => [id, await carOf(id)] as const)));
      return newestDocumentsFirst(all).map((document) => ({
        document,
        car: cars.get(document.carId) ?? null,
      }));
    },

    async render(customerId, documentId, locale) {
      const parsed = parseDocumentId(documentId);
      const notFound = () => new NotFoundError(`no document ${documentId} of yours`, { documentId });
      if (!parsed) throw notFound();
      const document = (await documentsOf(customerId, parsed.funnel, parsed.funnelId)).find(
        (one) => one.documentId === documentId,
      );
      if (!document) throw notFound();
      const [car, profile] = await Promise.all([carOf(document.carId), options.accounts.profile(customerId)]);
      const { personal } = profile;
      const address = personal.address;
      const bytes = await renderBillDocumentPdf({
        locale,
        retailer: options.retailer,
        document,
        car: car
          ? { name: carName(car), reference: car.reference, year: car.year }
          : { name: `#${document.carId}`, reference: document.carId, year: 0 },
        customer: {
          name: `${personal.firstName} ${personal.lastName}`,
          addressLines: address
            ? [...address.lines, `${address.postcode} ${address.city}`, address.country]
            : [personal.email],
        },
      });
      return { fileName: documentFileName(document), bytes };
    },
  };
}
