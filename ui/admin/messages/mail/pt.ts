/** The back office's mail outbox page, Portuguese. */
import type { MailMessages } from './fr.ts';

export const ptMail: MailMessages = {
  nav: 'E-mails',
  title: 'E-mails a clientes e pessoal',
  caption: 'Caixa de saída de e-mails',
  notSending:
    'Não há nenhum servidor SMTP configurado: os e-mails não são enviados, ficam aqui à espera e podem ser lidos.',
  sending: 'Os e-mails são enviados por SMTP; os que falharam podem ser reenviados.',
  filter: 'Filtrar a caixa de saída',
  status: 'Estado',
  all: 'Todos',
  show: 'Mostrar',
  created: 'Criado em',
  template: 'E-mail',
  recipient: 'Destinatário',
  attempts: 'Tentativas',
  details: 'Detalhes',
  action: 'Ação',
  statuses: {
    waiting: 'Em espera',
    sent: 'Enviado',
    failed: 'Falhado',
    cancelled: 'Cancelado',
  },
  templates: {
    purchase_confirmed: 'Compra confirmada',
    booking_confirmed: 'Reserva confirmada',
    staff_invitation: 'Convite para o back office',
    appointment_confirmed: 'Marcação confirmada',
    appointment_cancelled: 'Marcação cancelada',
  },
  recipients: {
    customer: 'Cliente {{id}}',
    staff: 'Membro do pessoal {{id}}',
  },
  cancelReasons: {
    erased: 'Cliente apagado',
    disabled: 'Conta desativada',
    replaced: 'Convite substituído',
    accepted: 'Convite já aceite',
    expired: 'Convite expirado',
    unknown_recipient: 'Destinatário desconhecido',
  },
  sentAt: 'Enviado em {{date}}',
  dueAt: 'Próxima tentativa em {{date}}',
  lastError: 'Último erro: {{error}}',
  sendAgain: 'Reenviar',
  sendAgainLabel: 'Reenviar o e-mail n.º {{id}}',
  sentAgain: 'O e-mail n.º {{id}} aguarda ser reenviado.',
  notFailed: 'Este e-mail já não está falhado: a lista é atualizada.',
  failedToSend: 'Não foi possível reenviar. Tente novamente.',
};
