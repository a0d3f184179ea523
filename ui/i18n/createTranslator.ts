/**
 * A locale's messages and formats in one object: `t('nav.used')`, `plural('list.results', 12)`,
 * `label('fuel', 'diesel')`, `price(money)`. Lookups go through rosetta with no fallback language: a
 * locale only ever shows its own dictionary, which must be loaded first (`loadDictionary`: the root
 * route does it before rendering). Words staff changed are applied on top (translationOverrides.ts).
 */
import rosetta from 'rosetta';
import type { Money } from '../../domain/catalogue/car.ts';
import { withOverrides } from '../../domain/content/translations/messageTree.ts';
import { type Locale, type Market, marketOf } from '../../domain/markets.ts';
import { dictionary } from './dictionaries.ts';
import { formatDate, formatMileage, formatMonth, formatNumber, formatPrice } from './format.ts';
import type { MessageKey, Messages, PluralKey } from './Messages.ts';
import { appliedOverrides, onOverridesChange } from './translationOverrides.ts';

/** Values for a message's `{{name}}` parameters. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** The closed vocabularies with a label per value (`vocab.fuel.diesel`). */
export type VocabularyGroup = keyof Messages['vocab'];

/** Messages and formats of one locale. */
export interface Translator {
  readonly locale: Locale;
  readonly market: Market;
  t(key: MessageKey, params?: MessageParams): string;
  /** The plural form for `count` (the `{{count}}` parameter is written with the locale's digits). */
  plural(key: PluralKey, count: number, params?: MessageParams): string;
  /** A vocabulary value's label; an unknown value is shown as it is. */
  label(group: VocabularyGroup, value: string): string;
  price(money: Money): string;
  mileage(km: number): string;
  number(value: number): string;
  date(iso: string): string;
  month(yearMonth: string): string;
}

const i18n = rosetta<Messages>();
const translators = new Map<Locale, Translator>();
// Staff changed some words: the next translator of that locale is made with them.
onOverridesChange((locale) => translators.delete(locale));

/** The translator of a locale (one per locale, shared). Throws if the locale's dictionary is not loaded. */
export function createTranslator(locale: Locale): Translator {
  const existing = translators.get(locale);
  if (existing) return existing;
  // The whole tree each time: keys whose override was removed get their shipped text back.
  const messages = withOverrides(dictionary(locale), appliedOverrides(locale));
  i18n.set(locale, messages);
  const market = marketOf(locale);
  const rules = new Intl.PluralRules(market.language);
  const translator: Translator = {
    locale,
    market,
    t: (key, params) => i18n.t(key, params ?? {}, locale),
    plural(key, count, params) {
      const category = rules.select(count);
      const values = { ...params, count: formatNumber(count, locale) };
      const text = i18n.t(`${key}.${category}`, values, locale);
      return text === '' ? i18n.t(`${key}.other`, values, locale) : text;
    },
    label(group, value) {
      const labels = messages.vocab[group] as Readonly<Record<string, string>>;
      return Object.hasOwn(labels, value) ? labels[value]! : value;
    },
    price: (money) => formatPrice(money, locale),
    mileage: (km) => formatMileage(km, locale),
    number: (value) => formatNumber(value, locale),
    date: (iso) => formatDate(iso, locale),
    month: (yearMonth) => formatMonth(yearMonth, locale),
  };
  translators.set(locale, translator);
  return translator;
}
