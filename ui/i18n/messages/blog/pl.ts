/** The blog's article pages and ratings, Polish. */
import type { frBlogContent } from './fr.ts';

export const plBlogContent: typeof frBlogContent = {
  back: 'Wróć do artykułów',
  ratingTitle: 'Czy ten artykuł był pomocny?',
  ratingLegend: 'Twoja ocena, od 1 (niepomocny) do 5 (bardzo pomocny)',
  star: '{{stars}} z 5',
  submit: 'Wyślij ocenę',
  thanks: 'Dziękujemy za ocenę! Możesz ją zmienić w każdej chwili.',
  refused: 'Twoja ocena nie została zapisana: wybierz od 1 do 5, a jeśli to się powtórzy, spróbuj później.',
  failed: 'Wysyłanie nie powiodło się; spróbuj ponownie.',
  average: 'Ocena czytelników: {{average}} z 5 (liczba ocen: {{count}})',
  noRating: 'Brak ocen: bądź pierwszą osobą, która oceni.',
};
