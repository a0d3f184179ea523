/** The back office's car photos page, German. */
import type { MediaMessages } from './fr.ts';

export const deMedia: MediaMessages = {
  title: 'Fotos des Fahrzeugs Nr. {{id}}',
  intro:
    'Die Fotos erscheinen in dieser Reihenfolge auf der Fahrzeugseite, in den Listen und in der Galerie. Ohne Foto zeigt die Website die Zeichnung des Fahrzeugs.',
  upload: 'Foto hinzufügen',
  fileLabel: 'Foto (JPEG, PNG, WebP oder AVIF)',
  fileHelp:
    'Höchstens 15 MB und 40 Megapixel, mindestens 200 Pixel breit. Es wird einmal für alle Bildschirme verkleinert.',
  submit: 'Foto hinzufügen',
  uploading: 'Hochladen: {{percent}} %',
  processing: 'Wird verkleinert …',
  progress: 'Fortschritt des Hochladens',
  list: 'Fotos des Fahrzeugs',
  none: 'Noch keine Fotos.',
  photo: 'Foto {{n}} von {{total}}',
  moveUp: 'Foto {{n}} nach oben',
  moveDown: 'Foto {{n}} nach unten',
  remove: 'Foto {{n}} löschen',
  viewCar: 'Bilder des Fahrzeugs ansehen',
  feedWarnings: 'Nicht hinzugefügte Fotos des Feeds ({{count}})',
  feedPhotosAdded: 'Aus dem Feed hinzugefügte Fotos: {{count}}.',
  done: {
    upload: 'Foto hinzugefügt.',
    up: 'Reihenfolge gespeichert.',
    down: 'Reihenfolge gespeichert.',
    remove: 'Foto gelöscht.',
  },
  problems: {
    missing: 'Wählen Sie ein Foto zum Hochladen.',
    too_large: 'Die Datei ist größer als 15 MB.',
    not_an_image: 'Diese Datei ist kein JPEG-, PNG-, WebP- oder AVIF-Foto.',
    too_many_pixels: 'Das Foto hat mehr als 40 Megapixel.',
    too_small: 'Das Foto ist schmaler als 200 Pixel.',
    too_many_photos: 'Dieses Fahrzeug hat bereits 40 Fotos: Löschen Sie zuerst eines.',
    unknown: 'Die Aktion ist fehlgeschlagen. Bitte erneut versuchen.',
  },
};
