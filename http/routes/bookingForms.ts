/**
 * The booking screens' forms posted without JavaScript (ui/pages/booking): each call's JSON body from the
 * form's fields (plugins/formPosts.ts) and where the buyer goes once it succeeded: the booking's page,
 * the deposit's checkout, or the form's own `_next` (a booking cancelled from the limit page goes back
 * there). The contact check's e-mail check leaves its answer for the page it comes back to.
 */
import type { FormRoute } from '../plugins/formPosts.ts';
import { given, pageOf, text } from './formFields.ts';

const checkoutOf = (answer: unknown) =>
  (answer as { checkoutUrl?: string | null } | undefined)?.checkoutUrl ?? undefined;

export const BOOKING_FORMS = {
  /** `car_booking_form`: start (bookingId 0), pay the deposit (→ the checkout), cancel. */
  booking: {
    body: (f) => {
      const action = given(f, 'action') ?? 'start';
      return action === 'cancel' && given(f, 'reason') ? { action, reason: given(f, 'reason') } : { action };
    },
    next: (answer, posted) => checkoutOf(answer) ?? posted.next ?? pageOf(answer),
  },
  /** `car_booking_check_contact`: the buyer signed in or up on this page; the hold follows. */
  checkContact: {
    body: (f) => ({ method: given(f, 'method') ?? 'signed_in' }),
    next: pageOf,
  },
  /** `ajax-booking/check-email`: back to the contact check, which then shows sign-in or sign-up. */
  checkEmail: {
    body: (f) => ({ email: text(f, 'email') }),
    keep: (answer) => ({
      account: (answer as { known?: boolean } | undefined)?.known ? 'sign-in' : 'sign-up',
    }),
  },
} satisfies Record<string, FormRoute>;
