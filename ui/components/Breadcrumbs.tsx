/** Where a page sits: links from home down to it (the last item is the page itself). */
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { AppLink } from './AppLink.tsx';

export interface Crumb {
  readonly label: string;
  readonly href?: string;
}

export function Breadcrumbs(props: { readonly items: readonly Crumb[] }) {
  const t = useTranslator();
  return (
    <nav className="breadcrumbs" aria-label={t.t('car.breadcrumb')}>
      <ol>
        {props.items.map((item, index) => (
          <li key={`${item.label}-${item.href ?? ''}`}>
            {item.href && index < props.items.length - 1 ? (
              <AppLink href={item.href}>{item.label}</AppLink>
            ) : (
              <span aria-current={index === props.items.length - 1 ? 'page' : undefined}>{item.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
