/** The blog's back-office words, Portuguese. */
import type { BlogAdminMessages } from './fr.ts';

export const ptBlogAdmin: BlogAdminMessages = {
  kinds: { blog_category: 'Blog: categorias', blog_article: 'Blog: artigos' },
  fields: {
    key: 'Chave (a mesma em todas as línguas: advice, electric…)',
    slug: 'Endereço (slug: letras, algarismos, _ e -)',
    name: 'Nome',
    intro: 'Introdução (opcional)',
    category: 'Categoria (a sua chave)',
    publishedOn: 'Data de publicação',
    summary: 'Resumo',
    imageAlt: 'Texto da imagem (vazio: decorativa)',
    body: 'Texto (uma linha em branco entre dois parágrafos)',
  },
  rating: 'Avaliação dos visitantes',
  ratingValue: '{{average}} / 5 ({{count}} avaliações)',
  noRating: 'ainda sem avaliação',
};
