/**
 * The page a range or facet item writes for (domain/content/README.md "SEO content"): SPEC "range landing
 * check" (the brand-model page and its cars) and "facet check" (a valid path and its cars), asked with
 * the latest version's fields.
 */
import { useId, useState } from 'react';
import type { Locale } from '../../../domain/markets.ts';
import { useAdminT } from '../AdminContext.tsx';
import { facetCheck, rangeLandingCheck } from '../contentApi.ts';

type Said = { readonly ok: boolean; readonly text: string; readonly page: string | null };

export function SeoPageCheck(props: {
  kind: 'range' | 'facet';
  locale: Locale;
  fields: Readonly<Record<string, unknown>>;
}) {
  const t = useAdminT();
  const id = useId();
  const [said, setSaid] = useState<Said | null>(null);
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      if (props.kind === 'range') {
        const check = await rangeLandingCheck(
          props.locale,
          String(props.fields.brand ?? ''),
          String(props.fields.slug ?? ''),
        );
        setSaid(
          check.page && check.cars
            ? {
                ok: true,
                page: check.page,
                text: t.t('seo.rangeOk', {
                  page: check.page,
                  used: t.number(check.cars.used ?? 0),
                  new: t.number(check.cars.new ?? 0),
                }),
              }
            : { ok: false, page: null, text: t.t('seo.rangeUnknown') },
        );
      } else {
        const check = await facetCheck(props.locale, String(props.fields.path ?? ''));
        setSaid(
          check.valid && check.path
            ? {
                ok: true,
                page: check.path,
                text: t.t('seo.facetOk', { path: check.path, count: t.number(check.cars ?? 0) }),
              }
            : { ok: false, page: null, text: t.t('seo.facetInvalid', { problem: check.problem ?? '' }) },
        );
      }
    } catch {
      setSaid({ ok: false, page: null, text: t.t('contentItems.failed') });
    } finally {
      setPending(false);
    }
  };
  return (
    <section className="admin-panel" aria-labelledby={`${id}-check`}>
      <h2 id={`${id}-check`}>{t.t('seo.checkTitle')}</h2>
      <div aria-live="polite">
        {said ? (
          <p className={said.ok ? 'admin-notice' : 'admin-notice admin-notice--error'}>
            {said.text}{' '}
            {said.page ? (
              <a href={said.page} target="_blank" rel="noopener">
                {t.t('seo.openPage')}
              </a>
            ) : null}
          </p>
        ) : null}
      </div>
      <button type="button" className="admin-button" disabled={pending} onClick={() => void run()}>
        {t.t('seo.checkRun')}
      </button>
    </section>
  );
}
