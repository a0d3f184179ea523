/**
 * The back office's words and formats of one locale: `t('list.apply')` through rosetta (no fallback
 * language: each dictionary is complete, see messages.unit.spec.ts); dates and times in the staff
 * member's locale (its language and time zone); amounts in the currency they carry (the funnel's market).
 */
import rosetta from 'rosetta';
import type { Money } from '../../domain/catalogue/car.ts';
import type { Locale } from '../../domain/markets.ts';
import { formatMoment, formatNumber, formatPrice } from '../i18n/format.ts';
import type { AdminMessages } from './messages/index.ts';

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every message key: `signIn.title`. */
export type AdminKey = Leaves<AdminMessages>;

export interface AdminTranslator {
  readonly locale: Locale;
  readonly messages: AdminMessages;
  t(key: AdminKey, params?: Readonly<Record<string, string | number>>): string;
  /** A label of a closed vocabulary (`purchaseStatus`, `bookingStatus`, `step`), or the value itself. */
  label(group: 'purchaseStatus' | 'bookingStatus' | 'step' | 'role', value: string | null): string;
  /** A moment, date and time, in the staff member's locale and time zone. */
  moment(iso: string): string;
  /** An amount in minor units of `currency`. */
  money(amount: number, currency: string): string;
  number(value: number): string;
}

export function createAdminTranslator(locale: Locale, messages: AdminMessages): AdminTranslator {
  const i18n = rosetta<AdminMessages>({ [locale]: messages });
  i18n.locale(locale);
  return {
    locale,
    messages,
    t: (key, params) => i18n.t(key, params ?? {}),
    label(group, value) {
      if (value === null) return '—';
      return (messages[group] as Readonly<Record<string, string>>)[value] ?? value;
    },
    moment: (iso) => formatMoment(iso, locale, 'dateTime'),
    money: (amount, currency) => formatPrice({ amount, currency: currency as Money['currency'] }, locale),
    number: (value) => formatNumber(value, locale),
  };
}
