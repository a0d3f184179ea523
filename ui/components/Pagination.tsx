/** Page links of a list: previous, a window of pages around the current one, next. */
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { AppLink } from './AppLink.tsx';
import { Icon } from './Icon.tsx';

/** The pages to show: first, last, and two on each side of the current one; 0 marks a gap. */
export function pageWindow(page: number, pages: number): number[] {
  const shown = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2]);
  const sorted = [...shown].filter((p) => p >= 1 && p <= pages).sort((a, b) => a - b);
  return sorted.flatMap((p, i) => (i > 0 && p - sorted[i - 1]! > 1 ? [0, p] : [p]));
}

export function Pagination(props: {
  readonly page: number;
  readonly pages: number;
  readonly hrefOf: (page: number) => string;
}) {
  const t = useTranslator();
  const { page, pages } = props;
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t.t('list.pagination')}>
      {page > 1 ? (
        <AppLink className="pagination__step" href={props.hrefOf(page - 1)} rel="prev">
          <Icon name="chevron" size={16} className="icon--flip" />
          {t.t('list.previous')}
        </AppLink>
      ) : null}
      <ul>
        {pageWindow(page, pages).map((p, index) =>
          p === 0 ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${index}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <AppLink
                href={props.hrefOf(p)}
                aria-current={p === page ? 'page' : undefined}
                aria-label={t.t('list.pageOf', { page: p, pages })}
              >
                {t.number(p)}
              </AppLink>
            </li>
          ),
        )}
      </ul>
      {page < pages ? (
        <AppLink className="pagination__step" href={props.hrefOf(page + 1)} rel="next">
          {t.t('list.next')}
          <Icon name="chevron" size={16} />
        </AppLink>
      ) : null}
    </nav>
  );
}
