/** The back office's landing pages, language-switch pages and content pictures and files, it. */
import type { LandingAdminMessages } from './fr.ts';

export const itLandingAdmin: LandingAdminMessages = {
  kinds: {
    landing_page: 'Landing page',
    language_switch_page: 'Pagine di scelta della lingua',
  },
  fields: {
    slug: 'Indirizzo della pagina (slug)',
    intro: 'Sommario',
    dealerId: 'Concessionaria (id; vuoto: la più vicina al cliente)',
    brand: 'Marca di cui mostrare le auto (slug; vuoto: nessuna)',
    pdf: 'Brochure (PDF)',
    heroImage: 'Immagine di testata',
    image: 'Immagine',
    number: 'Numero della pagina (il suo indirizzo)',
    heading: 'Titolo sopra i siti',
    locales: 'Siti proposti, in ordine (codici separati da virgole)',
  },
  help: {
    slug: 'Parole minuscole unite da trattini, per esempio offerta-elettrica.',
    dealer: 'Scrivete un nome, una città o un numero di concessionaria.',
    image: 'JPEG, PNG, WebP o AVIF, almeno 640 pixel di larghezza, al massimo 15 MB.',
    pdf: 'Un PDF di al massimo 10 MB.',
    locales: 'Per esempio: it, fr',
  },
  uploading: 'Invio…',
  uploaded: 'File ricevuto: salvate la versione per conservarlo.',
  removeFile: 'Togli',
  current: 'Attuale: {{name}}',
  pdfProblems: {
    missing: 'Scegliete un file.',
    too_large: 'Il file supera 10 MB.',
    not_a_pdf: 'Questo file non è un PDF.',
  },
  leadsTitle: 'Richieste di contatto',
  leadsCount: 'Richieste ricevute da questa pagina: {{count}}',
  removePdf: 'Togli la brochure (nuova versione)',
  pdfRemoved: 'Brochure tolta: versione {{version}}.',
};
