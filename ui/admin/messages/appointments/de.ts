/** The back office's appointments page, German (Germany). */
import type { AppointmentsAdminMessages } from './fr.ts';

export const deAppointments: AppointmentsAdminMessages = {
  nav: 'Termine',
  title: 'Termine beim Händler',
  filter: 'Tag und Händler wählen',
  day: 'Tag',
  dealer: 'Händler (Nr., optional)',
  show: 'Anzeigen',
  caption: 'Termine am {{day}}',
  time: 'Uhrzeit',
  dealerColumn: 'Händler',
  purpose: 'Anlass',
  contact: 'Kontakt',
  status: 'Status',
  action: 'Aktion',
  purposes: {
    'test-drive': 'Probefahrt',
    'after-sales': 'Werkstatt',
    'trade-in-inspection': 'Inzahlungnahme-Prüfung',
  },
  statuses: { booked: 'Bestätigt', cancelled: 'Storniert' },
  cancelCodes: {
    buyer_cancelled: 'vom Kunden',
    moved: 'verschoben',
    dealer_unavailable: 'Händler nicht verfügbar',
    customer_request: 'auf Kundenwunsch',
    other: 'anderer Grund',
  },
  contactErased: 'Kontaktdaten gelöscht',
  cancel: 'Stornieren',
  cancelLabel: 'Termin {{id}} stornieren',
  code: 'Stornogrund',
  reason: 'Begründung (im Verlauf sichtbar)',
  cancelled: 'Der Termin {{id}} ist storniert.',
  notBooked: 'Dieser Termin ist nicht mehr bestätigt: Die Liste wird aktualisiert.',
  failed: 'Die Stornierung ist fehlgeschlagen. Bitte erneut versuchen.',
};
