/**
 * What a visitor who is not signed in sees in the account area: the sign-in form, how an account is
 * created (with the first booking or purchase), what it gives, and the way to the favorites, which work
 * without an account. Customer sign-in is served by the funnels issue (SPEC `ajax_login`); until then the
 * form is shown disabled with a notice (PendingForm).
 */
import type { ReactNode } from 'react';
import type { Locale } from '../../domain/markets.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { listUrl } from '../router/listUrl.ts';
import { urlFor } from '../router/urlFor.ts';
import { AppLink } from './AppLink.tsx';
import { FormField } from './FormField.tsx';
import { Icon } from './Icon.tsx';
import { PendingForm } from './PendingForm.tsx';

export function AccountSignIn(props: { readonly locale: Locale; readonly children?: ReactNode }) {
  const t = useTranslator();
  const { locale } = props;
  return (
    <div className="container section account-layout">
      <PendingForm
        id="sign-in"
        title={t.t('account.signInTitle')}
        action={urlFor('ajax_login', locale, { type: 'sign-in' })}
        submit={t.t('account.signIn')}
        pending={t.t('account.pending')}
      >
        <FormField
          id="sign-in-email"
          name="email"
          type="email"
          label={t.t('account.email')}
          required
          wide
          maxLength={254}
          autoComplete="username"
        />
        <FormField
          id="sign-in-password"
          name="password"
          type="password"
          label={t.t('account.password')}
          required
          wide
          minLength={8}
          maxLength={200}
          autoComplete="current-password"
        />
      </PendingForm>
      <div className="account-layout__side">
        {props.children}
        <section className="panel" aria-labelledby="sign-up">
          <h2 id="sign-up">{t.t('account.signUpTitle')}</h2>
          <p>{t.t('account.signUpText')}</p>
          <AppLink className="btn btn--accent" href={listUrl(locale, 'used')}>
            {t.t('account.browse')}
          </AppLink>
        </section>
        <section className="panel" aria-labelledby="account-benefits">
          <h2 id="account-benefits">{t.t('account.benefitsTitle')}</h2>
          <ul className="check-list">
            {(['account.benefit1', 'account.benefit2', 'account.benefit3'] as const).map((key) => (
              <li key={key}>
                <Icon name="check" size={16} />
                {t.t(key)}
              </li>
            ))}
          </ul>
          <AppLink className="more-link" href={urlFor('my_account_favorite', locale)}>
            {t.t('account.favoritesLink')} <Icon name="arrow" size={16} />
          </AppLink>
        </section>
      </div>
    </div>
  );
}
