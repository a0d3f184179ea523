/** URL slugs from local names (`München` → `muenchen`, `Łódź` → `lodz`, `Garage Lyon Sud` → `garage-lyon-sud`). */

// Letters NFKD does not decompose, and German umlauts spelled the German way.
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
    .replace(/[äöüÄÖÜ]/g, (c) => (german ? (GERMAN[c] ?? c) : c))
    .replace(/[ßłŁøæœđ]/g, (c) => SPECIAL[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
