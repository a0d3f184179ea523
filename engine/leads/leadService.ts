/**
 * The leads' write path (domain/leads/README.md): a form's fields checked, the honeypot, the dealer
 * found from the facts (the car's, the chosen one, the nearest to the postcode), the person's words
 * into the lead's own vault subject, then `LeadSubmitted` on the lead's stream. Staff status changes
 * (their note to the vault, the change as an event) and a visitor's leads joining their account.
 */
import { createHash } from 'node:crypto';
import { brandNamed } from '../../domain/catalogue/reference/brandNames.ts';
import { locatePostcode } from '../../domain/delivery/postcodeArea.ts';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import { decideLead, evolveLead, initialLead, type LeadState } from '../../domain/leads/decide.ts';
import { HONEYPOT_FIELD, LEAD_CONSENT_VERSION } from '../../domain/leads/leadFields.ts';
import { type LeadForm, leadFormSchema, leadNoteSchema } from '../../domain/leads/leadForm.ts';
import { nearestDealer, ROUTING_OF, type RoutableDealer } from '../../domain/leads/routing.ts';
import {
  type LeadEvent,
  type LeadKind,
  type LeadStatus,
  type LeadSubmitted,
  leadStream,
} from '../../domain/leads/schemas.ts';
import { type Locale, marketOf } from '../../domain/markets.ts';
import { validate } from '../../domain/validate.ts';
import type { EventStore } from '../eventStore.ts';
import { handleCommand, readAggregate } from '../handleCommand.ts';
import type { LeadContacts } from './leadContacts.ts';

/** The catalogue's facts a lead is routed with (read models, gathered before deciding). */
export interface LeadFacts {
  car(carId: string): Promise<{ readonly carId: string; readonly dealerId: string } | undefined>;
  /** An open dealer. */
  dealer(dealerId: string): Promise<RoutableDealer | undefined>;
  /** The open dealers of a country. */
  dealers(country: RoutableDealer['country']): Promise<readonly RoutableDealer[]>;
}

/** Where a lead was posted from: its kind and the route's parameters. */
export interface LeadTarget {
  readonly kind: LeadKind;
  readonly locale: Locale;
  readonly carId?: string;
  readonly bookingId?: string;
  readonly dealerId?: string;
  readonly brand?: string;
  readonly hub?: string;
}

export interface SubmitLeadRequest {
  readonly target: LeadTarget;
  /** The form's fields as posted. */
  readonly fields: Readonly<Record<string, unknown>>;
  readonly customerId: string | null;
  readonly visitorId: string | null;
  /** The client's key: a retried request is the same lead. */
  readonly idempotencyKey?: string;
}

export interface SubmittedLead {
  readonly leadId: string;
  readonly dealerId: string | null;
  /** False for a bot caught by the honeypot: thanked, nothing stored. */
  readonly stored: boolean;
}

export interface LeadService {
  submit(request: SubmitLeadRequest): Promise<SubmittedLead>;
  changeStatus(
    leadId: string,
    change: {
      readonly from: LeadStatus;
      readonly to: LeadStatus;
      readonly by: string;
      readonly note?: unknown;
    },
  ): Promise<LeadState>;
  /** A visitor's lead joins the account they signed in or up with (nothing if it has one already). */
  joinCustomer(leadId: string, customerId: string): Promise<void>;
}

export const leadEvolver = { initialState: initialLead, evolve: evolveLead };

const PAGE = /^\/[A-Za-z0-9/_.-]{0,299}$/;

export function createLeadService(options: {
  readonly store: EventStore;
  readonly contacts: LeadContacts;
  readonly facts: LeadFacts;
  readonly newId: () => string;
  readonly clock?: () => Date;
}): LeadService {
  const { store, contacts, facts, newId } = options;
  const clock = options.clock ?? (() => new Date());
  const metadata = (actor: Record<string, string>) => ({ at: clock().toISOString(), actor });

  const leadIdOf = (key: string | undefined) =>
    `lead_${
      key === undefined
        ? newId().replaceAll('-', '').slice(0, 32)
        : createHash('sha256').update(`lead:${key}`).digest('hex').slice(0, 32)
    }`;

  /** The dealer this lead goes to, from the facts; unknown car, dealer, hub or brand → 404. */
  async function route(target: LeadTarget, form: LeadForm): Promise<RoutableDealer> {
    const country = marketOf(target.locale).country;
    const routing = ROUTING_OF[target.kind];
    switch (routing) {
      case 'car_dealer': {
        const car = target.carId ? await facts.car(target.carId) : undefined;
        if (!car) throw new NotFoundError(`car ${target.carId} not found`, { carId: target.carId });
        const dealer = await facts.dealer(car.dealerId);
        if (!dealer)
          throw new NotFoundError(`the dealer of car ${car.carId} is closed`, { carId: car.carId });
        return dealer;
      }
      case 'chosen': {
        if (target.kind === 'hub') {
          const inHub = (await facts.dealers(country)).filter((d) => d.hub === target.hub);
          if (inHub.length === 0) throw new NotFoundError(`hub ${target.hub} not found`, { hub: target.hub });
          if (!form.dealerId) throw ValidationError.field('dealerId', 'is required');
          const chosen = inHub.find((d) => d.dealerId === form.dealerId);
          if (!chosen) throw ValidationError.field('dealerId', 'is not one of the choices');
          return chosen;
        }
        const dealer = target.dealerId ? await facts.dealer(target.dealerId) : undefined;
        if (!dealer)
          throw new NotFoundError(`dealer ${target.dealerId} not found`, { dealerId: target.dealerId });
        return dealer;
      }
      case 'nearest': {
        if (target.kind === 'brand' && !(target.brand && brandNamed(target.brand)))
          throw new NotFoundError(`brand ${target.brand} not found`, { brand: target.brand });
        if (!form.postcode) throw ValidationError.field('postcode', 'is required');
        const { area } = locatePostcode(country, form.postcode);
        const nearest = nearestDealer(await facts.dealers(country), area, target.brand ?? null);
        if (!nearest) throw new NotFoundError(`no dealer in ${country}`, { country });
        return nearest.dealer;
      }
      default: {
        const never: never = routing;
        throw new Error(`unknown routing ${String(never)}`);
      }
    }
  }

  return {
    async submit(request) {
      const { target, fields } = request;
      // A bot filled the field people never see: the same thanks, nothing checked nor stored.
      const honey = fields[HONEYPOT_FIELD];
      if (typeof honey === 'string' && honey.trim() !== '')
        return { leadId: leadIdOf(request.idempotencyKey), dealerId: null, stored: false };
      const form = validate(leadFormSchema, fields, 'lead');
      const dealer = await route(target, form);
      const leadId = leadIdOf(request.idempotencyKey);
      const sourcePage = form.sourcePage && PAGE.test(form.sourcePage) ? form.sourcePage : '/';
      const lead: LeadSubmitted = {
        leadId,
        kind: target.kind,
        locale: target.locale,
        carId: target.kind === 'car' ? (target.carId ?? null) : null,
        bookingId:
          target.kind === 'car' && target.bookingId && target.bookingId !== '0' ? target.bookingId : null,
        brand: target.kind === 'brand' ? (target.brand ?? null) : null,
        hub: target.kind === 'hub' ? (target.hub ?? null) : null,
        topic: form.topic ?? null,
        dealerId: dealer.dealerId,
        routedBy: ROUTING_OF[target.kind],
        consent: { given: true, textVersion: form.consentVersion ?? LEAD_CONSENT_VERSION },
        sourcePage,
        landingPageId: form.landingPage ?? null,
        customerId: request.customerId,
        visitorId: request.customerId ? null : request.visitorId,
      };
      // The person's words first: a lead whose event failed is an unread vault row, which the retry
      // with the same key completes; the event never names a contact that is not there.
      await contacts.create(
        leadId,
        {
          email: form.email,
          firstName: form.firstName,
          lastName: form.lastName,
          ...(form.phone ? { phone: form.phone } : {}),
          message: form.message,
          ...(form.company ? { company: form.company } : {}),
          notes: {},
        },
        request.customerId,
      );
      const result = await handleCommand<LeadState, LeadEvent>(
        store,
        leadStream(leadId),
        leadEvolver,
        (state) => decideLead({ type: 'SubmitLead', lead }, state),
        {
          ...(request.idempotencyKey ? { idempotencyKey: request.idempotencyKey } : { newId }),
          metadata: metadata(
            request.customerId ? { kind: 'customer', customerId: request.customerId } : { kind: 'visitor' },
          ),
        },
      );
      const first = result.stream.state;
      return { leadId, dealerId: first.submitted ? dealer.dealerId : null, stored: true };
    },

    async changeStatus(leadId, change) {
      const note = validate(leadNoteSchema, change.note, 'note');
      const stream = await readAggregate(store, leadStream(leadId), leadEvolver);
      if (!stream.state.submitted) throw new NotFoundError(`lead ${leadId} not found`, { leadId });
      const noteId = note ? `n${Number(stream.revision ?? -1) + 1}` : null;
      const command = {
        type: 'ChangeLeadStatus' as const,
        from: change.from,
        to: change.to,
        by: change.by,
        noteId,
      };
      // Refused before the note is written (409 with what is allowed now).
      const decided = decideLead(command, stream.state);
      if (note && noteId) await contacts.addNote(leadId, noteId, note);
      const result = await handleCommand(
        store,
        leadStream(leadId),
        leadEvolver,
        (s) => decideLead(command, s),
        {
          newId,
          read: stream,
          decided,
          metadata: metadata({ kind: 'staff', staffId: change.by }),
        },
      );
      return result.stream.state;
    },

    async joinCustomer(leadId, customerId) {
      await handleCommand(
        store,
        leadStream(leadId),
        leadEvolver,
        (state) => decideLead({ type: 'JoinCustomer', customerId }, state),
        { newId, metadata: metadata({ kind: 'customer', customerId }) },
      );
      await contacts.joinCustomer(leadId, customerId);
    },
  };
}
