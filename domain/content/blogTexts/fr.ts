/**
 * The blog in French (France), and the Belgian edition: the same articles with Belgium's financing
 * words (prêt à tempérament, renting), its technical inspection and its tyre rules.
 */
import type { BlogTexts } from './BlogText.ts';

export const fr: BlogTexts = {
  'used-car-checklist': {
    title: 'Acheter une voiture d’occasion : ce qu’il faut vérifier',
    summary:
      'Papiers, carrosserie, mécanique et essai routier : notre méthode pour acheter une occasion sans mauvaise surprise.',
    body: [
      'Commencez par les papiers. Le carnet d’entretien doit être tamponné aux échéances prévues par le constructeur et les factures doivent correspondre au kilométrage affiché. Un kilométrage qui progresse régulièrement d’une révision à l’autre est bon signe ; un trou de plusieurs années mérite une question.',
      'Faites ensuite le tour de la voiture à la lumière du jour : écarts irréguliers entre les éléments de carrosserie, teinte légèrement différente d’une porte à l’autre, pneus usés d’un seul côté. Sous le capot, cherchez les traces d’huile et vérifiez le niveau du liquide de refroidissement.',
      'Essayez enfin la voiture moteur froid et sur des routes variées : démarrage, passage des rapports, freinage en ligne droite, bruits du train avant dans les virages. Chez nous, chaque occasion est contrôlée sur plus de 100 points et vendue avec une garantie d’au moins 12 mois, rapport de contrôle à l’appui.',
    ],
  },
  'financing-loan-or-lease': {
    title: 'Crédit auto ou LOA : que choisir ?',
    summary:
      'Devenir propriétaire tout de suite ou payer l’usage avec une option d’achat à la fin : les deux formules, leur coût et pour qui elles sont faites.',
    body: [
      'Avec un crédit auto classique, vous êtes propriétaire de la voiture dès le premier jour. Les mensualités sont plus élevées, mais une fois le crédit remboursé il ne reste rien à payer, que vous gardiez la voiture ou que vous la revendiez.',
      'La location avec option d’achat (LOA) sépare l’usage de la propriété : vous versez un premier loyer puis des mensualités plus faibles, et décidez à la fin du contrat de racheter la voiture à un prix fixé d’avance ou de la rendre. Attention au kilométrage prévu au contrat : chaque kilomètre en trop est facturé.',
      'Pour comparer, regardez toujours le coût total : somme des mensualités, apport, frais de dossier et, en LOA, prix de l’option d’achat. Nos conseillers vous présentent les deux simulations côte à côte pour la voiture qui vous intéresse.',
    ],
  },
  'ev-home-charging': {
    title: 'Recharger une voiture électrique à la maison',
    summary:
      'Prise domestique ou borne murale : combien de temps dure une recharge, et quelle installation choisir.',
    body: [
      'Une prise domestique ordinaire suffit pour dépanner, mais elle ne délivre qu’environ 2 kW : comptez plus de 20 heures pour remplir une batterie de 50 kWh. Elle n’est pas faite pour des charges longues et répétées.',
      'Une borne murale (wallbox) de 7,4 kW en monophasé recharge la même batterie en une nuit, en sept à huit heures ; en triphasé, 11 kW raccourcissent encore ce temps si la voiture l’accepte. L’installation doit être confiée à un électricien qualifié, avec une ligne dédiée et une protection différentielle adaptée.',
      'Programmer la recharge en heures creuses allège la facture. Pour les longs trajets, les bornes rapides des autoroutes rendent 80 % de la batterie en 20 à 40 minutes selon le modèle.',
    ],
  },
  'trade-in-value': {
    title: 'Reprise de votre voiture : obtenir le meilleur prix',
    summary:
      'Entretien à jour, documents prêts, défauts signalés : ce qui fait vraiment monter l’estimation de votre ancienne voiture.',
    body: [
      'L’estimation d’une reprise part de la cote du modèle, puis tient compte du kilométrage, de l’état et de l’historique. Un carnet d’entretien complet et les factures des dernières interventions rassurent l’expert et évitent une décote « par prudence ».',
      'Inutile de refaire la peinture avant l’inspection, mais un intérieur propre, des jantes nettoyées et le double des clés font la différence. Signalez vous-même les défauts connus : l’expert les trouvera de toute façon, et la transparence accélère l’offre.',
      'Dans nos concessions, l’inspection est gratuite et notre offre reste valable sept jours. Vous pouvez la déduire directement du prix de votre prochaine voiture ou être payé par virement.',
    ],
  },
  'ev-winter-range': {
    title: 'Voiture électrique : l’autonomie en hiver',
    summary:
      'Par temps froid, une voiture électrique perd une partie de son autonomie. Pourquoi, combien, et comment limiter la perte.',
    body: [
      'Le froid ralentit la chimie de la batterie, et le chauffage de l’habitacle puise dans la même énergie que le moteur. Selon le modèle et le trajet, l’autonomie baisse de 10 à 30 % en hiver, davantage sur de courts trajets répétés.',
      'Une pompe à chaleur réduit nettement la consommation du chauffage. Autre réflexe : préchauffer l’habitacle pendant que la voiture est encore branchée, puis utiliser les sièges et le volant chauffants, bien plus économes que l’air chaud.',
      'Sur autoroute, rouler à 110 km/h plutôt qu’à 130 km/h fait souvent gagner plus d’autonomie que n’importe quel réglage. Dans nos annonces, la pompe à chaleur figure dans la liste des équipements quand la voiture en est dotée.',
    ],
  },
  'hybrid-or-plug-in': {
    title: 'Hybride ou hybride rechargeable : lequel choisir ?',
    summary:
      'Les deux associent un moteur thermique et un moteur électrique, mais pas pour les mêmes trajets. Le point selon votre usage.',
    body: [
      'L’hybride « simple » recharge sa petite batterie en roulant, au freinage et en décélération. Rien à brancher : il réduit surtout la consommation en ville, où le moteur électrique prend souvent le relais.',
      'L’hybride rechargeable embarque une batterie plus grande, à recharger sur une prise, qui permet de parcourir 40 à 80 km en mode électrique. Il est idéal si vous pouvez le brancher chaque jour et que vos trajets quotidiens restent dans cette autonomie ; sans recharge régulière, son poids le fait consommer davantage qu’un hybride classique.',
      'En résumé : pas de prise à la maison ou beaucoup d’autoroute, choisissez l’hybride ; trajets courts et recharge facile, l’hybride rechargeable.',
    ],
  },
  'tyres-all-seasons': {
    title: 'Pneus été, hiver ou quatre saisons ?',
    summary:
      'La règle des 7 °C, la profondeur de sculpture minimale et ce que valent les pneus toutes saisons, en bref.',
    body: [
      'Au-dessous d’environ 7 °C, la gomme d’un pneu été durcit et accroche moins ; un pneu hiver reste souple et ses lamelles évacuent la neige et l’eau. Au-dessus, c’est l’inverse : le pneu hiver s’use plus vite et freine moins bien.',
      'La loi impose au moins 1,6 mm de sculpture, mais les distances de freinage sur route mouillée s’allongent nettement dès 3 mm. Vérifiez aussi la date de fabrication inscrite sur le flanc : après huit à dix ans, la gomme a vieilli même si le pneu semble peu usé.',
      'Les pneus quatre saisons marqués du symbole montagne à trois pics sont un bon compromis si vous roulez surtout en plaine. Dans les communes soumises à la loi Montagne, pneus hiver ou chaînes sont obligatoires du 1er novembre au 31 mars.',
    ],
  },
  'service-and-warranty': {
    title: 'Entretien et garantie : pourquoi le carnet compte',
    summary:
      'Suivre le plan d’entretien du constructeur protège votre garantie et la valeur de revente de votre voiture.',
    body: [
      'Chaque constructeur fixe un plan d’entretien : une révision tous les 15 000 à 30 000 km ou tous les un à deux ans selon le modèle. Elle peut être faite dans n’importe quel garage qualifié, pas seulement dans le réseau de la marque, à condition de suivre ce plan avec des pièces d’origine ou de qualité équivalente.',
      'Gardez toutes les factures et faites tamponner le carnet, papier ou numérique : c’est la première chose que demande la garantie en cas de panne, et un historique complet se valorise à la revente. Côté contrôle technique, une voiture le passe pour la première fois à quatre ans, puis tous les deux ans.',
      'Nos ateliers après-vente entretiennent toutes les marques que nous vendons, selon le plan et avec les pièces du constructeur, et vous rappellent la prochaine échéance.',
    ],
  },
};

export const frBE: BlogTexts = {
  ...fr,
  'financing-loan-or-lease': {
    title: 'Prêt à tempérament ou renting : que choisir ?',
    summary:
      'Devenir propriétaire tout de suite ou payer un loyer tout compris sans jamais posséder la voiture : les deux formules et leur coût.',
    body: [
      'Avec un prêt à tempérament, vous êtes propriétaire de la voiture dès le premier jour. Les mensualités sont plus élevées, mais une fois le prêt remboursé il ne reste rien à payer, que vous gardiez la voiture ou que vous la revendiez.',
      'Le renting (leasing privé) fonctionne comme une location longue durée : un loyer mensuel fixe qui comprend souvent l’entretien, l’assurance et les taxes, pendant deux à cinq ans, puis vous rendez la voiture. Le kilométrage est fixé au contrat et chaque kilomètre en trop est facturé.',
      'Pour comparer, regardez toujours le coût total et le TAEG du prêt, et ce que le loyer du renting comprend vraiment. Nos conseillers vous présentent les deux simulations côte à côte pour la voiture qui vous intéresse.',
    ],
  },
  'tyres-all-seasons': {
    ...fr['tyres-all-seasons'],
    body: [
      fr['tyres-all-seasons'].body[0]!,
      fr['tyres-all-seasons'].body[1]!,
      'Les pneus quatre saisons marqués du symbole montagne à trois pics sont un bon compromis pour les hivers doux du pays. Si vous partez aux sports d’hiver, pensez aux règles du pays visité : plusieurs de nos voisins imposent des pneus hiver en conditions hivernales.',
    ],
  },
  'service-and-warranty': {
    ...fr['service-and-warranty'],
    body: [
      fr['service-and-warranty'].body[0]!,
      'Gardez toutes les factures et faites tamponner le carnet, papier ou numérique : c’est la première chose que demande la garantie en cas de panne, et un historique complet se valorise à la revente. En Belgique, le contrôle technique est obligatoire dès les quatre ans de la voiture, puis chaque année.',
      fr['service-and-warranty'].body[2]!,
    ],
  },
};
