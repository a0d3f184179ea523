/** The back office's car photos page (`admin_image_upload`), French: the reference whose shape every locale matches. */
export const frMedia = {
  title: 'Photos du véhicule n° {{id}}',
  intro:
    'Les photos apparaissent dans cet ordre sur la page du véhicule, dans les listes et dans la galerie. Sans photo, le site montre le dessin du véhicule.',
  upload: 'Ajouter une photo',
  fileLabel: 'Photo (JPEG, PNG, WebP ou AVIF)',
  fileHelp:
    'Au plus 15 Mo et 40 mégapixels, au moins 200 pixels de large. Elle est redimensionnée une fois pour tous les écrans.',
  submit: 'Ajouter la photo',
  uploading: 'Envoi : {{percent}} %',
  processing: 'Redimensionnement…',
  progress: 'Avancement de l’envoi',
  list: 'Photos du véhicule',
  none: 'Aucune photo pour l’instant.',
  photo: 'Photo {{n}} sur {{total}}',
  moveUp: 'Monter la photo {{n}}',
  moveDown: 'Descendre la photo {{n}}',
  remove: 'Supprimer la photo {{n}}',
  viewCar: 'Voir les images du véhicule',
  feedWarnings: 'Photos du flux non ajoutées ({{count}})',
  feedPhotosAdded: 'Photos ajoutées depuis le flux : {{count}}.',
  done: {
    upload: 'Photo ajoutée.',
    up: 'Ordre des photos enregistré.',
    down: 'Ordre des photos enregistré.',
    remove: 'Photo supprimée.',
  },
  problems: {
    missing: 'Choisissez une photo à envoyer.',
    too_large: 'Le fichier dépasse 15 Mo.',
    not_an_image: 'Ce fichier n’est pas une photo JPEG, PNG, WebP ou AVIF.',
    too_many_pixels: 'La photo dépasse 40 mégapixels.',
    too_small: 'La photo fait moins de 200 pixels de large.',
    too_many_photos: 'Ce véhicule a déjà 40 photos : supprimez-en une d’abord.',
    unknown: 'L’action a échoué. Réessayez.',
  },
};

export type MediaMessages = typeof frMedia;
