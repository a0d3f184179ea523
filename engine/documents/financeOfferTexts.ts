/**
 * The words of the finance offer document in each market's language, with the legal mentions a consumer
 * credit advertisement must carry there (the EU Consumer Credit Directive's representative example:
 * lender, borrowing rate, APR, total amount of credit, duration, instalments, total cost and total
 * amount payable; the right of withdrawal; the warnings French and Belgian law require word for word;
 * Germany's PAngV and Austria's VKrG references). `{name}` is a parameter.
 */
import type { Locale } from '../../domain/markets.ts';

export interface FinanceOfferTexts {
  readonly title: string;
  readonly subtitle: string;
  readonly dated: string;
  readonly vehicle: string;
  readonly vehicleLine: string;
  readonly figures: string;
  readonly cashPrice: string;
  readonly downPayment: string;
  readonly creditAmount: string;
  readonly duration: string;
  readonly durationValue: string;
  readonly monthly: string;
  readonly monthlyValue: string;
  readonly nominalRate: string;
  readonly apr: string;
  readonly fees: string;
  readonly interest: string;
  readonly totalCost: string;
  readonly totalDue: string;
  readonly totalPurchase: string;
  readonly example: string;
  /** A warning the law requires in this market, printed in bold; empty where there is none. */
  readonly warning: string;
  /** Before the lender's name, with the language's punctuation. */
  readonly lender: string;
  readonly intermediary: string;
  readonly conditions: string;
  readonly validity: string;
}

const fr: FinanceOfferTexts = {
  title: 'Simulation de financement',
  subtitle: 'Crédit affecté à l’achat du véhicule – exemple représentatif',
  dated: 'Simulation du {date}',
  vehicle: 'Véhicule',
  vehicleLine: 'Référence {reference} · {year} · {mileage}',
  figures: 'Votre financement',
  cashPrice: 'Prix au comptant',
  downPayment: 'Apport',
  creditAmount: 'Montant total du crédit',
  duration: 'Durée',
  durationValue: '{months} mois',
  monthly: 'Mensualités',
  monthlyValue: '{months} mensualités de {amount}',
  nominalRate: 'Taux débiteur fixe',
  apr: 'TAEG fixe',
  fees: 'Frais de dossier',
  interest: 'Intérêts',
  totalCost: 'Coût total du crédit',
  totalDue: 'Montant total dû par l’emprunteur',
  totalPurchase: 'Coût total de l’achat, apport compris',
  example:
    'Exemple représentatif : pour un prix au comptant de {price} et un apport de {downPayment}, montant total du crédit de {credit} sur {months} mois au taux débiteur fixe de {rate}. Vous remboursez {months} mensualités de {monthly}. TAEG fixe : {apr}. Frais de dossier : {fees}. Coût total du crédit : {cost}. Montant total dû par l’emprunteur : {due}.',
  warning:
    'Un crédit vous engage et doit être remboursé. Vérifiez vos capacités de remboursement avant de vous engager.',
  lender: 'Prêteur : ',
  intermediary:
    '{retailer} intervient en qualité d’intermédiaire de crédit non exclusif et n’agit pas en qualité de prêteur.',
  conditions:
    'Offre réservée aux particuliers, sous réserve d’acceptation de votre dossier par le prêteur. Vous disposez d’un délai de rétractation de 14 jours à compter de la signature du contrat de crédit.',
  validity:
    'Simulation calculée le {date} sur le prix affiché ce jour-là. Elle ne constitue pas une offre de crédit : la fiche d’informations précontractuelles européennes normalisées vous sera remise avant toute signature.',
};

const de: FinanceOfferTexts = {
  title: 'Finanzierungsbeispiel',
  subtitle: 'Ratenkredit für den Fahrzeugkauf – repräsentatives Beispiel',
  dated: 'Berechnet am {date}',
  vehicle: 'Fahrzeug',
  vehicleLine: 'Referenz {reference} · {year} · {mileage}',
  figures: 'Ihre Finanzierung',
  cashPrice: 'Barzahlungspreis',
  downPayment: 'Anzahlung',
  creditAmount: 'Nettodarlehensbetrag',
  duration: 'Laufzeit',
  durationValue: '{months} Monate',
  monthly: 'Monatsraten',
  monthlyValue: '{months} Raten zu je {amount}',
  nominalRate: 'Gebundener Sollzins p. a.',
  apr: 'Effektiver Jahreszins',
  fees: 'Bearbeitungsgebühr',
  interest: 'Zinsen',
  totalCost: 'Gesamtkosten des Kredits',
  totalDue: 'Zu zahlender Gesamtbetrag',
  totalPurchase: 'Gesamtpreis des Kaufs inkl. Anzahlung',
  example:
    'Repräsentatives Beispiel gemäß § 17 PAngV: Barzahlungspreis {price}, Anzahlung {downPayment}, Nettodarlehensbetrag {credit}, Laufzeit {months} Monate, gebundener Sollzins {rate} p. a., effektiver Jahreszins {apr}. Sie zahlen {months} Monatsraten zu je {monthly}. Bearbeitungsgebühr: {fees}. Gesamtkosten des Kredits: {cost}. Zu zahlender Gesamtbetrag: {due}.',
  warning: '',
  lender: 'Darlehensgeber: ',
  intermediary:
    '{retailer} vermittelt den Kredit als ungebundener Kreditvermittler und ist nicht der Darlehensgeber.',
  conditions:
    'Angebot für Verbraucher, Bonität vorausgesetzt. Sie können den Kreditvertrag innerhalb von 14 Tagen nach Vertragsschluss widerrufen.',
  validity:
    'Berechnet am {date} mit dem an diesem Tag angezeigten Preis. Dies ist kein Kreditangebot: Vor Vertragsschluss erhalten Sie die Europäischen Standardinformationen für Verbraucherkredite.',
};

const at: FinanceOfferTexts = {
  ...de,
  example: de.example.replace('gemäß § 17 PAngV', 'gemäß § 5 VKrG'),
};

const es: FinanceOfferTexts = {
  title: 'Simulación de financiación',
  subtitle: 'Préstamo para la compra del vehículo – ejemplo representativo',
  dated: 'Simulación del {date}',
  vehicle: 'Vehículo',
  vehicleLine: 'Referencia {reference} · {year} · {mileage}',
  figures: 'Su financiación',
  cashPrice: 'Precio al contado',
  downPayment: 'Entrada',
  creditAmount: 'Importe total del crédito',
  duration: 'Plazo',
  durationValue: '{months} meses',
  monthly: 'Cuotas',
  monthlyValue: '{months} cuotas mensuales de {amount}',
  nominalRate: 'Tipo deudor fijo (TIN)',
  apr: 'TAE',
  fees: 'Comisión de apertura',
  interest: 'Intereses',
  totalCost: 'Coste total del crédito',
  totalDue: 'Importe total adeudado',
  totalPurchase: 'Precio total a plazos, entrada incluida',
  example:
    'Ejemplo representativo: precio al contado {price}, entrada {downPayment}, importe total del crédito {credit} a {months} meses, TIN fijo {rate}, TAE {apr}. {months} cuotas mensuales de {monthly}. Comisión de apertura: {fees}. Coste total del crédito: {cost}. Importe total adeudado: {due}.',
  warning: '',
  lender: 'Prestamista: ',
  intermediary: '{retailer} actúa como intermediario de crédito no exclusivo y no es el prestamista.',
  conditions:
    'Oferta para consumidores, sujeta a la aprobación del prestamista. Dispone de 14 días naturales para desistir del contrato de crédito.',
  validity:
    'Simulación calculada el {date} con el precio publicado ese día. No constituye una oferta vinculante: antes de firmar recibirá la Información normalizada europea sobre el crédito al consumo.',
};

const it: FinanceOfferTexts = {
  title: 'Simulazione di finanziamento',
  subtitle: 'Prestito finalizzato all’acquisto del veicolo – esempio rappresentativo',
  dated: 'Simulazione del {date}',
  vehicle: 'Veicolo',
  vehicleLine: 'Riferimento {reference} · {year} · {mileage}',
  figures: 'Il tuo finanziamento',
  cashPrice: 'Prezzo in contanti',
  downPayment: 'Anticipo',
  creditAmount: 'Importo totale del credito',
  duration: 'Durata',
  durationValue: '{months} mesi',
  monthly: 'Rate',
  monthlyValue: '{months} rate mensili da {amount}',
  nominalRate: 'TAN fisso',
  apr: 'TAEG',
  fees: 'Spese di istruttoria',
  interest: 'Interessi',
  totalCost: 'Costo totale del credito',
  totalDue: 'Importo totale dovuto',
  totalPurchase: 'Prezzo totale dell’acquisto, anticipo incluso',
  example:
    'Esempio rappresentativo: prezzo in contanti {price}, anticipo {downPayment}, importo totale del credito {credit} in {months} mesi, TAN fisso {rate}, TAEG {apr}. {months} rate mensili da {monthly}. Spese di istruttoria: {fees}. Costo totale del credito: {cost}. Importo totale dovuto: {due}.',
  warning: '',
  lender: 'Finanziatore: ',
  intermediary: '{retailer} opera come intermediario del credito non in esclusiva e non è il finanziatore.',
  conditions:
    'Offerta riservata ai consumatori, salvo approvazione del finanziatore. Puoi recedere dal contratto di credito entro 14 giorni dalla sua conclusione.',
  validity:
    'Simulazione calcolata il {date} sul prezzo esposto quel giorno. Non costituisce offerta di credito: prima della firma riceverai le Informazioni europee di base sul credito ai consumatori (SECCI).',
};

const nlBE: FinanceOfferTexts = {
  title: 'Financieringssimulatie',
  subtitle: 'Lening op afbetaling voor de aankoop van het voertuig – representatief voorbeeld',
  dated: 'Simulatie van {date}',
  vehicle: 'Voertuig',
  vehicleLine: 'Referentie {reference} · {year} · {mileage}',
  figures: 'Uw financiering',
  cashPrice: 'Contante prijs',
  downPayment: 'Voorschot',
  creditAmount: 'Totaal kredietbedrag',
  duration: 'Looptijd',
  durationValue: '{months} maanden',
  monthly: 'Afbetalingen',
  monthlyValue: '{months} maandelijkse afbetalingen van {amount}',
  nominalRate: 'Vaste debetrentevoet',
  apr: 'Jaarlijks kostenpercentage (JKP)',
  fees: 'Dossierkosten',
  interest: 'Interesten',
  totalCost: 'Totale kosten van het krediet',
  totalDue: 'Totaal terug te betalen bedrag',
  totalPurchase: 'Totale aankoopprijs, voorschot inbegrepen',
  example:
    'Representatief voorbeeld: contante prijs {price}, voorschot {downPayment}, totaal kredietbedrag {credit}, looptijd {months} maanden, vaste debetrentevoet {rate}, JKP {apr}. {months} maandelijkse afbetalingen van {monthly}. Dossierkosten: {fees}. Totale kosten van het krediet: {cost}. Totaal terug te betalen bedrag: {due}.',
  warning: 'Let op, geld lenen kost ook geld.',
  lender: 'Kredietgever: ',
  intermediary: '{retailer} treedt op als niet-exclusieve kredietbemiddelaar en is niet de kredietgever.',
  conditions:
    'Aanbod voor consumenten, onder voorbehoud van aanvaarding van uw dossier door de kredietgever. U kunt binnen 14 dagen na de ondertekening van de kredietovereenkomst van het krediet afzien.',
  validity:
    'Simulatie berekend op {date} met de prijs die die dag werd getoond. Dit is geen kredietaanbod: vóór de ondertekening ontvangt u de Europese standaardinformatie inzake consumentenkrediet.',
};

const pl: FinanceOfferTexts = {
  title: 'Symulacja finansowania',
  subtitle: 'Kredyt na zakup samochodu – przykład reprezentatywny',
  dated: 'Symulacja z dnia {date}',
  vehicle: 'Samochód',
  vehicleLine: 'Numer referencyjny {reference} · {year} · {mileage}',
  figures: 'Twoje finansowanie',
  cashPrice: 'Cena gotówkowa',
  downPayment: 'Wpłata własna',
  creditAmount: 'Całkowita kwota kredytu',
  duration: 'Okres kredytowania',
  durationValue: '{months} mies.',
  monthly: 'Raty',
  monthlyValue: '{months} rat miesięcznych po {amount}',
  nominalRate: 'Stałe oprocentowanie nominalne',
  apr: 'RRSO',
  fees: 'Prowizja',
  interest: 'Odsetki',
  totalCost: 'Całkowity koszt kredytu',
  totalDue: 'Całkowita kwota do zapłaty',
  totalPurchase: 'Łączna cena zakupu z wpłatą własną',
  example:
    'Przykład reprezentatywny: cena gotówkowa {price}, wpłata własna {downPayment}, całkowita kwota kredytu {credit}, okres kredytowania {months} mies., stałe oprocentowanie nominalne {rate}, RRSO {apr}. {months} rat miesięcznych po {monthly}. Prowizja: {fees}. Całkowity koszt kredytu: {cost}. Całkowita kwota do zapłaty: {due}.',
  warning: '',
  lender: 'Kredytodawca: ',
  intermediary: '{retailer} działa jako pośrednik kredytowy i nie jest kredytodawcą.',
  conditions:
    'Oferta dla konsumentów; decyzja zależy od oceny zdolności kredytowej przez kredytodawcę. Możesz odstąpić od umowy kredytu w ciągu 14 dni od jej zawarcia.',
  validity:
    'Symulacja obliczona {date} na podstawie ceny widocznej tego dnia. Nie stanowi oferty kredytu: przed zawarciem umowy otrzymasz formularz informacyjny dotyczący kredytu konsumenckiego.',
};

const pt: FinanceOfferTexts = {
  title: 'Simulação de financiamento',
  subtitle: 'Crédito automóvel – exemplo representativo',
  dated: 'Simulação de {date}',
  vehicle: 'Veículo',
  vehicleLine: 'Referência {reference} · {year} · {mileage}',
  figures: 'O seu financiamento',
  cashPrice: 'Preço a pronto',
  downPayment: 'Entrada',
  creditAmount: 'Montante total do crédito',
  duration: 'Prazo',
  durationValue: '{months} meses',
  monthly: 'Prestações',
  monthlyValue: '{months} prestações mensais de {amount}',
  nominalRate: 'TAN fixa',
  apr: 'TAEG',
  fees: 'Comissão de abertura',
  interest: 'Juros',
  totalCost: 'Custo total do crédito',
  totalDue: 'Montante total imputado ao consumidor (MTIC)',
  totalPurchase: 'Preço total da compra, entrada incluída',
  example:
    'Exemplo representativo: preço a pronto {price}, entrada {downPayment}, montante total do crédito {credit} a {months} meses, TAN fixa {rate}, TAEG {apr}. {months} prestações mensais de {monthly}. Comissão de abertura: {fees}. Custo total do crédito: {cost}. MTIC: {due}.',
  warning: '',
  lender: 'Credor: ',
  intermediary: '{retailer} atua como intermediário de crédito a título acessório e não é o credor.',
  conditions:
    'Oferta para consumidores, sujeita a aprovação do credor. Dispõe de 14 dias de calendário para revogar o contrato de crédito.',
  validity:
    'Simulação calculada a {date} com o preço apresentado nesse dia. Não constitui proposta de crédito: antes da assinatura receberá a Ficha de Informação Normalizada Europeia (FIN).',
};

export const FINANCE_OFFER_TEXTS: Readonly<Record<Locale, FinanceOfferTexts>> = {
  at,
  de,
  es,
  fr,
  'fr-BE': {
    ...fr,
    subtitle: 'Prêt à tempérament pour l’achat du véhicule – exemple représentatif',
    warning: 'Attention, emprunter de l’argent coûte aussi de l’argent.',
  },
  it,
  'nl-BE': nlBE,
  pl,
  pt,
};

/** A text with its `{name}` parameters filled in. */
export function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}
