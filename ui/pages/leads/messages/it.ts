/** The lead forms' and topic pages' words, Italian (Italy). */
import type { LeadMessages } from './fr.ts';

export const itLeads: LeadMessages = {
  required: 'I campi contrassegnati da un asterisco (*) sono obbligatori.',
  firstName: 'Nome',
  lastName: 'Cognome',
  email: 'Indirizzo e-mail',
  phone: 'Telefono',
  postcode: 'CAP',
  postcodeHelp: 'Per metterla in contatto con la concessionaria più vicina a lei.',
  company: 'Azienda',
  message: 'Il suo messaggio',
  dealer: 'Concessionaria',
  chooseDealer: 'Scelga una concessionaria',
  topic: 'Argomento',
  chooseTopic: 'Scelga un argomento',
  consent:
    'Accetto che i miei dati di contatto e il mio messaggio siano trasmessi alla concessionaria per rispondere alla mia richiesta. Non servono ad altro e posso chiederne la cancellazione in qualsiasi momento.',
  honeypot: 'Lasci vuoto questo campo',
  send: 'Invia',
  sending: 'Invio in corso…',
  refused: 'Il suo messaggio non è stato inviato: corregga i campi segnalati.',
  rateLimited: 'Troppi invii in poco tempo. Riprovi tra qualche minuto.',
  failed: 'L’invio non è riuscito. Controlli la connessione e riprovi.',
  errors: {
    firstName: 'Indichi il suo nome.',
    lastName: 'Indichi il suo cognome.',
    email: 'Indichi un indirizzo e-mail valido, ad esempio nome@esempio.it.',
    phone: 'Indichi un numero di telefono valido (da 6 a 15 cifre).',
    postcode: 'Indichi un CAP valido del paese.',
    message: 'Scriva il suo messaggio (almeno 10 caratteri, al massimo 2000).',
    consent: 'Spunti questa casella perché possiamo trasmettere il suo messaggio.',
    dealerId: 'Scelga una concessionaria dall’elenco.',
    topic: 'Scelga un argomento dall’elenco.',
    company: 'Indichi il nome dell’azienda (al massimo 120 caratteri).',
  },
  titles: {
    car: 'Una domanda su quest’auto?',
    brand: 'Una domanda su {{brand}}?',
    dealer: 'Scrivere a questa concessionaria',
    hub: 'Scrivere a una concessionaria della regione',
    cee: 'Richiedere l’incentivo per il risparmio energetico',
    contact: 'Ci scriva',
    electric: 'Parlare con un consulente per le auto elettriche',
    faq: 'Non ha trovato la risposta?',
    finance: 'Richiedere uno studio di finanziamento',
    warranty: 'Una domanda sulla garanzia?',
  },
  thanks: {
    title: 'Grazie, il suo messaggio è stato inviato',
    text: 'La concessionaria le risponderà al più presto, di solito entro un giorno lavorativo. Le abbiamo inviato una conferma per e-mail.',
    home: 'Torna alla home',
    fix: 'Il suo messaggio non è stato inviato',
  },
  pages: {
    finance: {
      title: 'Finanziare la sua auto',
      description:
        'Prestito classico o leasing con opzione di acquisto: una rata chiara, una risposta rapida.',
      points: [
        'Prestito auto o leasing con opzione di acquisto, da 12 a 84 mesi.',
        'Una simulazione senza impegno su ogni scheda auto.',
        'Una risposta di massima entro 48 ore dall’esame della pratica.',
      ],
    },
    warranty: {
      title: 'La garanzia delle nostre auto',
      description: 'Ogni auto usata è garantita almeno 12 mesi, ricambi e manodopera.',
      points: [
        'Almeno 12 mesi di garanzia, estendibile fino a 36 mesi.',
        'Valida in tutta la nostra rete di concessionarie e nelle officine partner.',
        'Assistenza 24 ore su 24 in caso di guasto durante la garanzia.',
      ],
    },
    electric: {
      title: 'Passare all’elettrico',
      description: 'Autonomia, ricarica, incentivi: i nostri consulenti rispondono alle sue domande.',
      points: [
        'Auto elettriche e ibride plug-in, nuove e usate, controllate.',
        'Consigli per installare una wallbox a casa.',
        'Gli incentivi all’acquisto, spiegati per la sua situazione.',
      ],
      ceeTitle: 'Incentivi per il risparmio energetico',
      ceeText:
        'I certificati di risparmio energetico possono finanziare parte della sua wallbox o della sua auto elettrica. Ci chieda se ne ha diritto.',
    },
  },
};
