/**
 * "Sell your car"'s words, French (France): the reference whose shape every locale matches
 * (`ValuationMessages`); the valuation form, the offer, the account's list and the purchase's recovery
 * step. `{{name}}` is a parameter.
 */
export const frValuation = {
  formTitle: 'Estimez votre voiture en ligne',
  formIntro: 'Une offre de reprise immédiate, valable 7 jours, sans engagement.',
  required: 'Les champs marqués d’un astérisque (*) sont obligatoires.',
  refused: 'Votre voiture n’a pas pu être estimée : corrigez les champs signalés.',
  brand: 'Marque',
  model: 'Modèle',
  chooseBrand: 'Choisissez une marque',
  chooseModel: 'Choisissez un modèle',
  year: 'Année de mise en circulation',
  mileage: 'Kilométrage (km)',
  condition: 'État',
  fuel: 'Énergie',
  conditions: { excellent: 'Excellent', good: 'Bon', fair: 'Correct', poor: 'À remettre en état' },
  submit: 'Estimer ma voiture',
  errors: {
    brand: 'Choisissez la marque dans la liste.',
    model: 'Choisissez un modèle de cette marque dans la liste.',
    year: 'Indiquez une année entre 1990 et l’année en cours.',
    mileageKm: 'Indiquez le kilométrage en kilomètres, sans espace.',
    condition: 'Choisissez l’état de la voiture.',
    fuel: 'Choisissez l’énergie de la voiture.',
  },
  offerTitle: 'Votre offre de reprise',
  offerFor: 'Pour votre {{car}}',
  facts: '{{year}} · {{mileage}} km · état {{condition}}',
  validUntil: 'Offre valable jusqu’au {{date}}.',
  expired: 'Cette offre a expiré le {{date}}. Estimez votre voiture à nouveau pour une offre à jour.',
  inspectionTitle: 'Faire inspecter votre voiture',
  inspectionText: 'Un conseiller vérifie votre voiture en concession et confirme l’offre.',
  inspection: 'Prendre rendez-vous en concession',
  again: 'Estimer une autre voiture',
  keptBrowser:
    'Votre offre est gardée sur cet appareil. Connectez-vous ou créez un compte : elle rejoindra votre espace client.',
  keptAccount:
    'Votre offre est enregistrée dans votre espace client, et vous pourrez l’utiliser lors d’un achat.',
  signIn: 'Me connecter ou créer un compte',
  toAccount: 'Voir mon espace client',
  list: {
    title: 'Mes estimations',
    empty: 'Aucune estimation pour le moment.',
    valuate: 'Estimer ma voiture',
    valid: 'Valable jusqu’au {{date}}',
    expired: 'Expirée le {{date}}',
    used: 'Utilisée pour un achat',
    view: 'Voir l’offre pour {{car}}',
  },
  recovery: {
    saved: 'Vos estimations encore valables',
    use: 'Utiliser mon estimation du {{date}} : {{amount}}',
    car: '{{car}}, valable jusqu’au {{date}}',
  },
};

export type ValuationMessages = typeof frValuation;
