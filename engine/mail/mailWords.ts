/** The mails' words in the nine locales; `{name}` and the like are filled by mailTemplates.ts. */
import type { Locale } from '../../domain/markets.ts';

export interface MailWords {
  readonly greeting: string;
  readonly signoff: string;
  readonly purchase: {
    readonly subject: string;
    readonly intro: string;
    readonly car: string;
    readonly total: string;
    readonly advance: string;
    readonly balance: string;
    readonly funding: string;
    readonly cash: string;
    readonly finance: string;
    readonly reference: string;
  };
  readonly booking: {
    readonly subject: string;
    readonly intro: string;
    readonly car: string;
    readonly deposit: string;
    readonly reference: string;
  };
  readonly invitation: {
    readonly subject: string;
    readonly intro: string;
    readonly action: string;
    readonly expiry: string;
  };
}

const fr: MailWords = {
  greeting: 'Bonjour {name},',
  signoff: "À bientôt,\nL'équipe",
  purchase: {
    subject: 'Votre achat est confirmé : {car}',
    intro: 'Merci ! Votre achat est confirmé.',
    car: 'Voiture',
    total: 'Total',
    advance: 'Acompte payé',
    balance: 'Reste à payer à la livraison',
    funding: 'Paiement',
    cash: 'comptant',
    finance: 'financement',
    reference: "Référence de l'achat",
  },
  booking: {
    subject: 'Votre réservation est confirmée : {car}',
    intro: 'Votre réservation est confirmée. La voiture vous est réservée jusqu’au {until}.',
    car: 'Voiture',
    deposit: 'Acompte de réservation payé',
    reference: 'Référence de la réservation',
  },
  invitation: {
    subject: 'Invitation au back-office',
    intro: 'Vous êtes invité(e) à rejoindre le back-office. Choisissez votre mot de passe avec ce lien :',
    action: 'Choisir mon mot de passe',
    expiry: 'Le lien est valable jusqu’au {until} et ne sert qu’une fois.',
  },
};

const de: MailWords = {
  greeting: 'Hallo {name},',
  signoff: 'Viele Grüße\nIhr Team',
  purchase: {
    subject: 'Ihr Kauf ist bestätigt: {car}',
    intro: 'Vielen Dank! Ihr Kauf ist bestätigt.',
    car: 'Fahrzeug',
    total: 'Gesamtbetrag',
    advance: 'Bereits angezahlt',
    balance: 'Bei Übergabe zu zahlen',
    funding: 'Zahlungsart',
    cash: 'Barzahlung',
    finance: 'Finanzierung',
    reference: 'Referenz des Kaufs',
  },
  booking: {
    subject: 'Ihre Reservierung ist bestätigt: {car}',
    intro: 'Ihre Reservierung ist bestätigt. Das Fahrzeug ist bis {until} für Sie reserviert.',
    car: 'Fahrzeug',
    deposit: 'Bezahlte Reservierungsanzahlung',
    reference: 'Referenz der Reservierung',
  },
  invitation: {
    subject: 'Einladung in das Backoffice',
    intro: 'Sie wurden in das Backoffice eingeladen. Wählen Sie Ihr Passwort über diesen Link:',
    action: 'Passwort wählen',
    expiry: 'Der Link gilt bis {until} und nur ein einziges Mal.',
  },
};

const at: MailWords = { ...de, signoff: 'Liebe Grüße\nIhr Team' };

const es: MailWords = {
  greeting: 'Hola, {name}:',
  signoff: 'Hasta pronto,\nEl equipo',
  purchase: {
    subject: 'Tu compra está confirmada: {car}',
    intro: '¡Gracias! Tu compra está confirmada.',
    car: 'Coche',
    total: 'Total',
    advance: 'Pagado por adelantado',
    balance: 'A pagar en la entrega',
    funding: 'Pago',
    cash: 'al contado',
    finance: 'financiación',
    reference: 'Referencia de la compra',
  },
  booking: {
    subject: 'Tu reserva está confirmada: {car}',
    intro: 'Tu reserva está confirmada. El coche queda reservado para ti hasta el {until}.',
    car: 'Coche',
    deposit: 'Señal de reserva pagada',
    reference: 'Referencia de la reserva',
  },
  invitation: {
    subject: 'Invitación al back office',
    intro: 'Te han invitado al back office. Elige tu contraseña con este enlace:',
    action: 'Elegir mi contraseña',
    expiry: 'El enlace es válido hasta el {until} y solo se puede usar una vez.',
  },
};

const it: MailWords = {
  greeting: 'Gentile {name},',
  signoff: 'A presto,\nIl team',
  purchase: {
    subject: 'Il tuo acquisto è confermato: {car}',
    intro: 'Grazie! Il tuo acquisto è confermato.',
    car: 'Auto',
    total: 'Totale',
    advance: 'Anticipo pagato',
    balance: 'Da pagare alla consegna',
    funding: 'Pagamento',
    cash: 'in contanti',
    finance: 'finanziamento',
    reference: "Riferimento dell'acquisto",
  },
  booking: {
    subject: 'La tua prenotazione è confermata: {car}',
    intro: "La tua prenotazione è confermata. L'auto è riservata per te fino al {until}.",
    car: 'Auto',
    deposit: 'Caparra pagata',
    reference: 'Riferimento della prenotazione',
  },
  invitation: {
    subject: 'Invito al back office',
    intro: 'Sei stato invitato nel back office. Scegli la tua password con questo link:',
    action: 'Scegli la password',
    expiry: 'Il link è valido fino al {until} e si può usare una sola volta.',
  },
};

const nlBE: MailWords = {
  greeting: 'Beste {name},',
  signoff: 'Tot binnenkort,\nHet team',
  purchase: {
    subject: 'Je aankoop is bevestigd: {car}',
    intro: 'Bedankt! Je aankoop is bevestigd.',
    car: 'Wagen',
    total: 'Totaal',
    advance: 'Betaald voorschot',
    balance: 'Te betalen bij levering',
    funding: 'Betaling',
    cash: 'contant',
    finance: 'financiering',
    reference: 'Referentie van de aankoop',
  },
  booking: {
    subject: 'Je reservatie is bevestigd: {car}',
    intro: 'Je reservatie is bevestigd. De wagen blijft voor jou gereserveerd tot {until}.',
    car: 'Wagen',
    deposit: 'Betaald reservatievoorschot',
    reference: 'Referentie van de reservatie',
  },
  invitation: {
    subject: 'Uitnodiging voor de backoffice',
    intro: 'Je bent uitgenodigd voor de backoffice. Kies je wachtwoord via deze link:',
    action: 'Wachtwoord kiezen',
    expiry: 'De link is geldig tot {until} en werkt maar één keer.',
  },
};

const pl: MailWords = {
  greeting: 'Dzień dobry, {name},',
  signoff: 'Do zobaczenia,\nZespół',
  purchase: {
    subject: 'Twój zakup został potwierdzony: {car}',
    intro: 'Dziękujemy! Twój zakup został potwierdzony.',
    car: 'Samochód',
    total: 'Razem',
    advance: 'Wpłacona zaliczka',
    balance: 'Do zapłaty przy odbiorze',
    funding: 'Płatność',
    cash: 'gotówka',
    finance: 'finansowanie',
    reference: 'Numer zakupu',
  },
  booking: {
    subject: 'Twoja rezerwacja została potwierdzona: {car}',
    intro: 'Twoja rezerwacja została potwierdzona. Samochód jest zarezerwowany dla Ciebie do {until}.',
    car: 'Samochód',
    deposit: 'Wpłacony depozyt rezerwacyjny',
    reference: 'Numer rezerwacji',
  },
  invitation: {
    subject: 'Zaproszenie do panelu administracyjnego',
    intro: 'Otrzymujesz zaproszenie do panelu administracyjnego. Ustaw hasło, korzystając z tego linku:',
    action: 'Ustaw hasło',
    expiry: 'Link jest ważny do {until} i można go użyć tylko raz.',
  },
};

const pt: MailWords = {
  greeting: 'Olá {name},',
  signoff: 'Até breve,\nA equipa',
  purchase: {
    subject: 'A sua compra está confirmada: {car}',
    intro: 'Obrigado! A sua compra está confirmada.',
    car: 'Carro',
    total: 'Total',
    advance: 'Pago antecipadamente',
    balance: 'A pagar na entrega',
    funding: 'Pagamento',
    cash: 'a pronto',
    finance: 'financiamento',
    reference: 'Referência da compra',
  },
  booking: {
    subject: 'A sua reserva está confirmada: {car}',
    intro: 'A sua reserva está confirmada. O carro fica reservado para si até {until}.',
    car: 'Carro',
    deposit: 'Sinal de reserva pago',
    reference: 'Referência da reserva',
  },
  invitation: {
    subject: 'Convite para o back office',
    intro: 'Foi convidado para o back office. Escolha a sua palavra-passe com esta ligação:',
    action: 'Escolher palavra-passe',
    expiry: 'A ligação é válida até {until} e só pode ser usada uma vez.',
  },
};

export const MAIL_WORDS: Readonly<Record<Locale, MailWords>> = {
  at,
  de,
  es,
  fr,
  'fr-BE': fr,
  it,
  'nl-BE': nlBE,
  pl,
  pt,
};
