/**
 * The shape of a locale's dictionary, taken from the French reference (`messages/fr.ts`): every other
 * locale is typed `Messages`, so a missing or extra key is a compile error (and a unit test checks the
 * same at run time, with the plural categories each language needs).
 */
import type { fr } from './messages/fr.ts';
import type { Plural } from './plural.ts';

type Widen<T> = {
  readonly [K in keyof T]: T[K] extends Plural ? Plural : T[K] extends string ? string : Widen<T[K]>;
};

/** A complete dictionary. */
export type Messages = Widen<typeof fr>;

type Join<P extends string, K extends string> = P extends '' ? K : `${P}.${K}`;

type Keys<T, P extends string, Want> = {
  [K in keyof T & string]: T[K] extends Plural
    ? Want extends 'plural'
      ? Join<P, K>
      : never
    : T[K] extends string
      ? Want extends 'text'
        ? Join<P, K>
        : never
      : Keys<T[K], Join<P, K>, Want>;
}[keyof T & string];

/** Dotted path of a text entry: `nav.used`, `vocab.fuel.diesel`. */
export type MessageKey = Keys<Messages, '', 'text'>;

/** Dotted path of a plural entry: `list.results`. */
export type PluralKey = Keys<Messages, '', 'plural'>;
