import { DEFAULT_LOCALE, isLocale, type Locale } from '../../domain/markets.ts';

/** The locale a path is in: its first segment when that is a locale (`/fr-BE/…`, `/admin/de/…`), else fr. */
export function localeOfPath(pathname: string): Locale {
  const [first, second] = pathname.split('/').filter(Boolean);
  if (isLocale(first)) return first;
  if (first === 'admin' && isLocale(second)) return second;
  return DEFAULT_LOCALE;
}
