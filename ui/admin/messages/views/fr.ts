/**
 * The back office's words for the saved views above the lists (SavedViews.tsx), French: the reference
 * whose shape every locale matches, under `views` in each locale's words.
 */
export const frViews = {
  title: 'Vues enregistrées',
  none: 'Aucune vue enregistrée pour cette liste.',
  shown: 'affichée',
  mine: 'Personnelle',
  sharedMine: 'Partagée',
  sharedBy: 'Partagée par {{owner}}',
  saveTitle: 'Enregistrer les filtres actuels comme…',
  name: 'Nom de la vue',
  share: 'Partager avec toute l’équipe qui ouvre cette liste',
  save: 'Enregistrer la vue',
  saved: 'La vue « {{name}} » est enregistrée.',
  nameRequired: 'Donnez un nom à la vue.',
  nameTooLong: 'Le nom ne peut dépasser {{max}} caractères.',
  nameTaken: 'Vous avez déjà une vue nommée « {{name}} ».',
  badFilters: 'Ces filtres ne peuvent pas être enregistrés.',
  rename: 'Renommer',
  newName: 'Nouveau nom',
  renameSave: 'Enregistrer le nom',
  renamed: 'La vue s’appelle maintenant « {{name}} ».',
  replace: 'Reprendre les filtres actuels',
  replaced: 'La vue « {{name}} » reprend les filtres actuels.',
  shareAction: 'Partager',
  unshareAction: 'Ne plus partager',
  nowShared: 'La vue « {{name}} » est partagée.',
  nowMine: 'La vue « {{name}} » n’est plus partagée.',
  delete: 'Supprimer',
  deleteConfirm: 'Supprimer la vue « {{name}} » ?',
  deleteYes: 'Oui, supprimer',
  deleted: 'La vue « {{name}} » est supprimée.',
  cancel: 'Annuler',
  forbidden: 'Seul le propriétaire de cette vue ou un administrateur peut la modifier.',
  failed: 'L’opération n’a pas abouti. Réessayez.',
};

export type AdminViewMessages = typeof frViews;
