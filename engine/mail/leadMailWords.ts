/** The lead mails' words in the nine locales (the buyer's confirmation, the dealer's notification). */
import type { LeadKind } from '../../domain/leads/schemas.ts';
import type { Locale } from '../../domain/markets.ts';

export interface LeadMailWords {
  readonly confirmation: {
    readonly subject: string;
    /** `{dealer}`: the dealer's name. */
    readonly intro: string;
    readonly yourMessage: string;
  };
  readonly notification: {
    /** `{kind}`: the form's name. */
    readonly subject: string;
    readonly intro: string;
    readonly name: string;
    readonly email: string;
    readonly phone: string;
    readonly message: string;
  };
  readonly car: string;
  readonly reference: string;
  readonly kinds: Readonly<Record<LeadKind, string>>;
}

const fr: LeadMailWords = {
  confirmation: {
    subject: 'Votre message est bien envoyé',
    intro: 'Merci ! Votre message a été transmis à {dealer}, qui vous répondra au plus vite.',
    yourMessage: 'Votre message',
  },
  notification: {
    subject: 'Nouvelle demande : {kind}',
    intro: 'Un acheteur vous a écrit depuis le site. Merci de lui répondre sous un jour ouvré.',
    name: 'Nom',
    email: 'E-mail',
    phone: 'Téléphone',
    message: 'Message',
  },
  car: 'Voiture',
  reference: 'Référence de la demande',
  kinds: {
    car: 'contact sur une voiture',
    brand: 'contact marque',
    dealer: 'contact concession',
    hub: 'contact région',
    cee: 'prime CEE',
    contact: 'formulaire de contact',
    electric: 'voiture électrique',
    faq: 'question FAQ',
    finance: 'financement',
    warranty: 'garantie',
  },
};

const de: LeadMailWords = {
  confirmation: {
    subject: 'Ihre Nachricht wurde gesendet',
    intro:
      'Vielen Dank! Ihre Nachricht wurde an {dealer} weitergeleitet und wird schnellstmöglich beantwortet.',
    yourMessage: 'Ihre Nachricht',
  },
  notification: {
    subject: 'Neue Anfrage: {kind}',
    intro: 'Ein Käufer hat Ihnen über die Website geschrieben. Bitte antworten Sie innerhalb eines Werktags.',
    name: 'Name',
    email: 'E-Mail',
    phone: 'Telefon',
    message: 'Nachricht',
  },
  car: 'Fahrzeug',
  reference: 'Anfragenummer',
  kinds: {
    car: 'Anfrage zu einem Fahrzeug',
    brand: 'Markenanfrage',
    dealer: 'Anfrage an den Standort',
    hub: 'Anfrage an die Region',
    cee: 'Energiesparprämie',
    contact: 'Kontaktformular',
    electric: 'Elektroauto',
    faq: 'Frage aus den FAQ',
    finance: 'Finanzierung',
    warranty: 'Garantie',
  },
};

const es: LeadMailWords = {
  confirmation: {
    subject: 'Su mensaje se ha enviado',
    intro: '¡Gracias! Su mensaje se ha enviado a {dealer}, que le responderá lo antes posible.',
    yourMessage: 'Su mensaje',
  },
  notification: {
    subject: 'Nueva solicitud: {kind}',
    intro: 'Un comprador le ha escrito desde la web. Respóndale en un día laborable, por favor.',
    name: 'Nombre',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    message: 'Mensaje',
  },
  car: 'Coche',
  reference: 'Referencia de la solicitud',
  kinds: {
    car: 'consulta sobre un coche',
    brand: 'consulta de marca',
    dealer: 'consulta al concesionario',
    hub: 'consulta a la región',
    cee: 'ayuda por ahorro energético',
    contact: 'formulario de contacto',
    electric: 'coche eléctrico',
    faq: 'pregunta de las FAQ',
    finance: 'financiación',
    warranty: 'garantía',
  },
};

const it: LeadMailWords = {
  confirmation: {
    subject: 'Il suo messaggio è stato inviato',
    intro: 'Grazie! Il suo messaggio è stato inoltrato a {dealer}, che le risponderà al più presto.',
    yourMessage: 'Il suo messaggio',
  },
  notification: {
    subject: 'Nuova richiesta: {kind}',
    intro: 'Un acquirente le ha scritto dal sito. Le chiediamo di rispondere entro un giorno lavorativo.',
    name: 'Nome',
    email: 'E-mail',
    phone: 'Telefono',
    message: 'Messaggio',
  },
  car: 'Auto',
  reference: 'Riferimento della richiesta',
  kinds: {
    car: 'richiesta su un’auto',
    brand: 'richiesta sul marchio',
    dealer: 'richiesta alla concessionaria',
    hub: 'richiesta alla regione',
    cee: 'incentivo per il risparmio energetico',
    contact: 'modulo di contatto',
    electric: 'auto elettrica',
    faq: 'domanda dalle FAQ',
    finance: 'finanziamento',
    warranty: 'garanzia',
  },
};

const nlBE: LeadMailWords = {
  confirmation: {
    subject: 'Uw bericht is verzonden',
    intro: 'Bedankt! Uw bericht is doorgestuurd naar {dealer}, die u zo snel mogelijk antwoordt.',
    yourMessage: 'Uw bericht',
  },
  notification: {
    subject: 'Nieuwe aanvraag: {kind}',
    intro: 'Een koper heeft u via de website geschreven. Antwoord binnen één werkdag, graag.',
    name: 'Naam',
    email: 'E-mail',
    phone: 'Telefoon',
    message: 'Bericht',
  },
  car: 'Auto',
  reference: 'Referentie van de aanvraag',
  kinds: {
    car: 'vraag over een auto',
    brand: 'vraag over het merk',
    dealer: 'vraag aan de concessie',
    hub: 'vraag aan de regio',
    cee: 'energiebesparingspremie',
    contact: 'contactformulier',
    electric: 'elektrische auto',
    faq: 'vraag uit de FAQ',
    finance: 'financiering',
    warranty: 'garantie',
  },
};

const pl: LeadMailWords = {
  confirmation: {
    subject: 'Twoja wiadomość została wysłana',
    intro: 'Dziękujemy! Twoja wiadomość trafiła do {dealer}, który odpowie najszybciej, jak to możliwe.',
    yourMessage: 'Twoja wiadomość',
  },
  notification: {
    subject: 'Nowe zapytanie: {kind}',
    intro: 'Kupujący napisał do Państwa przez stronę. Prosimy o odpowiedź w ciągu jednego dnia roboczego.',
    name: 'Imię i nazwisko',
    email: 'E-mail',
    phone: 'Telefon',
    message: 'Wiadomość',
  },
  car: 'Samochód',
  reference: 'Numer zapytania',
  kinds: {
    car: 'pytanie o samochód',
    brand: 'pytanie o markę',
    dealer: 'pytanie do salonu',
    hub: 'pytanie do regionu',
    cee: 'premia za oszczędność energii',
    contact: 'formularz kontaktowy',
    electric: 'samochód elektryczny',
    faq: 'pytanie z FAQ',
    finance: 'finansowanie',
    warranty: 'gwarancja',
  },
};

const pt: LeadMailWords = {
  confirmation: {
    subject: 'A sua mensagem foi enviada',
    intro:
      'Obrigado! A sua mensagem foi encaminhada para {dealer}, que lhe responderá o mais depressa possível.',
    yourMessage: 'A sua mensagem',
  },
  notification: {
    subject: 'Novo pedido: {kind}',
    intro: 'Um comprador escreveu-lhe através do site. Responda, por favor, no prazo de um dia útil.',
    name: 'Nome',
    email: 'E-mail',
    phone: 'Telefone',
    message: 'Mensagem',
  },
  car: 'Carro',
  reference: 'Referência do pedido',
  kinds: {
    car: 'pedido sobre um carro',
    brand: 'pedido sobre a marca',
    dealer: 'pedido ao concessionário',
    hub: 'pedido à região',
    cee: 'incentivo à poupança de energia',
    contact: 'formulário de contacto',
    electric: 'carro elétrico',
    faq: 'pergunta das FAQ',
    finance: 'financiamento',
    warranty: 'garantia',
  },
};

export const LEAD_MAIL_WORDS: Readonly<Record<Locale, LeadMailWords>> = {
  at: de,
  de,
  es,
  fr,
  'fr-BE': fr,
  it,
  'nl-BE': nlBE,
  pl,
  pt,
};
