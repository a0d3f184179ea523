/**
 * The list page's filters: one collapsible group per facet, each value a link (the filtered list has
 * its own crawlable URL) with its count; the active value is marked and its link removes it.
 */
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import type { FacetGroup } from '../pages/facetGroups.ts';
import { AppLink } from './AppLink.tsx';
import { Icon } from './Icon.tsx';

const VISIBLE = 8;

function Option(props: { readonly option: FacetGroup['options'][number] }) {
  const t = useTranslator();
  const { option } = props;
  const content = (
    <>
      <span className="facet__check" aria-hidden="true">
        {option.active ? <Icon name="check" size={14} /> : null}
      </span>
      <span className="facet__label">{option.label}</span>
      <span className="facet__count">{t.number(option.count)}</span>
    </>
  );
  return (
    <li>
      {option.href ? (
        <AppLink
          className={option.active ? 'facet__option is-active' : 'facet__option'}
          href={option.href}
          aria-current={option.active ? 'true' : undefined}
          rel={option.nofollow ? 'nofollow' : undefined}
        >
          {content}
        </AppLink>
      ) : (
        <span className="facet__option is-disabled">{content}</span>
      )}
    </li>
  );
}

export function FacetSidebar(props: { readonly groups: readonly FacetGroup[] }) {
  const t = useTranslator();
  return (
    <div className="facets">
      <h2 className="facets__title" id="filters-title">
        {t.t('list.filters')}
      </h2>
      {props.groups.map((group) => {
        const first = group.options.slice(0, VISIBLE);
        const rest = group.options.slice(VISIBLE);
        return (
          <details key={group.facet} className="facet" open>
            <summary>
              {group.title}
              <Icon name="chevron" size={16} className="facet__chevron" />
            </summary>
            <ul className="facet__options">
              {first.map((option) => (
                <Option key={option.value} option={option} />
              ))}
            </ul>
            {rest.length > 0 ? (
              <details className="facet__more">
                <summary>{t.t('list.showMore')}</summary>
                <ul className="facet__options">
                  {rest.map((option) => (
                    <Option key={option.value} option={option} />
                  ))}
                </ul>
              </details>
            ) : null}
          </details>
        );
      })}
    </div>
  );
}
