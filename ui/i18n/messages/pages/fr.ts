/**
 * French (France) words of the content and account pages (blog, pictures, contact, business customers,
 * after-sales, promotions, account, favorites): part of the reference dictionary `../fr.ts`.
 */

import type { CarPictureView } from '../../../../domain/catalogue/carPicture.ts';
import type { BlogCategory } from '../../../../domain/content/blogSeed.ts';
import type { LanguageSwitchGroup } from '../../../../domain/content/languageSwitchPages.ts';
import { plural } from '../../plural.ts';

type Labels<T extends string> = Record<T, string>;

export const frPages = {
  blog: {
    title: 'Blog et conseils auto',
    description:
      'Acheter une occasion, financer sa voiture, recharger une électrique, l’entretenir : les conseils pratiques de nos experts.',
    intro: 'Des conseils concrets de nos experts pour bien choisir, financer et entretenir votre voiture.',
    nav: 'Catégories du blog',
    all: 'Tous les articles',
    category: {
      advice: 'Conseils d’achat',
      electric: 'Électrique et hybride',
      maintenance: 'Entretien',
    } satisfies Labels<BlogCategory>,
    categoryIntro: {
      advice: 'Bien choisir sa voiture, la financer et faire reprendre l’ancienne.',
      electric: 'Recharge, autonomie, motorisations : tout pour passer à l’électrique.',
      maintenance: 'Pneus, révisions, contrôle technique : garder sa voiture en forme.',
    } satisfies Labels<BlogCategory>,
    categoryTitle: 'Blog : {{category}}',
    readMore: 'Lire l’article',
    asideTitle: 'Trouvez votre prochaine voiture',
    asideText: 'Des milliers de voitures contrôlées et garanties, à réserver gratuitement en ligne.',
    published: 'Publié le {{date}}',
    articles: plural({
      one: '{{count}} article',
      many: '{{count}} d’articles',
      other: '{{count}} articles',
    }),
  },
  images: {
    title: 'Photos : {{name}}',
    description: '{{name}} en photos : vues de profil, de face et de l’arrière.',
    view: {
      side: 'Vue de profil',
      front: 'Vue de face',
      rear: 'Vue arrière',
    } satisfies Labels<CarPictureView>,
    open: 'Ouvrir l’image en grand',
    allPhotos: 'Voir les photos en grand',
    backToCar: 'Retour à l’annonce',
    staffTitle: 'Photos du véhicule {{reference}}',
    staffText: '{{name}} · {{dealer}}',
  },
  languageSwitch: {
    title: 'Choisissez votre pays et votre langue',
    description: 'Choisissez la version du site de votre pays, dans votre langue.',
    intro: 'Nos voitures, nos prix et nos concessions dépendent du pays : choisissez le vôtre.',
    group: {
      belgium: 'Belgique',
      germanSpeaking: 'Allemagne et Autriche',
      all: 'Tous nos pays',
    } satisfies Labels<LanguageSwitchGroup>,
  },
  contact: {
    title: 'Nous contacter',
    description:
      'Une question sur une voiture, une réservation ou un achat ? Appelez notre service client, écrivez-nous ou passez en concession.',
    intro:
      'Notre service client répond à vos questions sur nos voitures, la réservation, l’achat en ligne et la reprise.',
    byPhone: 'Par téléphone',
    phoneHint: 'Prix d’un appel local',
    byEmail: 'Par e-mail',
    emailHint: 'Réponse sous un jour ouvré',
    hours: 'Horaires du service client',
    inDealer: 'En concession',
    inDealerText: 'Nos conseillers vous accueillent dans nos concessions, avec ou sans rendez-vous.',
    findDealer: 'Trouver une concession',
    formTitle: 'Écrivez-nous',
    required: 'Les champs marqués d’un astérisque sont obligatoires.',
    pending:
      'L’envoi de ce formulaire en ligne ouvrira très prochainement. En attendant, appelez-nous ou écrivez-nous à {{email}}.',
    firstName: 'Prénom',
    lastName: 'Nom',
    email: 'Adresse e-mail',
    phone: 'Téléphone',
    subject: 'Sujet',
    chooseSubject: 'Choisissez un sujet',
    subjects: {
      purchase: 'Achat d’une voiture',
      booking: 'Réservation',
      tradeIn: 'Reprise de mon véhicule',
      aftersales: 'Entretien et garantie',
      general: 'Autre question',
    },
    message: 'Votre message',
    consent: 'J’accepte que mes données soient utilisées pour répondre à ma demande.',
    send: 'Envoyer',
  },
  b2b: {
    title: 'Professionnels et flottes',
    description:
      'Des voitures pour votre entreprise : conditions professionnelles, interlocuteur dédié, reprise de flotte. Contactez notre équipe entreprises.',
    intro:
      'Un interlocuteur unique pour équiper votre entreprise, de la première voiture de fonction à toute une flotte.',
    benefit1Title: 'Conditions professionnelles',
    benefit1Text: 'Remises selon le volume et factures au nom de votre société, TVA détaillée.',
    benefit2Title: 'Un conseiller dédié',
    benefit2Text: 'Un seul contact pour les commandes, les livraisons et l’entretien de vos véhicules.',
    benefit3Title: 'Reprise de votre flotte',
    benefit3Text: 'Nous reprenons vos véhicules en fin de contrat ou lors de leur remplacement.',
    team: 'Votre équipe entreprises',
    formTitle: 'Parlez-nous de votre projet',
    company: 'Société',
    vatNumber: 'Numéro de TVA',
    fleetSize: 'Taille de votre flotte',
    chooseFleet: 'Choisissez une taille',
    fleet: {
      small: '1 à 4 véhicules',
      medium: '5 à 19 véhicules',
      large: '20 à 99 véhicules',
      xlarge: '100 véhicules ou plus',
    },
    message: 'Vos besoins (modèles, quantités, délais)',
  },
  aftersales: {
    title: 'Après-vente : entretien, garantie et réparations',
    description:
      'Entretien selon le plan du constructeur, garantie, pneus, carrosserie et contrôle technique dans nos ateliers. Prenez rendez-vous en concession.',
    intro:
      'Nos ateliers entretiennent toutes les marques que nous vendons, avec les pièces d’origine et le plan du constructeur.',
    service1Title: 'Entretien et révision',
    service1Text:
      'Révisions selon le plan du constructeur, pièces d’origine, carnet tamponné et garantie préservée.',
    service2Title: 'Garantie',
    service2Text:
      'Au moins 12 mois sur toutes nos occasions, pièces et main-d’œuvre, dans toutes nos concessions.',
    service3Title: 'Pneus et géométrie',
    service3Text: 'Montage été et hiver, gardiennage de vos pneus, contrôle du parallélisme.',
    service4Title: 'Carrosserie et vitrage',
    service4Text: 'Réparation des chocs et des impacts de pare-brise, véhicule de prêt sur rendez-vous.',
    warrantyTitle: 'Ce que couvre notre garantie',
    warrantyText:
      'Moteur, boîte de vitesses, transmission, direction, freinage et équipements électriques : en cas de panne couverte, la réparation est prise en charge, pièces et main-d’œuvre.',
    inspectionTitle: 'Contrôle technique',
    inspectionText:
      'Nous préparons votre voiture, la présentons au contrôle technique et réalisons la contre-visite si nécessaire.',
    ctaTitle: 'Prendre rendez-vous à l’atelier',
    ctaText: 'Choisissez votre concession pour voir ses horaires et prendre rendez-vous.',
    cta: 'Trouver une concession',
    callUs: 'Ou appelez-nous au {{phone}}',
  },
  promotions: {
    staffPromos: 'Les offres du moment',
    validUntil: 'Jusqu’au {{date}}',
    title: 'Promotions et bonnes affaires',
    description:
      'Nos meilleures offres du moment, tirées chaque jour de notre stock : occasions au meilleur prix, voitures neuves disponibles, électriques.',
    intro: 'Des sélections tirées en continu de notre stock réel, aux prix affichés en concession.',
    bestUsed: 'Occasions au meilleur prix',
    bestNew: 'Voitures neuves disponibles au meilleur prix',
    electric: 'Électriques au meilleur prix',
    lowMileage: 'Occasions de moins de {{mileage}}',
    seeAll: 'Voir toute la sélection',
    empty: 'Aucune voiture dans cette sélection pour le moment.',
  },
  account: {
    title: 'Mon compte',
  },
  favorites: {
    removeAll: 'Tout retirer',
    removeAllLabel: 'Retirer toutes les voitures de vos favoris',
    title: 'Mes favoris',
    description: 'Les voitures que vous avez mises en favori, avec leur prix actuel.',
    intro: 'Les voitures que vous avez mises en favori, avec leur prix actuel.',
    count: plural({
      one: '{{count}} favori',
      many: '{{count}} de favoris',
      other: '{{count}} favoris',
    }),
    loading: 'Chargement de vos favoris…',
    empty: 'Vous n’avez encore aucun favori.',
    emptyHint: 'Ajoutez une voiture à vos favoris depuis son annonce pour la retrouver ici.',
    browse: 'Voir les voitures d’occasion',
    add: 'Ajouter aux favoris',
    added: 'Dans vos favoris',
    remove: 'Retirer des favoris',
    full: 'Vous avez déjà {{max}} favoris : retirez-en un d’abord.',
    failed: 'Impossible d’enregistrer ce favori pour le moment.',
  },
};
