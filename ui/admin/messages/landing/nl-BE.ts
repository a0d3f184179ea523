/** The back office's landing pages, language-switch pages and content pictures and files, nl-BE. */
import type { LandingAdminMessages } from './fr.ts';

export const nlBELandingAdmin: LandingAdminMessages = {
  kinds: {
    landing_page: 'Landingspagina’s',
    language_switch_page: 'Taalkeuzepagina’s',
  },
  fields: {
    slug: 'Adres van de pagina (slug)',
    intro: 'Inleiding',
    dealerId: 'Concessie (id; leeg: de dichtstbijzijnde bij de klant)',
    brand: 'Merk waarvan de auto’s getoond worden (slug; leeg: geen)',
    pdf: 'Brochure (pdf)',
    heroImage: 'Headerafbeelding',
    image: 'Afbeelding',
    number: 'Nummer van de pagina (haar adres)',
    heading: 'Titel boven de sites',
    locales: 'Aangeboden sites, in volgorde (codes gescheiden door komma’s)',
  },
  help: {
    slug: 'Woorden in kleine letters verbonden door streepjes, bijvoorbeeld elektrisch-aanbod.',
    dealer: 'Typ een naam, een stad of een concessienummer.',
    image: 'JPEG, PNG, WebP of AVIF, minstens 640 pixels breed, hoogstens 15 MB.',
    pdf: 'Een pdf van hoogstens 10 MB.',
    locales: 'Bijvoorbeeld: nl-BE, fr-BE',
  },
  uploading: 'Bezig met verzenden…',
  uploaded: 'Bestand ontvangen: bewaar de versie om het te houden.',
  removeFile: 'Verwijderen',
  current: 'Nu: {{name}}',
  pdfProblems: {
    missing: 'Kies een bestand.',
    too_large: 'Het bestand is groter dan 10 MB.',
    not_a_pdf: 'Dit bestand is geen pdf.',
  },
  leadsTitle: 'Contactaanvragen',
  leadsCount: 'Aanvragen ontvangen via deze pagina: {{count}}',
  removePdf: 'Brochure verwijderen (nieuwe versie)',
  pdfRemoved: 'Brochure verwijderd: versie {{version}}.',
};
