/**
 * The back office's words for the staff actions on a purchase or a booking (FunnelActions.tsx), French:
 * the reference whose shape every locale matches, under `actions` in each locale's words.
 */
export const frActions = {
  title: 'Actions',
  intro: 'Ce que vous pouvez faire sur ce dossier maintenant.',
  none: 'Aucune action possible sur ce dossier pour le moment.',
  command: {
    CancelPurchase: 'Annuler l’achat',
    RecordFinanceDecision: 'Enregistrer la décision de financement',
    LoseHold: 'Libérer le véhicule',
    ExtendHold: 'Prolonger le blocage du véhicule',
    RecordHandover: 'Enregistrer la remise du véhicule',
    CancelBooking: 'Annuler la réservation',
  },
  done: {
    CancelPurchase: 'L’achat est annulé.',
    RecordFinanceDecision: 'La décision de financement est enregistrée.',
    LoseHold: 'Le véhicule est libéré.',
    ExtendHold: 'Le blocage du véhicule est prolongé.',
    RecordHandover: 'La remise du véhicule est enregistrée.',
    CancelBooking: 'La réservation est annulée.',
  },
  reason: 'Motif',
  reasonHint: 'Obligatoire, 500 caractères au plus. Il figurera dans l’historique.',
  reasonRequired: 'Indiquez le motif de cette action.',
  reasonTooLong: 'Le motif ne peut dépasser 500 caractères.',
  decision: 'Décision du financeur',
  accepted: 'Financement accepté',
  declined: 'Financement refusé',
  minutes: 'Prolonger de (minutes)',
  minutesInvalid: 'Indiquez un nombre de minutes entre 1 et {{max}}.',
  code: 'Motif d’annulation',
  cancelCode: {
    changed_mind: 'Le client a changé d’avis',
    bought_elsewhere: 'Le client a acheté ailleurs',
    customer_request: 'À la demande du client',
    car_unavailable: 'Véhicule indisponible',
    other: 'Autre',
  },
  confirm: 'Confirmer',
  close: 'Fermer sans agir',
  sending: 'Envoi…',
  conflict: 'Une autre modification est passée avant la vôtre. Possible maintenant : {{allowed}}.',
  forbidden: 'Votre rôle ne permet pas cette action.',
  failed: 'L’action a échoué. Réessayez.',
  timelineReason: 'Motif : {{reason}}',
};

export type AdminActionMessages = typeof frActions;
