/** The paint shown for each colour id where no photo exists yet (car pictures, colour swatches). */
import type { Colour } from '../vocabulary.ts';

/** A pleasant, realistic paint hex value per colour id (metallic greys and blues as sold today). */
export const PAINT_COLOURS: Readonly<Record<Colour, string>> = {
  black: '#1f2226',
  white: '#eef0ee',
  grey: '#6c7278',
  silver: '#b9bec3',
  blue: '#1f4f8f',
  red: '#b0212b',
  green: '#2f5e44',
  brown: '#5c3d2b',
  beige: '#cdbb97',
  yellow: '#e8b825',
  orange: '#de6a1c',
};
