/** The back office's landing pages, language-switch pages and content pictures and files, de. */
import type { LandingAdminMessages } from './fr.ts';

export const deLandingAdmin: LandingAdminMessages = {
  kinds: {
    landing_page: 'Landingpages',
    language_switch_page: 'Sprachauswahlseiten',
  },
  fields: {
    slug: 'Adresse der Seite (Slug)',
    intro: 'Einleitung',
    dealerId: 'Autohaus (ID; leer: das dem Kunden nächste)',
    brand: 'Marke, deren Autos gezeigt werden (Slug; leer: keine)',
    pdf: 'Broschüre (PDF)',
    heroImage: 'Titelbild',
    image: 'Bild',
    number: 'Nummer der Seite (ihre Adresse)',
    heading: 'Überschrift über den Websites',
    locales: 'Angebotene Websites in Reihenfolge (Codes, durch Kommas getrennt)',
  },
  help: {
    slug: 'Kleingeschriebene Wörter mit Bindestrichen, z. B. elektro-angebot.',
    dealer: 'Name, Ort oder Nummer des Autohauses eingeben.',
    image: 'JPEG, PNG, WebP oder AVIF, mindestens 640 Pixel breit, höchstens 15 MB.',
    pdf: 'Ein PDF mit höchstens 10 MB.',
    locales: 'Zum Beispiel: de, at',
  },
  uploading: 'Wird gesendet…',
  uploaded: 'Datei empfangen: Speichern Sie die Version, um sie zu behalten.',
  removeFile: 'Entfernen',
  current: 'Aktuell: {{name}}',
  pdfProblems: {
    missing: 'Wählen Sie eine Datei.',
    too_large: 'Die Datei ist größer als 10 MB.',
    not_a_pdf: 'Diese Datei ist kein PDF.',
  },
  leadsTitle: 'Kontaktanfragen',
  leadsCount: 'Über diese Seite eingegangene Anfragen: {{count}}',
  removePdf: 'Broschüre entfernen (neue Version)',
  pdfRemoved: 'Broschüre entfernt: Version {{version}}.',
};
