/**
 * The sort order of a list: a GET form (works without JavaScript) that navigates as soon as the choice
 * changes once hydrated.
 */
import { useRouter } from '@tanstack/react-router';
import { useId } from 'react';
import { SORTS, type Sort } from '../../domain/catalogue/vocabulary.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';

export function SortForm(props: {
  readonly action: string;
  readonly sort: Sort;
  /** The URL of the list sorted by each order. */
  readonly hrefOf: (sort: Sort) => string;
  /** Other query parameters the form must keep. */
  readonly keep: Readonly<Record<string, string | number | undefined>>;
}) {
  const t = useTranslator();
  const router = useRouter();
  const id = useId();
  return (
    <form className="sort-form" method="get" action={props.action}>
      {Object.entries(props.keep).map(([name, value]) =>
        value === undefined || name === 'sort' || name === 'page' ? null : (
          <input key={name} type="hidden" name={name} value={value} />
        ),
      )}
      <label htmlFor={id}>{t.t('list.sortLabel')}</label>
      <select
        id={id}
        name="sort"
        value={props.sort}
        onChange={(event) => {
          router
            .navigate({ to: undefined, href: props.hrefOf(event.target.value as Sort) })
            .catch(() => undefined);
        }}
      >
        {SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {t.t(`sort.${sort}`)}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="btn btn--ghost btn--small">
          {t.t('list.apply')}
        </button>
      </noscript>
    </form>
  );
}
