/**
 * The list pages' facet path segments (SPEC `facet1`…`facet4`): `/de/kaufen/bmw/x3/diesel/automatik`.
 * A segment is a brand slug, a model slug (right after its brand), or the locale's word for a fuel,
 * body, gearbox or colour. The canonical order is brand, model, fuel, body, gearbox, colour; a page
 * reached in another order answers with the canonical URL. Anything unknown, repeated or beyond four
 * segments is not a page (404).
 */
import type { Locale } from '../markets.ts';
import type { Body, Colour, Fuel, Gearbox } from './vocabulary.ts';

type Words<T extends string> = Readonly<Record<T, Readonly<Record<Locale, string>>>>;
const all = (word: string): Readonly<Record<Locale, string>> => ({
  at: word,
  de: word,
  es: word,
  fr: word,
  'fr-BE': word,
  it: word,
  'nl-BE': word,
  pl: word,
  pt: word,
});
/** Words per language: German (at, de), Spanish, French (fr, fr-BE), Italian, Dutch, Polish, Portuguese. */
const by = (de: string, es: string, fr: string, it: string, nl: string, pl: string, pt: string) => ({
  at: de,
  de,
  es,
  fr,
  'fr-BE': fr,
  it,
  'nl-BE': nl,
  pl,
  pt,
});

export const FUEL_SLUGS: Words<Fuel> = {
  petrol: by('benzin', 'gasolina', 'essence', 'benzina', 'benzine', 'benzyna', 'gasolina'),
  diesel: all('diesel'),
  hybrid: by('hybrid', 'hibrido', 'hybride', 'ibrida', 'hybride', 'hybryda', 'hibrido'),
  plug_in_hybrid: by(
    'plug-in-hybrid',
    'hibrido-enchufable',
    'hybride-rechargeable',
    'ibrida-plug-in',
    'plug-in-hybride',
    'hybryda-plug-in',
    'hibrido-plug-in',
  ),
  electric: by('elektro', 'electrico', 'electrique', 'elettrica', 'elektrisch', 'elektryczny', 'eletrico'),
  lpg: by('autogas', 'glp', 'gpl', 'gpl', 'lpg', 'lpg', 'gpl'),
};

export const BODY_SLUGS: Words<Body> = {
  hatchback: by('kompakt', 'compacto', 'compacte', 'compatta', 'hatchback', 'hatchback', 'hatchback'),
  sedan: by('limousine', 'berlina', 'berline', 'berlina', 'sedan', 'sedan', 'berlina'),
  estate: by('kombi', 'familiar', 'break', 'station-wagon', 'break', 'kombi', 'carrinha'),
  suv: all('suv'),
  coupe: all('coupe'),
  convertible: by('cabrio', 'descapotable', 'cabriolet', 'cabrio', 'cabrio', 'kabriolet', 'descapotavel'),
  mpv: by('van', 'monovolumen', 'monospace', 'monovolume', 'mpv', 'minivan', 'monovolume'),
  van: by('transporter', 'furgoneta', 'utilitaire', 'furgone', 'bestelwagen', 'dostawczy', 'comercial'),
  pickup: all('pick-up'),
};

export const GEARBOX_SLUGS: Words<Gearbox> = {
  manual: by('schaltgetriebe', 'manual', 'manuelle', 'manuale', 'manueel', 'manualna', 'manual'),
  automatic: by(
    'automatik',
    'automatico',
    'automatique',
    'automatico',
    'automaat',
    'automatyczna',
    'automatico',
  ),
};

export const COLOUR_SLUGS: Words<Colour> = {
  black: by('schwarz', 'negro', 'noir', 'nero', 'zwart', 'czarny', 'preto'),
  white: by('weiss', 'blanco', 'blanc', 'bianco', 'wit', 'bialy', 'branco'),
  grey: by('grau', 'gris', 'gris', 'grigio', 'grijs', 'szary', 'cinzento'),
  silver: by('silber', 'plata', 'argent', 'argento', 'zilver', 'srebrny', 'prateado'),
  blue: by('blau', 'azul', 'bleu', 'blu', 'blauw', 'niebieski', 'azul'),
  red: by('rot', 'rojo', 'rouge', 'rosso', 'rood', 'czerwony', 'vermelho'),
  green: by('gruen', 'verde', 'vert', 'verde', 'groen', 'zielony', 'verde'),
  brown: by('braun', 'marron', 'marron', 'marrone', 'bruin', 'brazowy', 'castanho'),
  beige: by('beige', 'beige', 'beige', 'beige', 'beige', 'bezowy', 'bege'),
  yellow: by('gelb', 'amarillo', 'jaune', 'giallo', 'geel', 'zolty', 'amarelo'),
  orange: by('orange', 'naranja', 'orange', 'arancione', 'oranje', 'pomaranczowy', 'laranja'),
};

/** The filters facet segments can express. */
export interface FacetFilters {
  readonly brand?: string;
  readonly model?: string;
  readonly fuel?: Fuel;
  readonly body?: Body;
  readonly gearbox?: Gearbox;
  readonly colour?: Colour;
}

/** What the catalogue knows of brands and models (the reference data, or the stock in a read model). */
export interface BrandModelLookup {
  isBrand(slug: string): boolean;
  isModel(brand: string, slug: string): boolean;
}

export const MAX_FACET_SEGMENTS = 4;

function reverse<T extends string>(words: Words<T>, locale: Locale): ReadonlyMap<string, T> {
  return new Map(
    Object.entries(words).map(([value, slugs]) => [(slugs as Record<Locale, string>)[locale], value as T]),
  );
}

const cache = new Map<Locale, ReadonlyMap<string, [keyof FacetFilters, string]>>();
function wordsOf(locale: Locale): ReadonlyMap<string, [keyof FacetFilters, string]> {
  let words = cache.get(locale);
  if (!words) {
    const entries: [string, [keyof FacetFilters, string]][] = [];
    for (const [facet, table] of [
      ['fuel', FUEL_SLUGS],
      ['body', BODY_SLUGS],
      ['gearbox', GEARBOX_SLUGS],
      ['colour', COLOUR_SLUGS],
    ] as const) {
      for (const [slug, value] of reverse(table as Words<string>, locale))
        entries.push([slug, [facet, value]]);
    }
    words = new Map(entries);
    cache.set(locale, words);
  }
  return words;
}

/** Reads facet segments into filters; `null` when a segment is unknown, repeated or out of place. */
export function parseFacetSegments(
  locale: Locale,
  segments: readonly string[],
  catalogue: BrandModelLookup,
): FacetFilters | null {
  if (segments.length > MAX_FACET_SEGMENTS) return null;
  const filters: { -readonly [K in keyof FacetFilters]?: string } = {};
  let previous: keyof FacetFilters | undefined;
  for (const segment of segments) {
    const word = wordsOf(locale).get(segment);
    let facet: keyof FacetFilters;
    let value = segment;
    if (previous === 'brand' && filters.brand && catalogue.isModel(filters.brand, segment)) facet = 'model';
    else if (word) [facet, value] = word;
    else if (catalogue.isBrand(segment)) facet = 'brand';
    else return null;
    if (filters[facet] !== undefined) return null;
    filters[facet] = value;
    previous = facet;
  }
  return filters as FacetFilters;
}

/** The canonical segments for filters (brand, model, fuel, body, gearbox, colour), at most four. */
export function facetSegments(locale: Locale, filters: FacetFilters): string[] {
  const segments: string[] = [];
  if (filters.brand) segments.push(filters.brand);
  if (filters.brand && filters.model) segments.push(filters.model);
  if (filters.fuel) segments.push(FUEL_SLUGS[filters.fuel][locale]);
  if (filters.body) segments.push(BODY_SLUGS[filters.body][locale]);
  if (filters.gearbox) segments.push(GEARBOX_SLUGS[filters.gearbox][locale]);
  if (filters.colour) segments.push(COLOUR_SLUGS[filters.colour][locale]);
  return segments.slice(0, MAX_FACET_SEGMENTS);
}
