/** The back office's mail outbox page, French: the reference whose shape every locale matches. */
export const frMail = {
  nav: 'E-mails',
  title: 'E-mails envoyés aux clients et au personnel',
  caption: 'Boîte d’envoi des e-mails',
  notSending:
    'Aucun serveur SMTP n’est configuré : les e-mails ne partent pas, ils attendent ici et peuvent être lus.',
  sending: 'Les e-mails partent par SMTP ; ceux en échec peuvent être renvoyés.',
  filter: 'Filtrer la boîte d’envoi',
  status: 'État',
  all: 'Tous',
  show: 'Afficher',
  created: 'Créé le',
  template: 'E-mail',
  recipient: 'Destinataire',
  attempts: 'Tentatives',
  details: 'Détails',
  action: 'Action',
  statuses: {
    waiting: 'En attente',
    sent: 'Envoyé',
    failed: 'En échec',
    cancelled: 'Annulé',
  },
  templates: {
    purchase_confirmed: 'Achat confirmé',
    booking_confirmed: 'Réservation confirmée',
    staff_invitation: 'Invitation au back-office',
    appointment_confirmed: 'Rendez-vous confirmé',
    appointment_cancelled: 'Rendez-vous annulé',
  },
  recipients: {
    customer: 'Client {{id}}',
    staff: 'Membre du personnel {{id}}',
  },
  cancelReasons: {
    erased: 'Client effacé',
    disabled: 'Compte désactivé',
    replaced: 'Invitation remplacée',
    accepted: 'Invitation déjà acceptée',
    expired: 'Invitation expirée',
    unknown_recipient: 'Destinataire inconnu',
  },
  sentAt: 'Envoyé le {{date}}',
  dueAt: 'Prochain essai le {{date}}',
  lastError: 'Dernière erreur : {{error}}',
  sendAgain: 'Renvoyer',
  sendAgainLabel: 'Renvoyer l’e-mail n° {{id}}',
  sentAgain: 'L’e-mail n° {{id}} attend d’être renvoyé.',
  notFailed: 'Cet e-mail n’est plus en échec : la liste est actualisée.',
  failedToSend: 'Le renvoi n’a pas abouti. Réessayez.',
};

export type MailMessages = typeof frMail;
