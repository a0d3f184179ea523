/** The back office's landing pages, language-switch pages and content pictures and files, pt. */
import type { LandingAdminMessages } from './fr.ts';

export const ptLandingAdmin: LandingAdminMessages = {
  kinds: {
    landing_page: 'Páginas de destino',
    language_switch_page: 'Páginas de escolha de idioma',
  },
  fields: {
    slug: 'Endereço da página (slug)',
    intro: 'Introdução',
    dealerId: 'Concessionário (id; vazio: o mais próximo do cliente)',
    brand: 'Marca cujos carros mostrar (slug; vazio: nenhuma)',
    pdf: 'Brochura (PDF)',
    heroImage: 'Imagem de topo',
    image: 'Imagem',
    number: 'Número da página (o seu endereço)',
    heading: 'Título acima dos sites',
    locales: 'Sites propostos, por ordem (códigos separados por vírgulas)',
  },
  help: {
    slug: 'Palavras em minúsculas ligadas por hífenes, por exemplo oferta-eletrica.',
    dealer: 'Escreva um nome, uma cidade ou um número de concessionário.',
    image: 'JPEG, PNG, WebP ou AVIF, pelo menos 640 píxeis de largura, no máximo 15 MB.',
    pdf: 'Um PDF de no máximo 10 MB.',
    locales: 'Por exemplo: pt, es',
  },
  uploading: 'A enviar…',
  uploaded: 'Ficheiro recebido: guarde a versão para o manter.',
  removeFile: 'Retirar',
  current: 'Atual: {{name}}',
  pdfProblems: {
    missing: 'Escolha um ficheiro.',
    too_large: 'O ficheiro ultrapassa 10 MB.',
    not_a_pdf: 'Este ficheiro não é um PDF.',
  },
  leadsTitle: 'Pedidos de contacto',
  leadsCount: 'Pedidos recebidos a partir desta página: {{count}}',
  removePdf: 'Retirar a brochura (nova versão)',
  pdfRemoved: 'Brochura retirada: versão {{version}}.',
};
