/** The back office's appointments page, Dutch (Belgium). */
import type { AppointmentsAdminMessages } from './fr.ts';

export const nlBEAppointments: AppointmentsAdminMessages = {
  nav: 'Afspraken',
  title: 'Afspraken in de concessie',
  filter: 'Dag en concessie kiezen',
  day: 'Dag',
  dealer: 'Concessie (nr., optioneel)',
  show: 'Tonen',
  caption: 'Afspraken op {{day}}',
  time: 'Uur',
  dealerColumn: 'Concessie',
  purpose: 'Reden',
  contact: 'Contact',
  status: 'Status',
  action: 'Actie',
  purposes: {
    'test-drive': 'Proefrit',
    'after-sales': 'Werkplaats',
    'trade-in-inspection': 'Inspectie overname',
  },
  statuses: { booked: 'Bevestigd', cancelled: 'Geannuleerd' },
  cancelCodes: {
    buyer_cancelled: 'door de klant',
    moved: 'verplaatst',
    dealer_unavailable: 'concessie niet beschikbaar',
    customer_request: 'op vraag van de klant',
    other: 'andere reden',
  },
  contactErased: 'Contactgegevens gewist',
  cancel: 'Annuleren',
  cancelLabel: 'Afspraak {{id}} annuleren',
  code: 'Reden van annulering',
  reason: 'Uitleg (zichtbaar in de historiek)',
  cancelled: 'Afspraak {{id}} is geannuleerd.',
  notBooked: 'Deze afspraak is niet meer bevestigd: de lijst wordt bijgewerkt.',
  failed: 'De annulering is mislukt. Probeer opnieuw.',
};
