/** The back office's appointments page, Spanish. */
import type { AppointmentsAdminMessages } from './fr.ts';

export const esAppointments: AppointmentsAdminMessages = {
  nav: 'Citas',
  title: 'Citas en el concesionario',
  filter: 'Elegir el día y el concesionario',
  day: 'Día',
  dealer: 'Concesionario (n.º, opcional)',
  show: 'Mostrar',
  caption: 'Citas del {{day}}',
  time: 'Hora',
  dealerColumn: 'Concesionario',
  purpose: 'Motivo',
  contact: 'Contacto',
  status: 'Estado',
  action: 'Acción',
  purposes: {
    'test-drive': 'Prueba',
    'after-sales': 'Taller',
    'trade-in-inspection': 'Inspección para tasación',
  },
  statuses: { booked: 'Confirmada', cancelled: 'Cancelada' },
  cancelCodes: {
    buyer_cancelled: 'por el cliente',
    moved: 'cambiada',
    dealer_unavailable: 'concesionario no disponible',
    customer_request: 'a petición del cliente',
    other: 'otro motivo',
  },
  contactErased: 'Datos de contacto borrados',
  cancel: 'Cancelar',
  cancelLabel: 'Cancelar la cita {{id}}',
  code: 'Motivo de la cancelación',
  reason: 'Razón (visible en el historial)',
  cancelled: 'La cita {{id}} está cancelada.',
  notBooked: 'Esta cita ya no está confirmada: la lista se actualiza.',
  failed: 'No se ha podido cancelar. Inténtelo de nuevo.',
};
