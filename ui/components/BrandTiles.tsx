/** Brand tiles (monogram, name, car count) linking to each brand's page: home and brand list. */

import type { Locale } from '../../domain/markets.ts';
import type { BrandCount } from '../api/types.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { urlFor } from '../router/urlFor.ts';
import { AppLink } from './AppLink.tsx';

export function BrandTiles({
  brands,
  locale,
  className = 'brand-tiles',
}: {
  brands: readonly BrandCount[];
  locale: Locale;
  className?: string;
}) {
  const t = useTranslator();
  return (
    <ul className={className}>
      {brands.map((brand) => (
        <li key={brand.brand}>
          <AppLink className="brand-tile" href={urlFor('brand_item', locale, { brandName: brand.brand })}>
            <span className="brand-tile__monogram" aria-hidden="true">
              {brand.name.slice(0, 2)}
            </span>
            <span className="brand-tile__name">{brand.name}</span>
            <span className="brand-tile__count">{t.plural('brands.cars', brand.count)}</span>
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
