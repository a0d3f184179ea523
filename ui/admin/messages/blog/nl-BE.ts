/** The blog's back-office words, Dutch (Belgium). */
import type { BlogAdminMessages } from './fr.ts';

export const nlBEBlogAdmin: BlogAdminMessages = {
  kinds: { blog_category: 'Blog: categorieën', blog_article: 'Blog: artikels' },
  fields: {
    key: 'Sleutel (in alle talen dezelfde: advice, electric …)',
    slug: 'Adres (slug: letters, cijfers, _ en -)',
    name: 'Naam',
    intro: 'Inleiding (optioneel)',
    category: 'Categorie (haar sleutel)',
    publishedOn: 'Publicatiedatum',
    summary: 'Samenvatting',
    imageId: 'Afbeelding (laad hieronder een bestand op; leeg: geen)',
    imageAlt: 'Tekst bij de afbeelding (leeg: decoratief)',
    body: 'Tekst (een lege regel tussen twee alinea’s)',
  },
  imageFile: 'Afbeeldingsbestand (JPEG, PNG, WebP of AVIF)',
  imageUpload: 'Afbeelding opladen',
  imageUploading: 'Bezig met opladen…',
  imagePreview: 'Voorbeeld van de afbeelding',
  rating: 'Beoordeling door bezoekers',
  ratingValue: '{{average}} / 5 ({{count}} beoordelingen)',
  noRating: 'nog niet beoordeeld',
};
