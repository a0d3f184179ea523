/** Shown when a page could not load (the server answers 500); "retry" loads it again. */
import { useRouter } from '@tanstack/react-router';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';

export function ErrorPage() {
  const t = useTranslator();
  const router = useRouter();
  return (
    <section className="container status-page" aria-labelledby="status-title">
      <p className="status-page__code" aria-hidden="true">
        !
      </p>
      <h1 id="status-title">{t.t('error.title')}</h1>
      <p>{t.t('error.text')}</p>
      <div className="status-page__actions">
        <button type="button" className="btn btn--primary" onClick={() => router.invalidate()}>
          {t.t('error.retry')}
        </button>
      </div>
    </section>
  );
}
