import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../errors.ts';
import { allowedStatuses, decideLead, evolveLead, initialLead, type LeadState } from './decide.ts';
import { dealerLocale, nearestDealer, type RoutableDealer } from './routing.ts';
import { type LeadEvent, type LeadSubmitted, leadEventSchema } from './schemas.ts';

const LEAD = `lead_${'a'.repeat(32)}`;
const submitted: LeadSubmitted = {
  leadId: LEAD,
  kind: 'car',
  locale: 'fr',
  carId: '1001',
  bookingId: null,
  brand: null,
  hub: null,
  topic: null,
  dealerId: '11',
  routedBy: 'car_dealer',
  consent: { given: true, textVersion: 'lead-consent-2026-11' },
  sourcePage: '/fr/acheter/voiture-1001/bmw-x3',
  customerId: null,
  visitorId: 'v1',
};
const given = (...events: LeadEvent[]): LeadState => events.reduce(evolveLead, initialLead);
const submittedEvent: LeadEvent = { type: 'LeadSubmitted', data: submitted };
const moved = (from: LeadState['status'], to: LeadState['status']): LeadEvent => ({
  type: 'LeadStatusChanged',
  data: { leadId: LEAD, from: from!, to: to!, by: 'staff-1', noteId: null },
});

describe('lead decider', () => {
  describe('given no lead', () => {
    describe('when a buyer submits one', () => {
      it('then it is submitted, as new, with every fact it was given (and the events parse)', () => {
        const events = decideLead({ type: 'SubmitLead', lead: submitted }, given());
        expect(events).toEqual([submittedEvent]);
        expect(leadEventSchema.parse(events[0])).toEqual(submittedEvent);
        expect(given(...events).status).toBe('new');
      });
    });
    describe('when staff change its status', () => {
      it('then it is not found', () => {
        expect(() =>
          decideLead(
            { type: 'ChangeLeadStatus', from: 'new', to: 'contacted', by: 's', noteId: null },
            given(),
          ),
        ).toThrow(NotFoundError);
      });
    });
  });

  describe('given a submitted lead', () => {
    describe('when it is submitted again (a retried request)', () => {
      it('then nothing happens', () => {
        expect(decideLead({ type: 'SubmitLead', lead: submitted }, given(submittedEvent))).toEqual([]);
      });
    });
    describe('when a staff member moves it forward from the status they saw', () => {
      it('then the change is recorded with the staff member and the note id', () => {
        expect(
          decideLead(
            { type: 'ChangeLeadStatus', from: 'new', to: 'contacted', by: 'staff-1', noteId: 'n1' },
            given(submittedEvent),
          ),
        ).toEqual([
          {
            type: 'LeadStatusChanged',
            data: { leadId: LEAD, from: 'new', to: 'contacted', by: 'staff-1', noteId: 'n1' },
          },
        ]);
      });
    });
    describe('when another staff member was faster (the status seen is not the status now)', () => {
      it('then it is a conflict naming the status and what is allowed now', () => {
        const state = given(submittedEvent, moved('new', 'contacted'));
        try {
          decideLead(
            { type: 'ChangeLeadStatus', from: 'new', to: 'contacted', by: 's2', noteId: null },
            state,
          );
          expect.unreachable();
        } catch (error) {
          expect(error).toBeInstanceOf(ConflictError);
          expect((error as ConflictError).details).toEqual({
            status: 'contacted',
            allowed: ['qualified', 'won', 'lost'],
          });
        }
      });
    });
    describe('when it is moved backwards', () => {
      it('then it is a conflict', () => {
        const state = given(submittedEvent, moved('new', 'qualified'));
        expect(() =>
          decideLead(
            { type: 'ChangeLeadStatus', from: 'qualified', to: 'contacted', by: 's', noteId: null },
            state,
          ),
        ).toThrow(ConflictError);
      });
    });
    describe('when a visitor signs in', () => {
      it('then the lead joins their account, once', () => {
        const joined = decideLead({ type: 'JoinCustomer', customerId: 'cus_1' }, given(submittedEvent));
        expect(joined).toEqual([{ type: 'LeadJoinedCustomer', data: { leadId: LEAD, customerId: 'cus_1' } }]);
        expect(
          decideLead({ type: 'JoinCustomer', customerId: 'cus_2' }, given(submittedEvent, ...joined)),
        ).toEqual([]);
      });
    });
  });

  describe('given a lead won or lost', () => {
    it('then nothing is allowed any more', () => {
      expect(allowedStatuses('won')).toEqual([]);
      expect(allowedStatuses('lost')).toEqual([]);
      expect(allowedStatuses('new')).toEqual(['contacted', 'qualified', 'won', 'lost']);
    });
  });
});

describe('lead routing', () => {
  const dealer = (dealerId: string, lat: number, lng: number, brands = ['bmw']): RoutableDealer => ({
    dealerId,
    country: 'FR',
    postcode: '75001',
    hub: 'h',
    brands,
    lat,
    lng,
  });
  const paris = { country: 'FR' as const, lat: 48.86, lng: 2.35 };

  it('given dealers in Lyon and Paris, when a Parisian asks, then Paris is the nearest', () => {
    const found = nearestDealer([dealer('11', 45.76, 4.83), dealer('12', 48.85, 2.34)], paris);
    expect(found?.dealer.dealerId).toBe('12');
  });
  it('given a brand, then the dealers selling it come first even when further away', () => {
    const found = nearestDealer(
      [dealer('11', 45.76, 4.83, ['tesla']), dealer('12', 48.85, 2.34)],
      paris,
      'tesla',
    );
    expect(found?.dealer.dealerId).toBe('11');
  });
  it('given no dealer in the country, then none', () => {
    expect(nearestDealer([{ ...dealer('21', 52.5, 13.4), country: 'DE' }], paris)).toBeUndefined();
  });
  it('writes to a dealer in its market language (Belgium by region)', () => {
    expect(dealerLocale({ country: 'BE', postcode: '2000' })).toBe('nl-BE');
    expect(dealerLocale({ country: 'BE', postcode: '1000' })).toBe('fr-BE');
    expect(dealerLocale({ country: 'BE', postcode: '4000' })).toBe('fr-BE');
    expect(dealerLocale({ country: 'AT', postcode: '1010' })).toBe('at');
  });
});
