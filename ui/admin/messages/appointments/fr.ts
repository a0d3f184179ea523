/** The back office's appointments page, French: the reference whose shape every locale matches. */
export const frAppointments = {
  nav: 'Rendez-vous',
  title: 'Rendez-vous en concession',
  filter: 'Choisir le jour et la concession',
  day: 'Jour',
  dealer: 'Concession (n°, facultatif)',
  show: 'Afficher',
  caption: 'Rendez-vous du {{day}}',
  time: 'Heure',
  dealerColumn: 'Concession',
  purpose: 'Motif',
  contact: 'Contact',
  status: 'État',
  action: 'Action',
  purposes: {
    'test-drive': 'Essai',
    'after-sales': 'Atelier',
    'trade-in-inspection': 'Inspection reprise',
  },
  statuses: { booked: 'Confirmé', cancelled: 'Annulé' },
  cancelCodes: {
    buyer_cancelled: 'par le client',
    moved: 'déplacé',
    dealer_unavailable: 'concession indisponible',
    customer_request: 'à la demande du client',
    other: 'autre raison',
  },
  contactErased: 'Coordonnées effacées',
  cancel: 'Annuler',
  cancelLabel: 'Annuler le rendez-vous {{id}}',
  code: 'Cause de l’annulation',
  reason: 'Raison (visible dans l’historique)',
  cancelled: 'Le rendez-vous {{id}} est annulé.',
  notBooked: 'Ce rendez-vous n’est plus confirmé : la liste est actualisée.',
  failed: 'L’annulation n’a pas abouti. Réessayez.',
};

export type AppointmentsAdminMessages = typeof frAppointments;
