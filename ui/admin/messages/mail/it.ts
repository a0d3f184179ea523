/** The back office's mail outbox page, Italian. */
import type { MailMessages } from './fr.ts';

export const itMail: MailMessages = {
  nav: 'E-mail',
  title: 'E-mail a clienti e personale',
  caption: 'Posta in uscita',
  notSending:
    'Nessun server SMTP configurato: le e-mail non partono, restano qui in attesa e si possono leggere.',
  sending: 'Le e-mail partono via SMTP; quelle non riuscite si possono rinviare.',
  filter: 'Filtra la posta in uscita',
  status: 'Stato',
  all: 'Tutte',
  show: 'Mostra',
  created: 'Creata il',
  template: 'E-mail',
  recipient: 'Destinatario',
  attempts: 'Tentativi',
  details: 'Dettagli',
  action: 'Azione',
  statuses: {
    waiting: 'In attesa',
    sent: 'Inviata',
    failed: 'Non riuscita',
    cancelled: 'Annullata',
  },
  templates: {
    purchase_confirmed: 'Acquisto confermato',
    booking_confirmed: 'Prenotazione confermata',
    staff_invitation: 'Invito al back office',
    appointment_confirmed: 'Appuntamento confermato',
    appointment_cancelled: 'Appuntamento annullato',
  },
  recipients: {
    customer: 'Cliente {{id}}',
    staff: 'Membro del personale {{id}}',
  },
  cancelReasons: {
    erased: 'Cliente cancellato',
    disabled: 'Account disattivato',
    replaced: 'Invito sostituito',
    accepted: 'Invito già accettato',
    expired: 'Invito scaduto',
    unknown_recipient: 'Destinatario sconosciuto',
  },
  sentAt: 'Inviata il {{date}}',
  dueAt: 'Prossimo tentativo il {{date}}',
  lastError: 'Ultimo errore: {{error}}',
  sendAgain: 'Rinvia',
  sendAgainLabel: 'Rinvia l’e-mail n. {{id}}',
  sentAgain: 'L’e-mail n. {{id}} è in attesa di essere rinviata.',
  notFailed: 'Questa e-mail non è più in errore: l’elenco viene aggiornato.',
  failedToSend: 'Il rinvio non è riuscito. Riprova.',
};
