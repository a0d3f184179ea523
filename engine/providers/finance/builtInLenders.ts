/**
 * The lender the built-in finance provider speaks for in each country: a placeholder identity (the
 * retailer's own finance company, one per country, supervised by that country's authority) that the real
 * partner's adapter replaces with its own name, address and registration (see README.md). Both Belgian
 * locales borrow from the same company; its registration is written in each locale's language.
 */
import type { Locale } from '../../../domain/markets.ts';
import type { FinanceLender } from './financeProvider.ts';

const AUSTRIA: FinanceLender = {
  name: 'AutoNova Finance Österreich GmbH',
  address: 'Kärntner Ring 5–7, 1010 Wien',
  registration: 'Kreditinstitut unter der Aufsicht der Finanzmarktaufsicht (FMA)',
};

const BELGIUM_ADDRESS = 'Avenue Louise 54, 1050 Bruxelles / Louizalaan 54, 1050 Brussel';

export const BUILT_IN_LENDERS: Readonly<Record<Locale, FinanceLender>> = {
  at: AUSTRIA,
  de: {
    name: 'AutoNova Finance Deutschland GmbH',
    address: 'Taunusanlage 8, 60329 Frankfurt am Main',
    registration:
      'Kreditinstitut unter der Aufsicht der Bundesanstalt für Finanzdienstleistungsaufsicht (BaFin)',
  },
  es: {
    name: 'AutoNova Finance España, S.A. E.F.C.',
    address: 'Paseo de la Castellana 89, 28046 Madrid',
    registration: 'Establecimiento financiero de crédito supervisado por el Banco de España',
  },
  fr: {
    name: 'AutoNova Finance France SA',
    address: '12 rue de la Paix, 75002 Paris',
    registration:
      'Établissement de crédit soumis au contrôle de l’Autorité de contrôle prudentiel et de résolution (ACPR)',
  },
  'fr-BE': {
    name: 'AutoNova Finance Belgium SA',
    address: BELGIUM_ADDRESS,
    registration: 'Prêteur agréé, sous le contrôle de la FSMA et de la Banque nationale de Belgique',
  },
  it: {
    name: 'AutoNova Finance Italia S.p.A.',
    address: 'Via Alessandro Manzoni 38, 20121 Milano',
    registration:
      'Intermediario finanziario iscritto all’albo ex art. 106 TUB, vigilato dalla Banca d’Italia',
  },
  'nl-BE': {
    name: 'AutoNova Finance Belgium NV',
    address: BELGIUM_ADDRESS,
    registration: 'Erkende kredietgever, onder toezicht van de FSMA en de Nationale Bank van België',
  },
  pl: {
    name: 'AutoNova Finance Polska sp. z o.o.',
    address: 'ul. Marszałkowska 126, 00-008 Warszawa',
    registration: 'Instytucja pożyczkowa nadzorowana przez Komisję Nadzoru Finansowego (KNF)',
  },
  pt: {
    name: 'AutoNova Finance Portugal, S.A.',
    address: 'Avenida da Liberdade 110, 1269-046 Lisboa',
    registration: 'Instituição financeira de crédito supervisionada pelo Banco de Portugal',
  },
};
