/** The 404 page (the server answers it with status 404): in the locale of the path asked for. */
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { urlFor } from '../router/urlFor.ts';
import { AppLink } from './AppLink.tsx';

export function NotFoundPage() {
  const t = useTranslator();
  return (
    <section className="container status-page" aria-labelledby="status-title">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="status-title">{t.t('notFound.title')}</h1>
      <p>{t.t('notFound.text')}</p>
      <div className="status-page__actions">
        <AppLink className="btn btn--primary" href={urlFor('front_pages_index', t.locale)}>
          {t.t('notFound.home')}
        </AppLink>
        <AppLink className="btn btn--ghost" href={urlFor('page_buy_index', t.locale)}>
          {t.t('notFound.search')}
        </AppLink>
      </div>
    </section>
  );
}
