/** Italian (Italy) words of the content and account pages. */
import { plural } from '../../plural.ts';
import type { PageMessages } from './PageMessages.ts';

export const itPages: PageMessages = {
  blog: {
    title: 'Blog e consigli',
    description:
      'Comprare un’usata, finanziare l’auto, ricaricare un’elettrica, fare manutenzione: i consigli pratici dei nostri esperti.',
    intro:
      'Consigli concreti dei nostri esperti per scegliere, finanziare e mantenere al meglio la tua auto.',
    nav: 'Categorie del blog',
    all: 'Tutti gli articoli',
    category: {
      advice: 'Consigli per l’acquisto',
      electric: 'Elettriche e ibride',
      maintenance: 'Manutenzione',
    },
    categoryIntro: {
      advice: 'Scegliere l’auto giusta, finanziarla e dare in permuta quella vecchia.',
      electric: 'Ricarica, autonomia, motorizzazioni: tutto per passare all’elettrico.',
      maintenance: 'Pneumatici, tagliandi, revisione: la tua auto sempre in forma.',
    },
    categoryTitle: 'Blog: {{category}}',
    readMore: 'Leggi l’articolo',
    asideTitle: 'Trova la tua prossima auto',
    asideText: 'Migliaia di auto controllate e garantite, da prenotare online gratis.',
    published: 'Pubblicato il {{date}}',
    articles: plural({
      one: '{{count}} articolo',
      many: '{{count}} di articoli',
      other: '{{count}} articoli',
    }),
  },
  images: {
    title: 'Foto: {{name}}',
    description: '{{name}} in foto: vista laterale, anteriore e posteriore.',
    view: { side: 'Vista laterale', front: 'Vista anteriore', rear: 'Vista posteriore' },
    open: 'Apri l’immagine a grandezza intera',
    allPhotos: 'Vedi le foto a grandezza intera',
    backToCar: 'Torna all’annuncio',
    staffTitle: 'Foto del veicolo {{reference}}',
    staffText: '{{name}} · {{dealer}}',
  },
  languageSwitch: {
    title: 'Scegli il tuo paese e la tua lingua',
    description: 'Scegli il sito del tuo paese, nella tua lingua.',
    intro: 'Le nostre auto, i prezzi e le concessionarie dipendono dal paese: scegli il tuo.',
    group: { belgium: 'Belgio', germanSpeaking: 'Germania e Austria', all: 'Tutti i nostri paesi' },
  },
  contact: {
    title: 'Contattaci',
    description:
      'Una domanda su un’auto, una prenotazione o un acquisto? Chiama il nostro servizio clienti, scrivici o passa in concessionaria.',
    intro:
      'Il nostro servizio clienti risponde alle tue domande sulle nostre auto, sulla prenotazione, sull’acquisto online e sulla permuta.',
    byPhone: 'Per telefono',
    phoneHint: 'Al costo di una chiamata urbana',
    byEmail: 'Per e-mail',
    emailHint: 'Risposta entro un giorno lavorativo',
    hours: 'Orari del servizio clienti',
    inDealer: 'In concessionaria',
    inDealerText: 'I nostri consulenti ti accolgono nelle nostre concessionarie, con o senza appuntamento.',
    findDealer: 'Trova una concessionaria',
    formTitle: 'Scrivici',
    required: 'I campi contrassegnati da un asterisco sono obbligatori.',
    pending:
      'L’invio online di questo modulo sarà attivo a breve. Nel frattempo chiamaci o scrivici a {{email}}.',
    firstName: 'Nome',
    lastName: 'Cognome',
    email: 'Indirizzo e-mail',
    phone: 'Telefono',
    subject: 'Oggetto',
    chooseSubject: 'Scegli un oggetto',
    subjects: {
      purchase: 'Acquisto di un’auto',
      booking: 'Prenotazione',
      tradeIn: 'Permuta della mia auto',
      aftersales: 'Manutenzione e garanzia',
      general: 'Altra domanda',
    },
    message: 'Il tuo messaggio',
    consent: 'Acconsento al trattamento dei miei dati per rispondere alla mia richiesta.',
    send: 'Invia',
  },
  b2b: {
    title: 'Aziende e flotte',
    description:
      'Auto per la tua azienda: condizioni dedicate, un referente unico, ritiro della flotta. Contatta il nostro team aziende.',
    intro: 'Un unico referente per la tua azienda, dalla prima auto aziendale a un’intera flotta.',
    benefit1Title: 'Condizioni per aziende',
    benefit1Text: 'Sconti in base ai volumi e fatture intestate alla tua azienda con IVA esposta.',
    benefit2Title: 'Un consulente dedicato',
    benefit2Text: 'Un solo contatto per ordini, consegne e manutenzione dei tuoi veicoli.',
    benefit3Title: 'Ritiro della tua flotta',
    benefit3Text: 'Ritiriamo i tuoi veicoli a fine contratto o al momento della sostituzione.',
    team: 'Il tuo team aziende',
    formTitle: 'Raccontaci il tuo progetto',
    company: 'Ragione sociale',
    vatNumber: 'Partita IVA',
    fleetSize: 'Dimensione della flotta',
    chooseFleet: 'Scegli una dimensione',
    fleet: {
      small: 'Da 1 a 4 veicoli',
      medium: 'Da 5 a 19 veicoli',
      large: 'Da 20 a 99 veicoli',
      xlarge: '100 veicoli o più',
    },
    message: 'Le tue esigenze (modelli, quantità, tempi)',
  },
  aftersales: {
    title: 'Assistenza: manutenzione, garanzia e riparazioni',
    description:
      'Tagliandi secondo il piano della casa, garanzia, pneumatici, carrozzeria e revisione nelle nostre officine. Prenota in concessionaria.',
    intro:
      'Le nostre officine curano tutte le marche che vendiamo, con ricambi originali e secondo il piano della casa.',
    service1Title: 'Tagliando e manutenzione',
    service1Text:
      'Tagliandi secondo il piano della casa, ricambi originali, libretto timbrato e garanzia intatta.',
    service2Title: 'Garanzia',
    service2Text:
      'Almeno 12 mesi su tutte le nostre usate, ricambi e manodopera, in tutte le nostre concessionarie.',
    service3Title: 'Pneumatici e convergenza',
    service3Text:
      'Cambio gomme estive e invernali, deposito dei tuoi pneumatici, controllo della convergenza.',
    service4Title: 'Carrozzeria e cristalli',
    service4Text:
      'Riparazione di ammaccature e scheggiature del parabrezza, auto di cortesia su appuntamento.',
    warrantyTitle: 'Cosa copre la nostra garanzia',
    warrantyText:
      'Motore, cambio, trasmissione, sterzo, freni e impianto elettrico: in caso di guasto coperto, la riparazione è a nostro carico, ricambi e manodopera.',
    inspectionTitle: 'Revisione',
    inspectionText:
      'Prepariamo la tua auto, la portiamo alla revisione e ci occupiamo dell’eventuale ripetizione.',
    ctaTitle: 'Prenota in officina',
    ctaText: 'Scegli la tua concessionaria per vedere gli orari e fissare un appuntamento.',
    cta: 'Trova una concessionaria',
    callUs: 'Oppure chiamaci al {{phone}}',
  },
  promotions: {
    staffPromos: 'Le promozioni del momento',
    validUntil: 'Fino al {{date}}',
    title: 'Promozioni e occasioni',
    description:
      'Le nostre migliori offerte del momento, calcolate ogni giorno sul nostro stock: usate al miglior prezzo, auto nuove disponibili, elettriche.',
    intro: 'Selezioni calcolate di continuo sul nostro stock reale, ai prezzi della concessionaria.',
    bestUsed: 'Usate al miglior prezzo',
    bestNew: 'Auto nuove disponibili al miglior prezzo',
    electric: 'Elettriche al miglior prezzo',
    lowMileage: 'Usate con meno di {{mileage}}',
    seeAll: 'Vedi tutta la selezione',
    empty: 'Al momento nessuna auto in questa selezione.',
  },
  account: {
    title: 'Il mio account',
  },
  favorites: {
    removeAll: 'Rimuovi tutti',
    removeAllLabel: 'Rimuovi tutte le auto dai tuoi preferiti',
    title: 'I miei preferiti',
    description: 'Le auto che hai salvato tra i preferiti, con il loro prezzo attuale.',
    intro: 'Le auto che hai salvato tra i preferiti, con il loro prezzo attuale.',
    count: plural({
      one: '{{count}} preferito',
      many: '{{count}} di preferiti',
      other: '{{count}} preferiti',
    }),
    loading: 'Caricamento dei tuoi preferiti…',
    empty: 'Non hai ancora nessun preferito.',
    emptyHint: 'Salva un’auto tra i preferiti dal suo annuncio per ritrovarla qui.',
    browse: 'Vedi le auto usate',
    add: 'Aggiungi ai preferiti',
    added: 'Nei tuoi preferiti',
    remove: 'Rimuovi dai preferiti',
    full: 'Hai già {{max}} preferiti: rimuovine uno prima.',
    failed: 'Non è stato possibile salvare il preferito in questo momento.',
  },
};
