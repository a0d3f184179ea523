/** The detail page URL of a car: `car_detail` for used cars, `car_detail_vn` for new ones. */
import type { Locale } from '../../domain/markets.ts';
import { urlFor } from './urlFor.ts';

/** The path of a car's detail page, or undefined if its id or slug cannot make one. */
export function carUrl(
  car: { readonly carId: string; readonly slug: string; readonly condition: 'used' | 'new' },
  locale: Locale,
): string | undefined {
  try {
    return urlFor(car.condition === 'new' ? 'car_detail_vn' : 'car_detail', locale, {
      id: car.carId,
      slug: car.slug,
    });
  } catch {
    return undefined;
  }
}
