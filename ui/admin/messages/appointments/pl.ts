/** The back office's appointments page, Polish. */
import type { AppointmentsAdminMessages } from './fr.ts';

export const plAppointments: AppointmentsAdminMessages = {
  nav: 'Wizyty',
  title: 'Wizyty u dealerów',
  filter: 'Wybierz dzień i dealera',
  day: 'Dzień',
  dealer: 'Dealer (nr, opcjonalnie)',
  show: 'Pokaż',
  caption: 'Wizyty w dniu {{day}}',
  time: 'Godzina',
  dealerColumn: 'Dealer',
  purpose: 'Cel',
  contact: 'Kontakt',
  status: 'Status',
  action: 'Akcja',
  purposes: {
    'test-drive': 'Jazda próbna',
    'after-sales': 'Serwis',
    'trade-in-inspection': 'Oględziny do rozliczenia',
  },
  statuses: { booked: 'Potwierdzona', cancelled: 'Odwołana' },
  cancelCodes: {
    buyer_cancelled: 'przez klienta',
    moved: 'przeniesiona',
    dealer_unavailable: 'dealer niedostępny',
    customer_request: 'na prośbę klienta',
    other: 'inny powód',
  },
  contactErased: 'Dane kontaktowe usunięte',
  cancel: 'Odwołaj',
  cancelLabel: 'Odwołaj wizytę {{id}}',
  code: 'Powód odwołania',
  reason: 'Uzasadnienie (widoczne w historii)',
  cancelled: 'Wizyta {{id}} została odwołana.',
  notBooked: 'Ta wizyta nie jest już potwierdzona: lista zostanie odświeżona.',
  failed: 'Nie udało się odwołać. Spróbuj ponownie.',
};
