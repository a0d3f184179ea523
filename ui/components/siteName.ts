/** The retailer's name, as the logo spells it (a brand: the same in every locale). */
export const SITE_NAME = 'AutoNova';
