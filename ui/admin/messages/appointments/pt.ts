/** The back office's appointments page, Portuguese. */
import type { AppointmentsAdminMessages } from './fr.ts';

export const ptAppointments: AppointmentsAdminMessages = {
  nav: 'Marcações',
  title: 'Marcações no concessionário',
  filter: 'Escolher o dia e o concessionário',
  day: 'Dia',
  dealer: 'Concessionário (n.º, opcional)',
  show: 'Mostrar',
  caption: 'Marcações de {{day}}',
  time: 'Hora',
  dealerColumn: 'Concessionário',
  purpose: 'Motivo',
  contact: 'Contacto',
  status: 'Estado',
  action: 'Ação',
  purposes: {
    'test-drive': 'Test drive',
    'after-sales': 'Oficina',
    'trade-in-inspection': 'Inspeção para retoma',
  },
  statuses: { booked: 'Confirmada', cancelled: 'Cancelada' },
  cancelCodes: {
    buyer_cancelled: 'pelo cliente',
    moved: 'alterada',
    dealer_unavailable: 'concessionário indisponível',
    customer_request: 'a pedido do cliente',
    other: 'outro motivo',
  },
  contactErased: 'Contactos apagados',
  cancel: 'Cancelar',
  cancelLabel: 'Cancelar a marcação {{id}}',
  code: 'Motivo do cancelamento',
  reason: 'Razão (visível no histórico)',
  cancelled: 'A marcação {{id}} está cancelada.',
  notBooked: 'Esta marcação já não está confirmada: a lista é atualizada.',
  failed: 'O cancelamento falhou. Tente novamente.',
};
