/**
 * The lead forms' and topic pages' words, French (France): the reference whose shape every locale
 * matches (`LeadMessages`), loaded per locale with the page's data. `{{brand}}` is a parameter.
 */
export const frLeads = {
  required: 'Les champs marqués d’un astérisque (*) sont obligatoires.',
  firstName: 'Prénom',
  lastName: 'Nom',
  email: 'Adresse e-mail',
  phone: 'Téléphone',
  postcode: 'Code postal',
  postcodeHelp: 'Pour vous mettre en relation avec la concession la plus proche de chez vous.',
  company: 'Entreprise',
  message: 'Votre message',
  dealer: 'Concession',
  chooseDealer: 'Choisissez une concession',
  topic: 'Sujet',
  chooseTopic: 'Choisissez un sujet',
  consent:
    'J’accepte que mes coordonnées et mon message soient transmis à la concession pour répondre à ma demande. Ils ne servent à rien d’autre et je peux en demander l’effacement à tout moment.',
  honeypot: 'Laissez ce champ vide',
  send: 'Envoyer',
  sending: 'Envoi en cours…',
  refused: 'Votre message n’est pas parti : corrigez les champs signalés.',
  rateLimited: 'Trop d’envois en peu de temps. Réessayez dans quelques minutes.',
  failed: 'L’envoi a échoué. Vérifiez votre connexion et réessayez.',
  errors: {
    firstName: 'Indiquez votre prénom.',
    lastName: 'Indiquez votre nom.',
    email: 'Indiquez une adresse e-mail valide, par exemple nom@exemple.fr.',
    phone: 'Indiquez un numéro de téléphone valide (6 à 15 chiffres).',
    postcode: 'Indiquez un code postal valide du pays.',
    message: 'Écrivez votre message (10 caractères au moins, 2000 au plus).',
    consent: 'Cochez cette case pour que nous puissions transmettre votre message.',
    dealerId: 'Choisissez une concession de la liste.',
    topic: 'Choisissez un sujet de la liste.',
    company: 'Indiquez le nom de l’entreprise (120 caractères au plus).',
  },
  titles: {
    car: 'Une question sur cette voiture ?',
    brand: 'Une question sur {{brand}} ?',
    dealer: 'Écrire à cette concession',
    hub: 'Écrire à une concession de la région',
    cee: 'Demander la prime CEE',
    contact: 'Écrivez-nous',
    electric: 'Parler à un conseiller véhicules électriques',
    faq: 'Vous n’avez pas trouvé votre réponse ?',
    finance: 'Demander une étude de financement',
    warranty: 'Une question sur la garantie ?',
  },
  thanks: {
    title: 'Merci, votre message est envoyé',
    text: 'La concession vous répond au plus vite, en général sous un jour ouvré. Une confirmation vous a été envoyée par e-mail.',
    home: 'Retour à l’accueil',
    fix: 'Votre message n’est pas parti',
  },
  pages: {
    finance: {
      title: 'Financer votre voiture',
      description:
        'Crédit classique ou location avec option d’achat : une mensualité claire, une réponse rapide.',
      points: [
        'Crédit auto ou location avec option d’achat (LOA), de 12 à 84 mois.',
        'Une simulation sur chaque fiche voiture, sans engagement.',
        'Une réponse de principe en 48 heures après l’étude de votre dossier.',
      ],
    },
    warranty: {
      title: 'La garantie de nos voitures',
      description: 'Chaque voiture d’occasion est garantie au moins 12 mois, pièces et main-d’œuvre.',
      points: [
        'Garantie de 12 mois au moins, prolongeable jusqu’à 36 mois.',
        'Valable dans tout notre réseau de concessions et chez les garages partenaires.',
        'Assistance 24 h/24 en cas de panne pendant la garantie.',
      ],
    },
    electric: {
      title: 'Passer à l’électrique',
      description: 'Autonomie, recharge, aides à l’achat : nos conseillers répondent à vos questions.',
      points: [
        'Des voitures électriques et hybrides rechargeables neuves et d’occasion, contrôlées.',
        'Des conseils pour installer une borne de recharge à domicile.',
        'Les aides à l’achat, dont la prime CEE, expliquées pour votre situation.',
      ],
      ceeTitle: 'La prime CEE',
      ceeText:
        'Les certificats d’économies d’énergie (CEE) peuvent financer une partie de votre borne ou de votre voiture électrique. Demandez-nous si vous y avez droit.',
    },
  },
};

export type LeadMessages = typeof frLeads;
