/** The appointment mails' words in the nine locales (mailTemplates.ts fills `{dealer}` and the like). */
import type { AppointmentPurpose } from '../../domain/appointment/schemas.ts';
import type { Locale } from '../../domain/markets.ts';

export interface AppointmentMailWords {
  readonly subject: string;
  readonly intro: string;
  readonly cancelledSubject: string;
  readonly cancelledIntro: string;
  readonly when: string;
  readonly where: string;
  readonly purpose: string;
  readonly reference: string;
  readonly manage: string;
  readonly calendar: string;
  readonly file: string;
  readonly purposes: Readonly<Record<AppointmentPurpose, string>>;
}

const fr: AppointmentMailWords = {
  subject: 'Votre rendez-vous chez {dealer} est confirmé',
  intro: 'Votre rendez-vous est confirmé. Nous vous attendons :',
  cancelledSubject: 'Votre rendez-vous chez {dealer} est annulé',
  cancelledIntro: 'Votre rendez-vous est annulé.',
  when: 'Date et heure',
  where: 'Adresse',
  purpose: 'Motif',
  reference: 'Référence',
  manage: 'Déplacer ou annuler le rendez-vous',
  calendar: 'L’invitation pour votre agenda est jointe à ce message.',
  file: 'rendez-vous.ics',
  purposes: {
    'test-drive': 'Essai d’un véhicule',
    'after-sales': 'Atelier et après-vente',
    'trade-in-inspection': 'Inspection pour une reprise',
  },
};

const de: AppointmentMailWords = {
  subject: 'Ihr Termin bei {dealer} ist bestätigt',
  intro: 'Ihr Termin ist bestätigt. Wir erwarten Sie:',
  cancelledSubject: 'Ihr Termin bei {dealer} wurde storniert',
  cancelledIntro: 'Ihr Termin wurde storniert.',
  when: 'Datum und Uhrzeit',
  where: 'Adresse',
  purpose: 'Anlass',
  reference: 'Referenz',
  manage: 'Termin verschieben oder stornieren',
  calendar: 'Die Einladung für Ihren Kalender ist angehängt.',
  file: 'termin.ics',
  purposes: {
    'test-drive': 'Probefahrt',
    'after-sales': 'Werkstatt und Service',
    'trade-in-inspection': 'Prüfung für die Inzahlungnahme',
  },
};

const es: AppointmentMailWords = {
  subject: 'Su cita en {dealer} está confirmada',
  intro: 'Su cita está confirmada. Le esperamos:',
  cancelledSubject: 'Su cita en {dealer} está cancelada',
  cancelledIntro: 'Su cita está cancelada.',
  when: 'Fecha y hora',
  where: 'Dirección',
  purpose: 'Motivo',
  reference: 'Referencia',
  manage: 'Cambiar o cancelar la cita',
  calendar: 'La invitación para su calendario va adjunta.',
  file: 'cita.ics',
  purposes: {
    'test-drive': 'Prueba de un vehículo',
    'after-sales': 'Taller y posventa',
    'trade-in-inspection': 'Inspección para la entrega de su coche',
  },
};

const it: AppointmentMailWords = {
  subject: 'Il tuo appuntamento da {dealer} è confermato',
  intro: 'Il tuo appuntamento è confermato. Ti aspettiamo:',
  cancelledSubject: 'Il tuo appuntamento da {dealer} è annullato',
  cancelledIntro: 'Il tuo appuntamento è annullato.',
  when: 'Data e ora',
  where: 'Indirizzo',
  purpose: 'Motivo',
  reference: 'Riferimento',
  manage: 'Sposta o annulla l’appuntamento',
  calendar: 'L’invito per il tuo calendario è allegato.',
  file: 'appuntamento.ics',
  purposes: {
    'test-drive': 'Prova su strada',
    'after-sales': 'Officina e assistenza',
    'trade-in-inspection': 'Ispezione per la permuta',
  },
};

const nlBE: AppointmentMailWords = {
  subject: 'Uw afspraak bij {dealer} is bevestigd',
  intro: 'Uw afspraak is bevestigd. We verwachten u:',
  cancelledSubject: 'Uw afspraak bij {dealer} is geannuleerd',
  cancelledIntro: 'Uw afspraak is geannuleerd.',
  when: 'Datum en uur',
  where: 'Adres',
  purpose: 'Reden',
  reference: 'Referentie',
  manage: 'Afspraak verplaatsen of annuleren',
  calendar: 'De uitnodiging voor uw agenda zit in de bijlage.',
  file: 'afspraak.ics',
  purposes: {
    'test-drive': 'Proefrit',
    'after-sales': 'Werkplaats en onderhoud',
    'trade-in-inspection': 'Inspectie voor een overname',
  },
};

const pl: AppointmentMailWords = {
  subject: 'Twoja wizyta w {dealer} jest potwierdzona',
  intro: 'Twoja wizyta jest potwierdzona. Czekamy na Ciebie:',
  cancelledSubject: 'Twoja wizyta w {dealer} została odwołana',
  cancelledIntro: 'Twoja wizyta została odwołana.',
  when: 'Data i godzina',
  where: 'Adres',
  purpose: 'Cel',
  reference: 'Numer',
  manage: 'Przenieś lub odwołaj wizytę',
  calendar: 'Zaproszenie do kalendarza jest w załączniku.',
  file: 'wizyta.ics',
  purposes: {
    'test-drive': 'Jazda próbna',
    'after-sales': 'Serwis i obsługa posprzedażna',
    'trade-in-inspection': 'Oględziny auta w rozliczeniu',
  },
};

const pt: AppointmentMailWords = {
  subject: 'A sua marcação em {dealer} está confirmada',
  intro: 'A sua marcação está confirmada. Esperamos por si:',
  cancelledSubject: 'A sua marcação em {dealer} foi cancelada',
  cancelledIntro: 'A sua marcação foi cancelada.',
  when: 'Data e hora',
  where: 'Morada',
  purpose: 'Motivo',
  reference: 'Referência',
  manage: 'Alterar ou cancelar a marcação',
  calendar: 'O convite para o seu calendário segue em anexo.',
  file: 'marcacao.ics',
  purposes: {
    'test-drive': 'Test drive',
    'after-sales': 'Oficina e pós-venda',
    'trade-in-inspection': 'Inspeção para retoma',
  },
};

export const APPOINTMENT_MAIL_WORDS: Readonly<Record<Locale, AppointmentMailWords>> = {
  at: { ...de, calendar: 'Die Einladung für Ihren Kalender finden Sie im Anhang.' },
  de,
  es,
  fr,
  'fr-BE': fr,
  it,
  'nl-BE': nlBE,
  pl,
  pt,
};
