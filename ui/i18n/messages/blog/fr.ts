/** The blog's article pages and ratings, French (France): the reference (part of `../fr.ts`). */
export const frBlogContent = {
  back: 'Retour aux articles',
  ratingTitle: 'Cet article vous a-t-il été utile ?',
  ratingLegend: 'Votre note, de 1 (pas utile) à 5 (très utile)',
  star: '{{stars}} sur 5',
  submit: 'Envoyer ma note',
  thanks: 'Merci pour votre note ! Vous pouvez la changer à tout moment.',
  refused:
    'Votre note n’a pas été enregistrée : choisissez de 1 à 5, puis réessayez plus tard si cela se reproduit.',
  failed: 'L’envoi a échoué ; réessayez.',
  average: 'Note des lecteurs : {{average}} sur 5 ({{count}} avis)',
  noRating: 'Pas encore de note : soyez le premier à donner la vôtre.',
};
