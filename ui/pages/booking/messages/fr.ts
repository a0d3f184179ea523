/**
 * The booking screens' words, French (France): the reference whose shape every locale matches
 * (`BookingMessages`). They travel with the page's data (only the buyer's locale). `{{name}}` is a
 * parameter: amounts, durations and times come formatted for the market (the terms are the booking's).
 */
export const frBooking = {
  title: 'Réserver ce véhicule',
  description: 'Réservez ce véhicule en ligne : il vous est gardé le temps de vous décider.',
  steps: {
    label: 'Étapes de votre réservation',
    done: 'terminée',
    current: 'étape en cours',
    names: {
      form: 'Véhicule',
      contact: 'Coordonnées',
      deposit: 'Acompte',
      outcome: 'Réservation',
    },
  },
  summary: {
    title: 'Votre réservation',
    carPrice: 'Prix du véhicule',
    deposit: 'Acompte remboursable',
    free: 'Réservation',
    freeValue: 'Gratuite',
    depositPaid: 'Acompte payé',
    heldUntil: 'Réservé pour vous jusqu’au {{time}}',
  },
  terms: {
    title: 'Ce que comprend la réservation',
    free: 'La réservation en ligne est gratuite et sans engagement.',
    freeHold:
      'Le véhicule vous est réservé pendant {{hours}} : personne d’autre ne peut le réserver ni l’acheter.',
    deposit: 'Un acompte remboursable de {{deposit}} se paie en ligne pour réserver.',
    depositHold:
      'Le véhicule vous est gardé {{minutes}} le temps de payer, puis {{hours}} une fois l’acompte payé.',
    refund:
      'L’acompte vous est intégralement remboursé si vous annulez ou si la réservation prend fin ; si vous achetez le véhicule, il est déduit de votre acompte d’achat.',
    limit: 'Vous pouvez avoir jusqu’à {{limit}} réservations en cours à la fois.',
    faq: 'Questions fréquentes sur la réservation',
  },
  form: {
    required: 'Les champs marqués d’un astérisque (*) sont obligatoires.',
    refused: 'Votre saisie n’a pas été enregistrée : corrigez les champs signalés.',
    invalid: 'Vérifiez ce champ.',
    signInRefused: 'L’adresse e-mail ou le mot de passe est incorrect.',
  },
  start: {
    title: 'Réservez ce véhicule en ligne',
    free: 'Réservez-le gratuitement : il vous est gardé {{hours}}, le temps de vous décider.',
    deposit:
      'Réservez-le avec un acompte remboursable de {{deposit}} : il vous est gardé {{hours}}, le temps de vous décider.',
    submit: 'Réserver ce véhicule',
    buying: 'Vous achetez déjà ce véhicule : reprenez votre achat où vous en étiez.',
    reserved: 'Ce véhicule est déjà réservé par un autre client.',
    sold: 'Ce véhicule est vendu.',
    withdrawn: 'Ce véhicule n’est plus en vente.',
    search: 'Voir d’autres véhicules',
    backToCar: 'Voir la fiche du véhicule',
  },
  contact: {
    intro:
      'Indiquez votre adresse e-mail : si vous avez un compte, vous vous connectez ; sinon, vous le créez en quelques secondes.',
    email: 'Votre adresse e-mail',
    check: 'Continuer',
    signInText: 'Un compte existe pour cette adresse : connectez-vous pour confirmer votre réservation.',
    signUpText:
      'Créez votre compte pour confirmer votre réservation : vous pourrez la suivre et l’annuler en ligne.',
    password: 'Mot de passe',
    newPassword: 'Choisissez un mot de passe (8 caractères au moins)',
    firstName: 'Prénom',
    lastName: 'Nom',
    terms: 'J’accepte les conditions générales d’utilisation',
    marketing: 'Je souhaite recevoir les offres et actualités par e-mail',
    signIn: 'Me connecter',
    signUp: 'Créer mon compte',
    otherEmail: 'Utiliser une autre adresse e-mail',
    signedIn: 'Votre compte est prêt : confirmez votre réservation.',
    confirm: 'Confirmer ma réservation',
    holding: 'Votre réservation n’a pas pu être terminée : réessayez.',
    retry: 'Réessayer',
  },
  deposit: {
    text: 'Payez l’acompte de {{deposit}} pour confirmer votre réservation. Le véhicule vous est gardé jusqu’au {{time}}, le temps du paiement.',
    secure: 'Vous payez sur la page sécurisée de notre prestataire de paiement, puis vous revenez ici.',
    pay: 'Payer {{amount}}',
    paying:
      'Votre paiement est en cours chez notre prestataire de paiement : cette page affiche votre réservation dès sa réponse.',
    refresh: 'Actualiser la page',
  },
  ok: {
    title: 'Votre réservation est confirmée',
    heldUntil: 'Le véhicule vous est réservé jusqu’au {{time}}.',
    depositPaid:
      'Acompte payé : {{amount}}. Il vous est remboursé si vous annulez ; si vous achetez ce véhicule, il est déduit de votre acompte d’achat.',
    buyTitle: 'Achetez-le en ligne',
    buyText: 'Achetez ce véhicule avant la fin de votre réservation : elle passe à votre achat.',
    buy: 'Acheter ce véhicule',
    convertedTitle: 'Vous achetez ce véhicule',
    convertedText: 'Votre réservation est passée à votre achat : reprenez-le où vous en étiez.',
    purchase: 'Reprendre mon achat',
  },
  ko: {
    takenTitle: 'Ce véhicule n’est plus disponible',
    held: 'Un autre client l’a réservé ou acheté juste avant vous.',
    sold: 'Il vient d’être vendu.',
    withdrawn: 'Il n’est plus en vente.',
    expiredTitle: 'Votre réservation a pris fin',
    expired: 'Le délai de réservation est écoulé : le véhicule est remis en vente.',
    cancelledTitle: 'Votre réservation est annulée',
    cancelledByBuyer: 'Vous avez annulé votre réservation : le véhicule est remis en vente.',
    cancelledByStaff: 'Notre équipe a annulé votre réservation : le véhicule est remis en vente.',
    refunded: 'Votre acompte de {{amount}} vous est remboursé.',
  },
  paymentKo: {
    title: 'Le paiement n’a pas abouti',
    text: 'Aucun montant n’a été débité. Vous pouvez payer à nouveau tant que le véhicule vous est gardé, jusqu’au {{time}}.',
    retry: 'Payer à nouveau {{amount}}',
  },
  limit: {
    title: 'Vous avez atteint le nombre maximal de réservations en cours',
    text: 'Vous pouvez avoir jusqu’à {{limit}} réservations en cours à la fois : annulez-en une pour réserver ce véhicule.',
    yours: 'Vos réservations en cours',
    view: 'Voir cette réservation',
    cancel: 'Annuler cette réservation',
    free: 'Vous pouvez maintenant réserver ce véhicule.',
  },
  cancel: {
    title: 'Annuler ma réservation',
    text: 'Le véhicule sera remis en vente.',
    refund: 'Votre acompte de {{amount}} vous sera remboursé.',
    reason: 'Motif',
    reasons: {
      changed_mind: 'J’ai changé d’avis',
      bought_elsewhere: 'J’ai acheté un autre véhicule',
      other: 'Autre raison',
    },
    submit: 'Annuler ma réservation',
  },
} as const;

type Widen<T> = T extends string ? string : { readonly [K in keyof T]: Widen<T[K]> };

/** A locale's booking words: the French reference's shape. */
export type BookingMessages = Widen<typeof frBooking>;
