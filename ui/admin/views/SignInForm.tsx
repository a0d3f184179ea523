/**
 * The staff sign-in form: a real `<form method="post">` to `POST /admin/api/session` with its CSRF
 * field, `_back` (this page: a refusal comes back here with its messages) and `_next` (where to go once
 * signed in), so it works without JavaScript (http/plugins/formPosts.ts answers 303). The server renders
 * it into the shell; in the browser SignInView.tsx sends the same form as JSON.
 */
import type { FormEvent } from 'react';
import type { AdminTranslator } from '../adminTranslator.ts';

export interface SignInFlash {
  readonly fields: Readonly<Record<string, readonly string[]>>;
  readonly values: Readonly<Record<string, string>>;
}

export interface SignInFormProps {
  readonly t: AdminTranslator;
  readonly csrfToken: string;
  /** This page's path (`_back`). */
  readonly back: string;
  /** Where to go once signed in (`_next`), an admin page. */
  readonly next: string;
  readonly flash?: SignInFlash | undefined;
  readonly expired?: boolean;
  readonly pending?: boolean;
  readonly onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}

/** A refusal's words by field: a wrong password, the rate limit, a missing value. */
function messageOf(t: AdminTranslator, codes: readonly string[] | undefined): string | undefined {
  if (!codes || codes.length === 0) return undefined;
  if (codes.includes('refused')) return t.t('signIn.refused');
  if (codes.includes('rate_limited')) return t.t('signIn.rateLimited');
  if (codes.includes('failed')) return t.t('signIn.failed');
  return t.t('signIn.required');
}

export function SignInForm({ t, csrfToken, back, next, flash, expired, pending, onSubmit }: SignInFormProps) {
  const formMessage = messageOf(t, flash?.fields._form);
  const emailMessage = messageOf(t, flash?.fields.email);
  const passwordMessage = messageOf(t, flash?.fields.password);
  return (
    <main className="admin-signin" id="main">
      <h1>{t.t('signIn.title')}</h1>
      <p>{t.t('signIn.intro')}</p>
      {expired && !flash ? (
        <p className="admin-notice" role="status">
          {t.t('signIn.expired')}
        </p>
      ) : null}
      {formMessage ? (
        <p className="admin-notice admin-notice--error" role="alert">
          {formMessage}
        </p>
      ) : null}
      <form method="post" action="/admin/api/session" noValidate onSubmit={onSubmit}>
        <input type="hidden" name="_csrf" value={csrfToken} />
        <input type="hidden" name="_back" value={back} />
        <input type="hidden" name="_next" value={next} />
        <div className="admin-field">
          <label htmlFor="signin-email">{t.t('signIn.email')}</label>
          <input
            id="signin-email"
            name="email"
            type="email"
            autoComplete="username"
            required
            defaultValue={flash?.values.email ?? ''}
            aria-invalid={emailMessage ? true : undefined}
            aria-describedby={emailMessage ? 'signin-email-error' : undefined}
          />
          {emailMessage ? (
            <p className="admin-field__error" id="signin-email-error">
              {emailMessage}
            </p>
          ) : null}
        </div>
        <div className="admin-field">
          <label htmlFor="signin-password">{t.t('signIn.password')}</label>
          <input
            id="signin-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={passwordMessage ? true : undefined}
            aria-describedby={passwordMessage ? 'signin-password-error' : undefined}
          />
          {passwordMessage ? (
            <p className="admin-field__error" id="signin-password-error">
              {passwordMessage}
            </p>
          ) : null}
        </div>
        <button type="submit" className="admin-button admin-button--primary" disabled={pending}>
          {t.t('signIn.submit')}
        </button>
      </form>
    </main>
  );
}
