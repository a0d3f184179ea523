/** The back office's car photos page, Portuguese. */
import type { MediaMessages } from './fr.ts';

export const ptMedia: MediaMessages = {
  title: 'Fotografias do veículo n.º {{id}}',
  intro:
    'As fotografias aparecem por esta ordem na página do veículo, nas listas e na galeria. Sem fotografias, o site mostra o desenho do veículo.',
  upload: 'Adicionar uma fotografia',
  fileLabel: 'Fotografia (JPEG, PNG, WebP ou AVIF)',
  fileHelp:
    'No máximo 15 MB e 40 megapíxeis, pelo menos 200 píxeis de largura. É redimensionada uma vez para todos os ecrãs.',
  submit: 'Adicionar a fotografia',
  uploading: 'A enviar: {{percent}} %',
  processing: 'A redimensionar…',
  progress: 'Progresso do envio',
  list: 'Fotografias do veículo',
  none: 'Ainda não há fotografias.',
  photo: 'Fotografia {{n}} de {{total}}',
  moveUp: 'Subir a fotografia {{n}}',
  moveDown: 'Descer a fotografia {{n}}',
  remove: 'Eliminar a fotografia {{n}}',
  viewCar: 'Ver as imagens do veículo',
  feedWarnings: 'Fotografias do ficheiro não adicionadas ({{count}})',
  feedPhotosAdded: 'Fotografias adicionadas a partir do ficheiro: {{count}}.',
  done: {
    upload: 'Fotografia adicionada.',
    up: 'Ordem das fotografias guardada.',
    down: 'Ordem das fotografias guardada.',
    remove: 'Fotografia eliminada.',
  },
  problems: {
    missing: 'Escolha uma fotografia para enviar.',
    too_large: 'O ficheiro ultrapassa 15 MB.',
    not_an_image: 'Este ficheiro não é uma fotografia JPEG, PNG, WebP ou AVIF.',
    too_many_pixels: 'A fotografia ultrapassa 40 megapíxeis.',
    too_small: 'A fotografia tem menos de 200 píxeis de largura.',
    too_many_photos: 'Este veículo já tem 40 fotografias: elimine uma primeiro.',
    unknown: 'A ação falhou. Tente novamente.',
  },
};
