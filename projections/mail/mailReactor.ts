/**
 * The mail reactor: a projection without a read model that turns the events causing a mail into
 * outbox rows in its batch's transaction, the one that moves its checkpoint (engine/mail/README.md).
 */
import {
  type AppointmentBooked,
  type AppointmentCancelled,
  type AppointmentEvent,
  DEALER_DAY_PREFIX,
} from '../../domain/appointment/schemas.ts';
import type { BookingEvent } from '../../domain/booking/events.ts';
import { type CarFacts, carStream, type Money } from '../../domain/catalogue/car.ts';
import { type Dealer, dealerStream } from '../../domain/catalogue/dealer.ts';
import type { CatalogueEvent } from '../../domain/catalogue/events.ts';
import { CUSTOMER_STREAM_PREFIX, type CustomerEvent } from '../../domain/customers/customerEvents.ts';
import { dealerLocale } from '../../domain/leads/routing.ts';
import { LEAD_STREAM_PREFIX, type LeadSubmitted } from '../../domain/leads/schemas.ts';
import { isLocale, type Locale } from '../../domain/markets.ts';
import type { PurchaseEvent } from '../../domain/purchase/events.ts';
import type { EventStore, RecordedEvent } from '../../engine/eventStore.ts';
import { StreamNotFoundError } from '../../engine/eventStoreErrors.ts';
import { cancelWaitingMails, enqueueMail, type NewMail } from '../../engine/mail/mailOutbox.ts';
import { defineProjection, type Projection } from '../defineProjection.ts';

export interface MailReactorOptions {
  readonly store: EventStore;
  readonly schema?: string;
  /** Events older than this when reached make no mail (the reactor's first start, a rebuild): 1 day. */
  readonly maxEventAgeMs?: number;
  readonly clock?: () => Date;
}

export const MAIL_REACTOR_EVENT_TYPES = [
  'PurchaseConfirmed',
  'BookingHeld',
  'DepositPaid',
  'CustomerErased',
  // Leads: the buyer's confirmation and the dealer's notification (domain/leads/README.md).
  'LeadSubmitted',
  // Dealer appointments: booked (a move books the new slot) and cancelled (not by a move).
  'AppointmentBooked',
  'AppointmentCancelled',
];

/** When the event happened: its metadata's `at` (the injected clock of the command), else when stored. */
function timeOf(event: RecordedEvent): Date {
  const at = event.metadata.at;
  const time = typeof at === 'string' ? new Date(at) : undefined;
  return time && !Number.isNaN(time.getTime()) ? time : event.created;
}

export function createMailReactor(options: MailReactorOptions): Projection {
  const { store } = options;
  const clock = options.clock ?? (() => new Date());
  const maxAge = options.maxEventAgeMs ?? 24 * 60 * 60 * 1000;
  const at = { ...(options.schema ? { schema: options.schema } : {}) };

  /** The stream up to and including `event` (the facts as they stood then). */
  const historyOf = async <E>(event: RecordedEvent) =>
    (await store.readStream(event.streamName, { maxCount: Number(event.revision) + 1 })) as unknown as E[];

  async function carLabel(carId: string): Promise<string> {
    const [listed] = await store.readStream(carStream(carId), { maxCount: 1 }).catch((error: unknown) => {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    });
    const car = (listed?.data as { car?: Pick<CarFacts, 'brand' | 'model' | 'version'> } | undefined)?.car;
    if (!car) return `#${carId}`;
    const words = (slug: string) =>
      slug
        .split('-')
        .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
        .join(' ');
    return `${words(car.brand)} ${words(car.model)} ${car.version}`.trim();
  }

  async function purchaseMail(event: RecordedEvent): Promise<NewMail | undefined> {
    const history = await historyOf<PurchaseEvent>(event);
    let started: Extract<PurchaseEvent, { type: 'PurchaseStarted' }>['data'] | undefined;
    let customerId: string | null = null;
    for (const e of history) {
      if (e.type === 'PurchaseStarted') {
        started = e.data;
        customerId = e.data.customerId;
      } else if (e.type === 'BuyerSignedIn' || e.type === 'BuyerSignedUp' || e.type === 'InfosSubmitted')
        customerId = e.data.customerId;
    }
    const confirmed = event.data as Extract<PurchaseEvent, { type: 'PurchaseConfirmed' }>['data'];
    if (!started || !customerId || !isLocale(started.locale)) return undefined;
    return {
      key: `${event.id}:purchase_confirmed`,
      template: 'purchase_confirmed',
      locale: started.locale,
      recipient: { kind: 'customer', id: customerId },
      params: {
        purchaseId: started.purchaseId,
        carId: started.carId,
        carLabel: await carLabel(started.carId),
        funding: confirmed.funding,
        totalDue: confirmed.totalDue,
        advancePaid: confirmed.advancePaid,
        balanceAtDelivery: confirmed.balanceAtDelivery,
      },
    };
  }

  async function bookingMail(event: RecordedEvent): Promise<NewMail | undefined> {
    const history = await historyOf<BookingEvent>(event);
    let bookingId: string | undefined;
    let carId: string | undefined;
    let locale: Locale | undefined;
    let deposit: Money | null = null;
    let customerId: string | undefined;
    let heldUntil: string | undefined;
    for (const e of history) {
      if (e.type === 'BookingStarted') {
        ({ bookingId, carId, locale } = e.data);
        deposit = e.data.terms.deposit;
      } else if (e.type === 'ContactChecked') customerId = e.data.customerId;
      else if (e.type === 'BookingHeld') heldUntil = e.data.paidUntil ?? e.data.until;
    }
    // A booking is confirmed when held for free, or when its deposit is paid (domain/booking/README.md).
    const confirms = event.type === 'DepositPaid' || (event.type === 'BookingHeld' && deposit === null);
    if (!confirms || !bookingId || !carId || !customerId || !heldUntil || !locale || !isLocale(locale))
      return undefined;
    return {
      key: `${event.id}:booking_confirmed`,
      template: 'booking_confirmed',
      locale,
      recipient: { kind: 'customer', id: customerId },
      params: { bookingId, carId, carLabel: await carLabel(carId), heldUntil, deposit },
    };
  }

  /** The dealer as its stream last described it (name, country, postcode). */
  async function dealerFacts(dealerId: string): Promise<Dealer | undefined> {
    const events = await store.readStream(dealerStream(dealerId)).catch((error: unknown) => {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    });
    let dealer: Dealer | undefined;
    for (const e of events)
      if (e.type === 'DealerOpened' || e.type === 'DealerUpdated')
        dealer = (e.data as { dealer: Dealer }).dealer;
    return dealer;
  }

  /** A lead: the buyer's confirmation in their language, the dealer's notification in the dealer's. */
  async function leadMails(event: RecordedEvent): Promise<NewMail[]> {
    const lead = event.data as LeadSubmitted;
    const dealer = await dealerFacts(lead.dealerId);
    if (!dealer || !isLocale(lead.locale)) return [];
    const carLabelOf = lead.carId ? await carLabel(lead.carId) : null;
    return [
      {
        key: `${event.id}:lead_confirmation`,
        template: 'lead_confirmation',
        locale: lead.locale,
        recipient: { kind: 'lead', id: lead.leadId },
        params: {
          leadId: lead.leadId,
          kind: lead.kind,
          carLabel: carLabelOf,
          dealerId: dealer.dealerId,
          dealerName: dealer.name,
        },
      },
      {
        key: `${event.id}:lead_notification`,
        template: 'lead_notification',
        locale: dealerLocale(dealer.address),
        recipient: { kind: 'dealer', id: dealer.dealerId },
        params: { leadId: lead.leadId, kind: lead.kind, carLabel: carLabelOf, carId: lead.carId },
      },
    ];
  }

  /** An appointment's confirmation or cancellation, to its contact, with the dealer as it is now. */
  async function appointmentMail(event: RecordedEvent): Promise<NewMail | undefined> {
    if (!event.streamName.startsWith(DEALER_DAY_PREFIX)) return undefined;
    let booked: AppointmentBooked | undefined;
    if (event.type === 'AppointmentBooked') booked = event.data as AppointmentBooked;
    else {
      const cancelled = event.data as AppointmentCancelled;
      if (cancelled.code === 'moved') return undefined;
      for (const e of await historyOf<AppointmentEvent>(event))
        if (e.type === 'AppointmentBooked' && e.data.appointmentId === cancelled.appointmentId)
          booked = e.data;
    }
    if (!booked || !isLocale(booked.locale)) return undefined;
    const dealerEvents = (await store.readStream(dealerStream(booked.dealerId)).catch((error: unknown) => {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    })) as unknown as CatalogueEvent[];
    let dealer: Dealer | undefined;
    for (const e of dealerEvents)
      if (e.type === 'DealerOpened' || e.type === 'DealerUpdated') dealer = e.data.dealer;
    if (!dealer) return undefined;
    const template = event.type === 'AppointmentBooked' ? 'appointment_confirmed' : 'appointment_cancelled';
    return {
      key: `${event.id}:${template}`,
      template,
      locale: booked.locale,
      recipient: { kind: 'customer', id: booked.contactId },
      params: {
        appointmentId: booked.appointmentId,
        dealerId: dealer.dealerId,
        dealerSlug: dealer.slug,
        dealerName: dealer.name,
        dealerAddress: `${dealer.address.street}, ${dealer.address.postcode} ${dealer.address.city}`,
        purpose: booked.purpose,
        start: booked.start,
        end: booked.end,
      },
    };
  }

  return defineProjection({
    name: 'mail',
    version: 1,
    eventTypes: MAIL_REACTOR_EVENT_TYPES,
    tables: {},
    // The mails' facts are read from the event store before the batch's transaction opens.
    async prepare(events) {
      const now = clock();
      const mails = new Map<string, NewMail | NewMail[]>();
      for (const event of events) {
        if (now.getTime() - timeOf(event).getTime() > maxAge) continue;
        if (event.type === 'LeadSubmitted' && event.streamName.startsWith(LEAD_STREAM_PREFIX)) {
          mails.set(event.id, await leadMails(event));
          continue;
        }
        const mail =
          event.type === 'PurchaseConfirmed' && event.streamName.startsWith('purchase-')
            ? await purchaseMail(event)
            : (event.type === 'BookingHeld' || event.type === 'DepositPaid') &&
                event.streamName.startsWith('booking-')
              ? await bookingMail(event)
              : event.type === 'AppointmentBooked' || event.type === 'AppointmentCancelled'
                ? await appointmentMail(event)
                : undefined;
        if (mail) mails.set(event.id, mail);
      }
      return mails;
    },
    async handle(events, ctx) {
      const now = clock();
      const mails =
        (ctx.prepared as Map<string, NewMail | NewMail[]> | undefined) ??
        new Map<string, NewMail | NewMail[]>();
      for (const event of events) {
        if (event.type === 'CustomerErased' && event.streamName.startsWith(CUSTOMER_STREAM_PREFIX)) {
          const { customerId } = event.data as Extract<CustomerEvent, { type: 'CustomerErased' }>['data'];
          await cancelWaitingMails(ctx.trx, { kind: 'customer', id: customerId }, 'erased', { ...at, now });
          continue;
        }
        const mail = mails.get(event.id);
        for (const one of Array.isArray(mail) ? mail : mail ? [mail] : [])
          await enqueueMail(ctx.trx, one, { ...at, now });
      }
    },
  });
}
