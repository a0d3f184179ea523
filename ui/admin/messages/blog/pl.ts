/** The blog's back-office words, Polish. */
import type { BlogAdminMessages } from './fr.ts';

export const plBlogAdmin: BlogAdminMessages = {
  kinds: { blog_category: 'Blog: kategorie', blog_article: 'Blog: artykuły' },
  fields: {
    key: 'Klucz (ten sam we wszystkich językach: advice, electric…)',
    slug: 'Adres (slug: litery, cyfry, _ i -)',
    name: 'Nazwa',
    intro: 'Wstęp (opcjonalny)',
    category: 'Kategoria (jej klucz)',
    publishedOn: 'Data publikacji',
    summary: 'Streszczenie',
    imageAlt: 'Opis obrazu (puste: dekoracyjny)',
    body: 'Tekst (pusta linia między akapitami)',
  },
  rating: 'Ocena odwiedzających',
  ratingValue: '{{average}} / 5 (ocen: {{count}})',
  noRating: 'jeszcze bez oceny',
};
