/** The filters in force, as removable chips, and a link that clears them all. */
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import type { ActiveFilter } from '../pages/facetGroups.ts';
import { AppLink } from './AppLink.tsx';
import { Icon } from './Icon.tsx';

export function ActiveFilters(props: {
  readonly filters: readonly ActiveFilter[];
  readonly clearHref: string;
}) {
  const t = useTranslator();
  if (props.filters.length === 0) return null;
  return (
    <section className="active-filters" aria-label={t.t('list.activeFilters')}>
      <ul>
        {props.filters.map((filter) => (
          <li key={filter.label}>
            <AppLink
              className="chip"
              href={filter.href}
              aria-label={t.t('list.removeFilter', { label: filter.label })}
            >
              {filter.label}
              <Icon name="close" size={14} />
            </AppLink>
          </li>
        ))}
      </ul>
      <AppLink className="active-filters__clear" href={props.clearHref}>
        {t.t('list.clearFilters')}
      </AppLink>
    </section>
  );
}
