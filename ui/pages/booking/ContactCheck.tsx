/**
 * The booking's contact check (`car_booking_check_contact`): a visitor gives an e-mail address
 * (`ajax-booking/check-email`), then signs in or signs up on the same page (`ajax-booking/login/{type}`,
 * back here); once signed in, the buyer confirms, which holds the car. Every step is a plain form.
 */
import type { BookingJson } from '../../api/bookingTypes.ts';
import type { PageProps } from '../../router/PageModule.ts';
import { urlFor } from '../../router/urlFor.ts';
import { Check, Field, FunnelForm, Submit, useFieldMessages, useFlashValue } from '../funnel/funnelForm.tsx';
import type { BookingPageProps } from './bookingPageProps.ts';
import { callOf } from './bookingSteps.ts';

type Props = PageProps<Extract<BookingPageProps, { kind: 'booking' }>> & { readonly booking: BookingJson };

export function ContactCheck(props: Props) {
  const { messages: m, page, booking, match, path, signedUp } = props;
  const locale = match.locale;
  // What the e-mail check answered (or the form a refused sign-in or sign-up came from).
  const account = useFlashValue('account');
  const passwordRefused = useFieldMessages('password').includes('refused');
  const confirm = callOf(booking, 'ConfirmContact') ?? callOf(booking, 'PlaceHold');

  if (page.signedIn && confirm) {
    return (
      <FunnelForm action={confirm}>
        <p>{booking.state === 'holding' ? m.contact.holding : m.contact.signedIn}</p>
        <input type="hidden" name="method" value={signedUp ? 'signed_up' : 'signed_in'} />
        <Submit label={booking.state === 'holding' ? m.contact.retry : m.contact.confirm} />
      </FunnelForm>
    );
  }
  if (account === 'sign-in') {
    return (
      <FunnelForm action={urlFor('ajax_booking_login', locale, { type: 'sign-in' })} next={path}>
        <input type="hidden" name="account" value="sign-in" />
        <p>{m.contact.signInText}</p>
        {passwordRefused ? <p className="notice notice--warning">{m.form.signInRefused}</p> : null}
        <p className="form__note">{m.form.required}</p>
        <Field name="email" type="email" label={m.contact.email} required autoComplete="username" wide />
        <Field
          name="password"
          type="password"
          label={m.contact.password}
          required
          autoComplete="current-password"
          wide
        />
        <Submit label={m.contact.signIn} />
        <p>
          <a href={path}>{m.contact.otherEmail}</a>
        </p>
      </FunnelForm>
    );
  }
  if (account === 'sign-up') {
    return (
      <FunnelForm
        action={urlFor('ajax_booking_login', locale, { type: 'sign-up' })}
        next={`${path}?account=new`}
      >
        <input type="hidden" name="account" value="sign-up" />
        <p>{m.contact.signUpText}</p>
        <p className="form__note">{m.form.required}</p>
        <Field name="email" type="email" label={m.contact.email} required autoComplete="username" wide />
        <div className="form__fields">
          <Field name="firstName" label={m.contact.firstName} required autoComplete="given-name" />
          <Field name="lastName" label={m.contact.lastName} required autoComplete="family-name" />
        </div>
        <Field
          name="password"
          type="password"
          label={m.contact.newPassword}
          required
          autoComplete="new-password"
          wide
        />
        <Check name="consents.terms" label={m.contact.terms} required />
        <Check name="consents.marketing" label={m.contact.marketing} />
        <Submit label={m.contact.signUp} />
        <p>
          <a href={path}>{m.contact.otherEmail}</a>
        </p>
      </FunnelForm>
    );
  }
  return (
    <FunnelForm action={urlFor('ajax_booking_check_email', locale)}>
      <p>{m.contact.intro}</p>
      <Field name="email" type="email" label={m.contact.email} required autoComplete="email" wide />
      <Submit label={m.contact.check} />
    </FunnelForm>
  );
}
