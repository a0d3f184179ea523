/** The back office's mail outbox page, Dutch of Belgium. */
import type { MailMessages } from './fr.ts';

export const nlBEMail: MailMessages = {
  nav: 'E-mails',
  title: 'E-mails aan klanten en personeel',
  caption: 'Postvak uit van de e-mails',
  notSending:
    'Er is geen SMTP-server ingesteld: e-mails worden niet verstuurd, ze wachten hier en zijn leesbaar.',
  sending: 'E-mails worden via SMTP verstuurd; mislukte kunnen opnieuw worden verstuurd.',
  filter: 'Postvak uit filteren',
  status: 'Status',
  all: 'Alle',
  show: 'Tonen',
  created: 'Aangemaakt op',
  template: 'E-mail',
  recipient: 'Ontvanger',
  attempts: 'Pogingen',
  details: 'Details',
  action: 'Actie',
  statuses: {
    waiting: 'Wachtend',
    sent: 'Verstuurd',
    failed: 'Mislukt',
    cancelled: 'Geannuleerd',
  },
  templates: {
    purchase_confirmed: 'Aankoop bevestigd',
    booking_confirmed: 'Reservatie bevestigd',
    staff_invitation: 'Uitnodiging voor de backoffice',
    appointment_confirmed: 'Afspraak bevestigd',
    appointment_cancelled: 'Afspraak geannuleerd',
  },
  recipients: {
    customer: 'Klant {{id}}',
    staff: 'Personeelslid {{id}}',
  },
  cancelReasons: {
    erased: 'Klant gewist',
    disabled: 'Account uitgeschakeld',
    replaced: 'Uitnodiging vervangen',
    accepted: 'Uitnodiging al aanvaard',
    expired: 'Uitnodiging verlopen',
    unknown_recipient: 'Onbekende ontvanger',
  },
  sentAt: 'Verstuurd op {{date}}',
  dueAt: 'Volgende poging op {{date}}',
  lastError: 'Laatste fout: {{error}}',
  sendAgain: 'Opnieuw versturen',
  sendAgainLabel: 'E-mail nr. {{id}} opnieuw versturen',
  sentAgain: 'E-mail nr. {{id}} wacht om opnieuw verstuurd te worden.',
  notFailed: 'Deze e-mail is niet langer mislukt: de lijst wordt vernieuwd.',
  failedToSend: 'Opnieuw versturen is niet gelukt. Probeer het opnieuw.',
};
