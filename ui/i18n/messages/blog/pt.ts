/** The blog's article pages and ratings, Portuguese. */
import type { frBlogContent } from './fr.ts';

export const ptBlogContent: typeof frBlogContent = {
  back: 'Voltar aos artigos',
  ratingTitle: 'Este artigo foi útil?',
  ratingLegend: 'A sua avaliação, de 1 (nada útil) a 5 (muito útil)',
  star: '{{stars}} em 5',
  submit: 'Enviar a minha avaliação',
  thanks: 'Obrigado pela sua avaliação! Pode alterá-la quando quiser.',
  refused: 'A sua avaliação não foi guardada: escolha de 1 a 5 e, se voltar a acontecer, tente mais tarde.',
  failed: 'O envio falhou; tente novamente.',
  average: 'Avaliação dos leitores: {{average}} em 5 ({{count}} avaliações)',
  noRating: 'Ainda sem avaliações: seja o primeiro a dar a sua.',
};
