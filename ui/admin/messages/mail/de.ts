/** The back office's mail outbox page, German. */
import type { MailMessages } from './fr.ts';

export const deMail: MailMessages = {
  nav: 'E-Mails',
  title: 'E-Mails an Kunden und Personal',
  caption: 'Postausgang der E-Mails',
  notSending:
    'Es ist kein SMTP-Server eingerichtet: E-Mails werden nicht versendet, sie warten hier und können gelesen werden.',
  sending: 'E-Mails werden per SMTP versendet; fehlgeschlagene können erneut gesendet werden.',
  filter: 'Postausgang filtern',
  status: 'Status',
  all: 'Alle',
  show: 'Anzeigen',
  created: 'Erstellt am',
  template: 'E-Mail',
  recipient: 'Empfänger',
  attempts: 'Versuche',
  details: 'Details',
  action: 'Aktion',
  statuses: {
    waiting: 'Wartend',
    sent: 'Gesendet',
    failed: 'Fehlgeschlagen',
    cancelled: 'Abgebrochen',
  },
  templates: {
    purchase_confirmed: 'Kauf bestätigt',
    booking_confirmed: 'Reservierung bestätigt',
    staff_invitation: 'Einladung ins Backoffice',
    appointment_confirmed: 'Termin bestätigt',
    appointment_cancelled: 'Termin storniert',
  },
  recipients: {
    customer: 'Kunde {{id}}',
    staff: 'Mitarbeiter {{id}}',
  },
  cancelReasons: {
    erased: 'Kunde gelöscht',
    disabled: 'Konto deaktiviert',
    replaced: 'Einladung ersetzt',
    accepted: 'Einladung bereits angenommen',
    expired: 'Einladung abgelaufen',
    unknown_recipient: 'Unbekannter Empfänger',
  },
  sentAt: 'Gesendet am {{date}}',
  dueAt: 'Nächster Versuch am {{date}}',
  lastError: 'Letzter Fehler: {{error}}',
  sendAgain: 'Erneut senden',
  sendAgainLabel: 'E-Mail Nr. {{id}} erneut senden',
  sentAgain: 'E-Mail Nr. {{id}} wartet auf den erneuten Versand.',
  notFailed: 'Diese E-Mail ist nicht mehr fehlgeschlagen: Die Liste wird aktualisiert.',
  failedToSend: 'Das erneute Senden hat nicht geklappt. Bitte erneut versuchen.',
};
