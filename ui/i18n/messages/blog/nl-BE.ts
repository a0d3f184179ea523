/** The blog's article pages and ratings, Dutch (Belgium). */
import type { frBlogContent } from './fr.ts';

export const nlBEBlogContent: typeof frBlogContent = {
  back: 'Terug naar de artikels',
  ratingTitle: 'Was dit artikel nuttig?',
  ratingLegend: 'Uw score, van 1 (niet nuttig) tot 5 (heel nuttig)',
  star: '{{stars}} op 5',
  submit: 'Score versturen',
  thanks: 'Bedankt voor uw score! U kunt hem altijd aanpassen.',
  refused: 'Uw score is niet bewaard: kies 1 tot 5 en probeer het later opnieuw als het weer gebeurt.',
  failed: 'Het versturen is mislukt; probeer het opnieuw.',
  average: 'Score van de lezers: {{average}} op 5 ({{count}} scores)',
  noRating: 'Nog geen score: geef als eerste de uwe.',
};
