/**
 * `my_account_dashboard` and `my_account_my_bills_add` for a visitor who is not signed in (customer
 * sign-in comes with the funnels issue): an invitation to sign in, with how an account is created and
 * what it gives. Status 200, kept out of search results. When sign-in exists, a signed-in customer will
 * get the dashboard and the bill upload form here instead.
 */
import { AccountSignIn } from '../components/AccountSignIn.tsx';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { urlFor } from '../router/urlFor.ts';
import { pageHead } from './pageHead.ts';

function AccountPage({ match }: PageProps<object>) {
  const t = useTranslator();
  const { locale } = match;
  const bills = match.route === 'my_account_my_bills_add';
  return (
    <>
      <PageIntro
        eyebrow={
          bills ? (
            <Breadcrumbs
              items={[
                { label: t.t('site.homeLink'), href: urlFor('front_pages_index', locale) },
                { label: t.t('account.title'), href: urlFor('my_account_dashboard', locale) },
                { label: t.t('account.billsTitle') },
              ]}
            />
          ) : undefined
        }
        title={bills ? t.t('account.billsTitle') : t.t('account.title')}
        text={bills ? t.t('account.billsIntro') : t.t('account.intro')}
      />
      <AccountSignIn locale={locale} />
    </>
  );
}

export const accountPage = definePage<object>({
  async load({ match, t }) {
    const bills = match.route === 'my_account_my_bills_add';
    const head = pageHead(
      match,
      bills ? t.t('account.billsTitle') : t.t('account.title'),
      bills ? t.t('account.billsIntro') : t.t('account.description'),
      { noindex: true },
    );
    return { head, props: {} };
  },
  Component: AccountPage,
});
