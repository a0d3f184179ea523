/** The back office's mail outbox page, Polish. */
import type { MailMessages } from './fr.ts';

export const plMail: MailMessages = {
  nav: 'E-maile',
  title: 'E-maile do klientów i pracowników',
  caption: 'Skrzynka nadawcza e-maili',
  notSending:
    'Nie skonfigurowano serwera SMTP: e-maile nie są wysyłane, czekają tutaj i można je przeczytać.',
  sending: 'E-maile są wysyłane przez SMTP; nieudane można wysłać ponownie.',
  filter: 'Filtruj skrzynkę nadawczą',
  status: 'Status',
  all: 'Wszystkie',
  show: 'Pokaż',
  created: 'Utworzono',
  template: 'E-mail',
  recipient: 'Odbiorca',
  attempts: 'Próby',
  details: 'Szczegóły',
  action: 'Akcja',
  statuses: {
    waiting: 'Oczekuje',
    sent: 'Wysłany',
    failed: 'Nieudany',
    cancelled: 'Anulowany',
  },
  templates: {
    purchase_confirmed: 'Zakup potwierdzony',
    booking_confirmed: 'Rezerwacja potwierdzona',
    staff_invitation: 'Zaproszenie do panelu',
    appointment_confirmed: 'Wizyta potwierdzona',
    appointment_cancelled: 'Wizyta odwołana',
  },
  recipients: {
    customer: 'Klient {{id}}',
    staff: 'Pracownik {{id}}',
  },
  cancelReasons: {
    erased: 'Klient usunięty',
    disabled: 'Konto wyłączone',
    replaced: 'Zaproszenie zastąpione',
    accepted: 'Zaproszenie już przyjęte',
    expired: 'Zaproszenie wygasło',
    unknown_recipient: 'Nieznany odbiorca',
  },
  sentAt: 'Wysłano {{date}}',
  dueAt: 'Następna próba {{date}}',
  lastError: 'Ostatni błąd: {{error}}',
  sendAgain: 'Wyślij ponownie',
  sendAgainLabel: 'Wyślij ponownie e-mail nr {{id}}',
  sentAgain: 'E-mail nr {{id}} czeka na ponowną wysyłkę.',
  notFailed: 'Ten e-mail nie jest już nieudany: lista zostaje odświeżona.',
  failedToSend: 'Ponowna wysyłka nie powiodła się. Spróbuj jeszcze raz.',
};
