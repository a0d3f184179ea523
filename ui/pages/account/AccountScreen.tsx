/**
 * The account pages: a visitor's sign-in or sign-up form; a signed-in customer's header (greeting,
 * sections, sign-out form) with the dashboard (purchases and bookings, cars) or the bills (MyBills.tsx).
 * Every form is a real `<form method="post">` with its CSRF field (works without JavaScript).
 */

import { AppLink } from '../../components/AppLink.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Notice } from '../../components/Notice.tsx';
import type { PageProps } from '../../router/PageModule.ts';
import { urlFor } from '../../router/urlFor.ts';
import { fill } from '../funnel/fill.ts';
import {
  Check,
  Field,
  FormProvider,
  FunnelForm,
  useFieldMessages,
  useRefused,
} from '../funnel/funnelForm.tsx';
import type { AccountPageProps } from './accountPageProps.ts';
import { FunnelList } from './FunnelList.tsx';
import { MyAppointments } from './MyAppointments.tsx';
import { MyBills } from './MyBills.tsx';
import { MyCars } from './MyCars.tsx';
import { MyValuations } from './MyValuations.tsx';

type Props = PageProps<AccountPageProps>;

export function AccountScreen(props: Props) {
  const { messages: m } = props;
  return (
    <FormProvider csrfToken={props.csrfToken} back={props.path} flash={props.flash} invalid={m.form.invalid}>
      <div className="container section account">
        {props.kind === 'visitor' ? (
          <Visitor {...props} />
        ) : (
          <>
            <AccountHeader {...props} />
            {props.kind === 'bills' && props.bills ? (
              <MyBills {...props} bills={props.bills} />
            ) : (
              <Dashboard {...props} />
            )}
          </>
        )}
      </div>
    </FormProvider>
  );
}

/** The rate limit's answer, above the form that met it. */
function RateLimited(props: { readonly text: string }) {
  const limited = useFieldMessages('_form').includes('rate_limited');
  return limited ? <Notice tone="warning">{props.text}</Notice> : null;
}

function Visitor(props: Props) {
  const { messages: m, match, next } = props;
  const locale = match.locale;
  const signUp = props.form === 'sign-up';
  const here = urlFor(match.route, locale);
  const toggle = (form: 'sign-in' | 'sign-up') => {
    const query = new URLSearchParams();
    if (form === 'sign-up') query.set('form', form);
    if (next !== urlFor('my_account_dashboard', locale)) query.set('next', next);
    return query.size > 0 ? `${here}?${query}` : here;
  };
  const title = match.route === 'my_account_my_bills_add' ? m.billsTitle : m.title;
  return (
    <>
      <header className="account__head">
        <h1>{title}</h1>
        <p className="account__lead">{signUp ? m.signUp.text : m.signIn.text}</p>
      </header>
      <div className="account-layout">
        <section className="panel" aria-labelledby="account-form-title">
          <h2 id="account-form-title">{signUp ? m.signUp.title : m.signIn.title}</h2>
          {signUp ? <SignUpForm {...props} /> : <SignInForm {...props} />}
          <p className="account__switch">
            {signUp ? m.signUp.hasAccount : m.signIn.noAccount}{' '}
            <a href={toggle(signUp ? 'sign-in' : 'sign-up')}>
              {signUp ? m.signUp.toSignIn : m.signIn.toSignUp}
            </a>
          </p>
        </section>
        <section className="panel" aria-labelledby="account-benefits">
          <h2 id="account-benefits">{m.benefits.title}</h2>
          <ul className="check-list">
            {m.benefits.items.map((item) => (
              <li key={item}>
                <Icon name="check" size={16} />
                {item}
              </li>
            ))}
          </ul>
          <AppLink className="more-link" href={urlFor('my_account_favorite', locale)}>
            {m.benefits.favorites} <Icon name="arrow" size={16} />
          </AppLink>
        </section>
      </div>
    </>
  );
}

function SignInForm({ messages: m, match, next }: Props) {
  const refused = useFieldMessages('password').includes('refused');
  return (
    <FunnelForm action={urlFor('ajax_login', match.locale, { type: 'sign-in' })} next={next} id="sign-in">
      <RateLimited text={m.form.rateLimited} />
      {refused ? <Notice tone="warning">{m.signIn.refused}</Notice> : null}
      <p className="form__note">{m.form.required}</p>
      <Field
        name="email"
        type="email"
        label={m.signIn.email}
        required
        autoComplete="username"
        wide
        maxLength={254}
      />
      <Field
        name="password"
        type="password"
        label={m.signIn.password}
        required
        autoComplete="current-password"
        wide
        error={refused ? m.signIn.refused : undefined}
      />
      <button type="submit" className="btn btn--accent">
        {m.signIn.submit}
      </button>
    </FunnelForm>
  );
}

function SignUpForm({ messages: m, match, next, passwordMinLength }: Props) {
  const refused = useRefused();
  const emailTaken = useFieldMessages('email').some((text) => /registered/.test(text));
  return (
    <FunnelForm action={urlFor('ajax_login', match.locale, { type: 'sign-up' })} next={next} id="sign-up">
      <RateLimited text={m.form.rateLimited} />
      {refused && !emailTaken ? <Notice tone="warning">{m.form.refused}</Notice> : null}
      {emailTaken ? <Notice tone="warning">{m.signUp.emailTaken}</Notice> : null}
      <p className="form__note">{m.form.required}</p>
      <Field name="firstName" label={m.signUp.firstName} required autoComplete="given-name" maxLength={100} />
      <Field name="lastName" label={m.signUp.lastName} required autoComplete="family-name" maxLength={100} />
      <Field
        name="email"
        type="email"
        label={m.signUp.email}
        required
        autoComplete="email"
        wide
        maxLength={254}
        error={emailTaken ? m.signUp.emailTaken : undefined}
      />
      <Field
        name="password"
        type="password"
        label={m.signUp.password}
        required
        autoComplete="new-password"
        wide
        help={fill(m.signUp.passwordHelp, { min: passwordMinLength })}
        error={m.signUp.passwordRejected}
      />
      <Check name="consents.terms" label={m.signUp.terms} required />
      <Check name="consents.marketing" label={m.signUp.marketing} />
      <button type="submit" className="btn btn--accent">
        {m.signUp.submit}
      </button>
    </FunnelForm>
  );
}

function AccountHeader({ messages: m, match, customer, valuations }: Props) {
  const locale = match.locale;
  const dashboard = urlFor('my_account_dashboard', locale);
  const sections = [
    { href: `${dashboard}#funnels`, label: m.funnels.title },
    { href: `${dashboard}#cars`, label: m.cars.title },
    ...(valuations ? [{ href: `${dashboard}#valuations`, label: valuations.messages.list.title }] : []),
    { href: urlFor('my_account_favorite', locale), label: m.benefits.favorites },
    { href: urlFor('my_account_my_bills_add', locale), label: m.bills.title },
  ];
  return (
    <header className="account__head account__head--signed-in">
      <div>
        <p className="account__eyebrow">{m.title}</p>
        <h1>{fill(m.header.greeting, { name: customer?.firstName ?? '' })}</h1>
        <p className="account__lead">{fill(m.header.signedInAs, { email: customer?.email ?? '' })}</p>
      </div>
      <FunnelForm
        action={urlFor('ajax_login', locale, { type: 'sign-out' })}
        next={dashboard}
        className="account__sign-out"
      >
        <button type="submit" className="btn btn--ghost">
          {m.header.signOut}
        </button>
      </FunnelForm>
      <nav aria-label={m.header.sections} className="account__nav">
        <ul>
          {sections.map((section) => (
            <li key={section.href}>
              <a href={section.href}>{section.label}</a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

function Dashboard(props: Props) {
  return (
    <div className="account__sections">
      {props.funnels ? <FunnelList {...props} funnels={props.funnels} /> : null}
      {props.cars ? <MyCars {...props} cars={props.cars} /> : null}
      {props.valuations ? <MyValuations {...props} valuations={props.valuations} /> : null}
      {props.appointments ? <MyAppointments {...props} appointments={props.appointments} /> : null}
    </div>
  );
}
