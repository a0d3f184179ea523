/** URL slugs from local names (`München` → `muenchen`, `Łódź` → `lodz`, `Garage Lyon Sud` → `garage-lyon-sud`). */

// Letters NFKD does not decompose, and German umlauts spelled the German way. The regexes below name
// them as escapes: the server bundle stays ASCII, which V8 keeps at a byte per character.
const SPECIAL: Readonly<Record<string, string>> = {
  ß: 'ss',
  ł: 'l',
  Ł: 'l',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  đ: 'd',
};
const GERMAN: Readonly<Record<string, string>> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'ae', Ö: 'oe', Ü: 'ue' };

/** Lowercase ASCII words joined by hyphens; German umlauts become `ae`/`oe`/`ue` when `german` is set. */
export function toSlug(text: string, german = false): string {
  return text
    .replace(/[\u00e4\u00f6\u00fc\u00c4\u00d6\u00dc]/g, (c) => (german ? (GERMAN[c] ?? c) : c))
    .replace(/[\u00df\u0142\u0141\u00f8\u00e6\u0153\u0111]/g, (c) => SPECIAL[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
