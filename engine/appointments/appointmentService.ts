/**
 * Dealer appointments (domain/appointment/README.md): free slots from the dealer's hours and each
 * dealer-day stream, booking with the expected revision (engine/handleCommand.ts), cancel and move, the
 * contact details sealed in the vault, and the signed links of the confirmation mail.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  type AppointmentCommand,
  type DealerDayState,
  decideDealerDay,
  evolveDealerDay,
  initialDealerDay,
  placesLeft,
  slotProblem,
} from '../../domain/appointment/decide.ts';
import { isPublicHoliday } from '../../domain/appointment/holidays.ts';
import {
  type AppointmentCancelCode,
  type AppointmentEvent,
  type AppointmentPurpose,
  appointmentId,
  appointmentPlace,
  dealerDayStream,
  HORIZON_DAYS,
} from '../../domain/appointment/schemas.ts';
import { addDays, localDay, slotOf, slotTimes } from '../../domain/appointment/slots.ts';
import type { Dealer } from '../../domain/catalogue/dealer.ts';
import { dealerStream } from '../../domain/catalogue/dealer.ts';
import type { CatalogueEvent } from '../../domain/catalogue/events.ts';
import type { PersonalData } from '../../domain/customers/personalData.ts';
import { IllegalStateError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import { type Actor, describeActor } from '../../domain/funnel/actor.ts';
import { type Locale, MARKETS, marketOf } from '../../domain/markets.ts';
import type { VaultRecord } from '../customers/vault/customerVault.ts';
import type { EventStore, JsonObject } from '../eventStore.ts';
import { StreamNotFoundError } from '../eventStoreErrors.ts';
import { type AggregateStream, handleCommand, readAggregate } from '../handleCommand.ts';

/** The vault calls the service makes (engine/customers/vault: appointment contacts, `apc_…`). */
export interface ContactVault {
  createContact(contactId: string, data: PersonalData): Promise<VaultRecord>;
  read(customerId: string): Promise<VaultRecord>;
  erase(customerId: string): Promise<unknown>;
}

export interface AppointmentServiceOptions {
  readonly store: EventStore;
  readonly vault: ContactVault;
  /** Signs the links of the mails (cancel or move without signing in); 32+ bytes, never changes. */
  readonly linkKey: Buffer;
  readonly clock?: () => Date;
  /** A new contact record's id in the vault: `apc_` + 32 hex digits (ids come from the caller). */
  readonly newContactId: () => string;
  /** Attempts of a command on a busy dealer-day before a 409 (default 10). */
  readonly maxAttempts?: number;
}

export interface Contact {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: string;
}

export interface AppointmentView {
  readonly appointmentId: string;
  readonly dealerId: string;
  readonly day: string;
  readonly time: string;
  readonly start: string;
  readonly end: string;
  readonly purpose: AppointmentPurpose;
  readonly locale: Locale;
  readonly status: 'booked' | 'cancelled';
  readonly customerId: string | null;
  readonly contactId: string;
  readonly valuationId: string | null;
  readonly movedFrom: string | null;
  readonly movedTo: string | null;
  readonly cancelCode: AppointmentCancelCode | null;
}

export interface DaySlots {
  readonly day: string;
  readonly slots: readonly { readonly time: string; readonly start: string; readonly left: number }[];
}

export interface BookInput {
  readonly dealerId: string;
  readonly locale: Locale;
  readonly purpose: AppointmentPurpose;
  readonly day: string;
  readonly time: string;
  readonly contact: Contact;
  readonly valuationId?: string | null;
}

export interface AppointmentCall {
  readonly actor: Actor;
  /** The same key never books twice (a double submit, a retried request). */
  readonly idempotencyKey: string;
  /** Staff's words for a cancel (kept in the event's metadata with the actor). */
  readonly reason?: string;
}

export interface AppointmentService {
  /** An open dealer of the locale's market; undefined otherwise. */
  dealer(dealerId: string, locale: Locale): Promise<Dealer | undefined>;
  /** Free slots of a purpose, from `from` (default today, the dealer's local day) for `days` days. */
  freeSlots(
    dealer: Dealer,
    locale: Locale,
    purpose: AppointmentPurpose,
    options?: { readonly from?: string; readonly days?: number },
  ): Promise<DaySlots[]>;
  /** The next `count` free slots of a purpose from a day on (what a refused form offers). */
  nextFree(
    dealer: Dealer,
    locale: Locale,
    purpose: AppointmentPurpose,
    from: string,
    count?: number,
  ): Promise<{ day: string; time: string; start: string }[]>;
  book(input: BookInput, call: AppointmentCall): Promise<AppointmentView>;
  get(appointmentId: string): Promise<AppointmentView>;
  /** The contact details of an appointment (the confirmation page, the back office for sales). */
  contact(view: AppointmentView): Promise<Contact | undefined>;
  cancel(appointmentId: string, code: AppointmentCancelCode, call: AppointmentCall): Promise<AppointmentView>;
  /** Book the new slot (same purpose, contact), then cancel the old: see the README on conflicts. */
  move(
    appointmentId: string,
    to: { day: string; time: string },
    call: AppointmentCall,
  ): Promise<AppointmentView>;
  /** The vault contacts of these appointments (a customer's erasure erases them). */
  contactsOf(appointmentIds: readonly string[]): Promise<string[]>;
  /** The signed token of an appointment's mail link, and the id it signs (undefined: not ours). */
  token(appointmentId: string): string;
  openToken(token: string): string | undefined;
}

const dealerDayEvolver = { initialState: initialDealerDay, evolve: evolveDealerDay };

const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');

function viewOf(stream: AggregateStream<DealerDayState, AppointmentEvent>, id: string): AppointmentView {
  let view: AppointmentView | undefined;
  for (const event of stream.events) {
    if (event.type === 'AppointmentBooked' && event.data.appointmentId === id) {
      view = { ...event.data, status: 'booked', movedTo: null, cancelCode: null };
    } else if (event.type === 'AppointmentCancelled' && event.data.appointmentId === id && view) {
      view = { ...view, status: 'cancelled', movedTo: event.data.movedTo, cancelCode: event.data.code };
    }
  }
  if (!view) throw new NotFoundError(`no appointment ${id}`, { appointmentId: id });
  return view;
}

export function createAppointmentService(options: AppointmentServiceOptions): AppointmentService {
  const { store, vault } = options;
  const clock = options.clock ?? (() => new Date());
  const maxAttempts = options.maxAttempts ?? 10;
  if (options.linkKey.length < 32) throw new Error('the appointment link key must be at least 32 bytes');

  const readDay = (dealerId: string, day: string) =>
    readAggregate<DealerDayState, AppointmentEvent>(store, dealerDayStream(dealerId, day), dealerDayEvolver);

  async function dealerById(dealerId: string): Promise<Dealer | undefined> {
    let events: { type: string; data: unknown }[];
    try {
      events = await store.readStream(dealerStream(dealerId));
    } catch (error) {
      if (error instanceof StreamNotFoundError) return undefined;
      throw error;
    }
    let dealer: Dealer | undefined;
    for (const event of events as CatalogueEvent[]) {
      if (event.type === 'DealerOpened' || event.type === 'DealerUpdated') dealer = event.data.dealer;
      else if (event.type === 'DealerClosed') dealer = undefined;
    }
    return dealer;
  }

  const timeZoneOf = (locale: Locale) => marketOf(locale).timeZone;

  async function freeSlots(
    dealer: Dealer,
    locale: Locale,
    purpose: AppointmentPurpose,
    range: { readonly from?: string; readonly days?: number } = {},
  ): Promise<DaySlots[]> {
    const now = clock();
    const timeZone = timeZoneOf(locale);
    const today = localDay(now, timeZone);
    const from = range.from && range.from > today ? range.from : today;
    const days = Math.min(range.days ?? 7, 31);
    const result: DaySlots[] = [];
    for (let i = 0; i < days; i++) {
      const day = addDays(from, i);
      if (day > addDays(today, HORIZON_DAYS)) break;
      const times = slotTimes(dealer.openingHours, day);
      if (times.length === 0 || isPublicHoliday(marketOf(locale).country, day)) {
        result.push({ day, slots: [] });
        continue;
      }
      const { state } = await readDay(dealer.dealerId, day);
      const slots = times
        .filter(
          (time) =>
            slotProblem({
              day,
              time,
              locale,
              openingHours: dealer.openingHours,
              timeZone,
              now: now.toISOString(),
            }) === undefined,
        )
        .map((time) => ({
          time,
          start: slotOf(day, time, timeZone).start,
          left: placesLeft(state, time, purpose),
        }))
        .filter((slot) => slot.left > 0);
      result.push({ day, slots });
    }
    return result;
  }

  const sign = (id: string) =>
    createHmac('sha256', options.linkKey).update(`appointment/v1/${id}`).digest('base64url');

  /** The appointment's stream, or 404 for an id that names none. */
  async function dayOf(id: string) {
    const place = appointmentPlace(id);
    if (!place) throw new NotFoundError(`no appointment ${id}`, { appointmentId: id });
    return { place, stream: await readDay(place.dealerId, place.day) };
  }

  async function book(
    input: BookInput,
    call: AppointmentCall,
    movedFrom: { id: string; contactId: string; customerId: string | null } | null = null,
  ): Promise<AppointmentView> {
    const dealer = await dealerById(input.dealerId);
    if (!dealer || dealer.address.country !== MARKETS[input.locale].country)
      throw new NotFoundError(`no dealer ${input.dealerId} in market ${input.locale}`);
    const key = call.idempotencyKey;
    const id = appointmentId(dealer.dealerId, input.day, hash('appointment', key).slice(0, 16));
    const contactId = movedFrom?.contactId ?? options.newContactId();
    const customerId = movedFrom
      ? movedFrom.customerId
      : call.actor.kind === 'buyer'
        ? (call.actor.customerId ?? null)
        : null;
    if (!movedFrom) {
      await vault.createContact(contactId, {
        firstName: input.contact.firstName,
        lastName: input.contact.lastName,
        email: input.contact.email,
        phone: input.contact.phone,
      });
    }
    const command: AppointmentCommand = {
      type: 'BookAppointment',
      appointmentId: id,
      dealerId: dealer.dealerId,
      day: input.day,
      time: input.time,
      purpose: input.purpose,
      locale: input.locale,
      customerId,
      contactId,
      valuationId: input.valuationId ?? null,
      movedFrom: movedFrom?.id ?? null,
      openingHours: dealer.openingHours,
      timeZone: timeZoneOf(input.locale),
      now: clock().toISOString(),
    };
    try {
      const result = await handleCommand(
        store,
        dealerDayStream(dealer.dealerId, input.day),
        dealerDayEvolver,
        (state) => decideDealerDay(command, state),
        { idempotencyKey: key, maxAttempts, metadata: metadataOf(call) },
      );
      const view = viewOf(result.stream, id);
      // A retried request answers the appointment made the first time: its own copy of the contact goes.
      if (!movedFrom && view.contactId !== contactId) await vault.erase(contactId).catch(() => undefined);
      return view;
    } catch (error) {
      // Refused: the contact typed for this booking goes (a move keeps the old appointment's).
      if (!movedFrom) await vault.erase(contactId).catch(() => undefined);
      throw error;
    }
  }

  const metadataOf = (call: AppointmentCall): JsonObject => ({
    actor: describeActor(call.actor),
    ...(call.actor.kind === 'staff' ? { staffId: call.actor.staffId } : {}),
    ...(call.reason ? { reason: call.reason } : {}),
    at: clock().toISOString(),
  });

  async function cancel(
    id: string,
    code: AppointmentCancelCode,
    call: AppointmentCall,
    movedTo: string | null = null,
  ): Promise<AppointmentView> {
    const { place } = await dayOf(id);
    const by = call.actor.kind === 'staff' ? 'staff' : 'buyer';
    const result = await handleCommand(
      store,
      dealerDayStream(place.dealerId, place.day),
      dealerDayEvolver,
      (state) => decideDealerDay({ type: 'CancelAppointment', appointmentId: id, by, code, movedTo }, state),
      { idempotencyKey: `${call.idempotencyKey}:cancel`, maxAttempts, metadata: metadataOf(call) },
    );
    return viewOf(result.stream, id);
  }

  return {
    async dealer(dealerId, locale) {
      const dealer = await dealerById(dealerId);
      return dealer && dealer.address.country === MARKETS[locale].country ? dealer : undefined;
    },
    freeSlots,
    async nextFree(dealer, locale, purpose, from, count = 6) {
      const found: { day: string; time: string; start: string }[] = [];
      for (let week = 0; week < 3 && found.length < count; week++) {
        const days = await freeSlots(dealer, locale, purpose, { from: addDays(from, week * 7), days: 7 });
        for (const { day, slots } of days)
          for (const slot of slots)
            if (found.length < count) found.push({ day, time: slot.time, start: slot.start });
      }
      return found;
    },
    book: (input, call) => book(input, call),
    async get(id) {
      const { stream } = await dayOf(id);
      return viewOf(stream, id);
    },
    async contact(view) {
      try {
        const { data } = await vault.read(view.contactId);
        return {
          firstName: data.firstName,
          lastName: data.lastName,
          email: data.email,
          phone: data.phone ?? '',
        };
      } catch (error) {
        if (error instanceof NotFoundError) return undefined;
        throw error;
      }
    },
    cancel: (id, code, call) => cancel(id, code, call),
    async move(id, to, call) {
      const { stream } = await dayOf(id);
      const old = viewOf(stream, id);
      if (old.status === 'cancelled') {
        // A retried move whose cancel already happened answers the new appointment.
        if (old.movedTo) return viewOf((await dayOf(old.movedTo)).stream, old.movedTo);
        throw new IllegalStateError(`appointment ${id} is cancelled`, { appointmentId: id, allowed: [] });
      }
      if (old.day === to.day && old.time === to.time) throw ValidationError.field('slot', 'same_slot');
      const moved = await book(
        {
          dealerId: old.dealerId,
          locale: old.locale,
          purpose: old.purpose,
          day: to.day,
          time: to.time,
          contact: { firstName: '', lastName: '', email: '', phone: '' },
          valuationId: old.valuationId,
        },
        { ...call, idempotencyKey: `${call.idempotencyKey}:move:${id}` },
        { id, contactId: old.contactId, customerId: old.customerId },
      );
      await cancel(id, 'moved', call, moved.appointmentId);
      return moved;
    },
    async contactsOf(ids) {
      const views = await Promise.all(ids.map((id) => dayOf(id).then(({ stream }) => viewOf(stream, id))));
      return [...new Set(views.map((view) => view.contactId))];
    },
    token: (id) => `${id}.${sign(id)}`,
    openToken(token) {
      const dot = token.lastIndexOf('.');
      if (dot < 0) return undefined;
      const id = token.slice(0, dot);
      if (!appointmentPlace(id)) return undefined;
      const given = Buffer.from(token.slice(dot + 1));
      const expected = Buffer.from(sign(id));
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
    },
  };
}
