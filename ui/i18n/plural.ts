/**
 * A message whose wording depends on a count (CLDR plural categories). Each locale gives the categories
 * its language uses (`Intl.PluralRules(...).resolvedOptions().pluralCategories`): Polish needs `few`
 * and `many`, French, Spanish, Italian and Portuguese `many` (used for exact millions).
 */
export interface Plural {
  readonly zero?: string;
  readonly one?: string;
  readonly two?: string;
  readonly few?: string;
  readonly many?: string;
  readonly other: string;
}

/** Marks a dictionary entry as a plural (so the message types tell it from nested keys). */
export function plural(forms: Plural): Plural {
  return forms;
}

/** Whether a dictionary value is a plural entry. */
export function isPlural(value: unknown): value is Plural {
  return typeof value === 'object' && value !== null && typeof (value as Plural).other === 'string';
}
