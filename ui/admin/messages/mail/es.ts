/** The back office's mail outbox page, Spanish. */
import type { MailMessages } from './fr.ts';

export const esMail: MailMessages = {
  nav: 'Correos',
  title: 'Correos a clientes y personal',
  caption: 'Bandeja de salida de correos',
  notSending:
    'No hay ningún servidor SMTP configurado: los correos no se envían, esperan aquí y se pueden leer.',
  sending: 'Los correos salen por SMTP; los fallidos se pueden volver a enviar.',
  filter: 'Filtrar la bandeja de salida',
  status: 'Estado',
  all: 'Todos',
  show: 'Mostrar',
  created: 'Creado el',
  template: 'Correo',
  recipient: 'Destinatario',
  attempts: 'Intentos',
  details: 'Detalles',
  action: 'Acción',
  statuses: {
    waiting: 'En espera',
    sent: 'Enviado',
    failed: 'Fallido',
    cancelled: 'Cancelado',
  },
  templates: {
    purchase_confirmed: 'Compra confirmada',
    booking_confirmed: 'Reserva confirmada',
    staff_invitation: 'Invitación al back office',
    appointment_confirmed: 'Cita confirmada',
    appointment_cancelled: 'Cita cancelada',
  },
  recipients: {
    customer: 'Cliente {{id}}',
    staff: 'Miembro del personal {{id}}',
  },
  cancelReasons: {
    erased: 'Cliente borrado',
    disabled: 'Cuenta desactivada',
    replaced: 'Invitación sustituida',
    accepted: 'Invitación ya aceptada',
    expired: 'Invitación caducada',
    unknown_recipient: 'Destinatario desconocido',
  },
  sentAt: 'Enviado el {{date}}',
  dueAt: 'Próximo intento el {{date}}',
  lastError: 'Último error: {{error}}',
  sendAgain: 'Volver a enviar',
  sendAgainLabel: 'Volver a enviar el correo n.º {{id}}',
  sentAgain: 'El correo n.º {{id}} espera a volver a enviarse.',
  notFailed: 'Este correo ya no está fallido: la lista se actualiza.',
  failedToSend: 'No se pudo volver a enviar. Inténtalo de nuevo.',
};
