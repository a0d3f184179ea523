/**
 * The words of the documents we issue to buyers (order confirmation, deposit and advance-payment
 * receipts, refund note) in each market's language. `{name}` is a parameter (financeOfferTexts' `fill`).
 */
import type { BillDocumentKind } from '../../domain/bills/billDocuments.ts';
import type { Locale } from '../../domain/markets.ts';

export interface BillDocumentTexts {
  readonly titles: Readonly<Record<BillDocumentKind, string>>;
  /** What the document certifies, one sentence per kind. */
  readonly statements: Readonly<Record<BillDocumentKind, string>>;
  readonly number: string;
  readonly date: string;
  readonly issuedBy: string;
  readonly customer: string;
  readonly vehicle: string;
  readonly vehicleLine: string;
  readonly purchaseRef: string;
  readonly bookingRef: string;
  readonly amounts: string;
  readonly amountPaid: string;
  readonly amountRefunded: string;
  readonly totalPrice: string;
  readonly advancePaid: string;
  readonly balance: string;
  readonly funding: string;
  readonly fundingModes: Readonly<Record<string, string>>;
  readonly footer: string;
}

const fr: BillDocumentTexts = {
  titles: {
    order: 'Confirmation de commande',
    deposit: 'Reçu d’acompte de réservation',
    advance: 'Reçu de paiement d’acompte',
    refund: 'Avis de remboursement',
  },
  statements: {
    order: 'Nous confirmons votre commande du véhicule ci-dessous.',
    deposit: 'Nous avons bien reçu l’acompte de réservation du véhicule ci-dessous.',
    advance: 'Nous avons bien reçu votre paiement d’acompte pour l’achat du véhicule ci-dessous.',
    refund: 'Nous vous avons remboursé le montant ci-dessous.',
  },
  number: 'N°',
  date: 'Date',
  issuedBy: 'Émis par',
  customer: 'Client',
  vehicle: 'Véhicule',
  vehicleLine: 'Année {year} · réf. {reference}',
  purchaseRef: 'Achat n° {id}',
  bookingRef: 'Réservation n° {id}',
  amounts: 'Montants',
  amountPaid: 'Montant payé',
  amountRefunded: 'Montant remboursé',
  totalPrice: 'Prix total',
  advancePaid: 'Acompte payé',
  balance: 'Reste à payer à la livraison',
  funding: 'Financement',
  fundingModes: { cash: 'Comptant', finance: 'Crédit' },
  footer: 'Montants TTC. Document émis par {retailer}, à conserver.',
};

const de: BillDocumentTexts = {
  titles: {
    order: 'Auftragsbestätigung',
    deposit: 'Quittung über die Reservierungsanzahlung',
    advance: 'Quittung über die Anzahlung',
    refund: 'Erstattungsbeleg',
  },
  statements: {
    order: 'Wir bestätigen Ihre Bestellung des unten genannten Fahrzeugs.',
    deposit: 'Wir haben die Reservierungsanzahlung für das unten genannte Fahrzeug erhalten.',
    advance: 'Wir haben Ihre Anzahlung für den Kauf des unten genannten Fahrzeugs erhalten.',
    refund: 'Wir haben Ihnen den unten genannten Betrag erstattet.',
  },
  number: 'Nr.',
  date: 'Datum',
  issuedBy: 'Ausgestellt von',
  customer: 'Kunde',
  vehicle: 'Fahrzeug',
  vehicleLine: 'Baujahr {year} · Ref. {reference}',
  purchaseRef: 'Kauf Nr. {id}',
  bookingRef: 'Reservierung Nr. {id}',
  amounts: 'Beträge',
  amountPaid: 'Gezahlter Betrag',
  amountRefunded: 'Erstatteter Betrag',
  totalPrice: 'Gesamtpreis',
  advancePaid: 'Gezahlte Anzahlung',
  balance: 'Bei Übergabe zu zahlen',
  funding: 'Finanzierung',
  fundingModes: { cash: 'Barzahlung', finance: 'Kredit' },
  footer: 'Beträge inkl. MwSt. Ausgestellt von {retailer}. Bitte aufbewahren.',
};

const es: BillDocumentTexts = {
  titles: {
    order: 'Confirmación de pedido',
    deposit: 'Recibo de la señal de reserva',
    advance: 'Recibo del pago a cuenta',
    refund: 'Nota de reembolso',
  },
  statements: {
    order: 'Confirmamos su pedido del vehículo indicado a continuación.',
    deposit: 'Hemos recibido la señal de reserva del vehículo indicado a continuación.',
    advance: 'Hemos recibido su pago a cuenta por la compra del vehículo indicado a continuación.',
    refund: 'Le hemos reembolsado el importe indicado a continuación.',
  },
  number: 'N.º',
  date: 'Fecha',
  issuedBy: 'Emitido por',
  customer: 'Cliente',
  vehicle: 'Vehículo',
  vehicleLine: 'Año {year} · ref. {reference}',
  purchaseRef: 'Compra n.º {id}',
  bookingRef: 'Reserva n.º {id}',
  amounts: 'Importes',
  amountPaid: 'Importe pagado',
  amountRefunded: 'Importe reembolsado',
  totalPrice: 'Precio total',
  advancePaid: 'Pago a cuenta abonado',
  balance: 'Pendiente a la entrega',
  funding: 'Financiación',
  fundingModes: { cash: 'Al contado', finance: 'Crédito' },
  footer: 'Importes con IVA incluido. Documento emitido por {retailer}; consérvelo.',
};

const it: BillDocumentTexts = {
  titles: {
    order: 'Conferma d’ordine',
    deposit: 'Ricevuta della caparra di prenotazione',
    advance: 'Ricevuta dell’acconto',
    refund: 'Nota di rimborso',
  },
  statements: {
    order: 'Confermiamo il suo ordine del veicolo indicato qui sotto.',
    deposit: 'Abbiamo ricevuto la caparra di prenotazione del veicolo indicato qui sotto.',
    advance: 'Abbiamo ricevuto il suo acconto per l’acquisto del veicolo indicato qui sotto.',
    refund: 'Le abbiamo rimborsato l’importo indicato qui sotto.',
  },
  number: 'N.',
  date: 'Data',
  issuedBy: 'Emesso da',
  customer: 'Cliente',
  vehicle: 'Veicolo',
  vehicleLine: 'Anno {year} · rif. {reference}',
  purchaseRef: 'Acquisto n. {id}',
  bookingRef: 'Prenotazione n. {id}',
  amounts: 'Importi',
  amountPaid: 'Importo pagato',
  amountRefunded: 'Importo rimborsato',
  totalPrice: 'Prezzo totale',
  advancePaid: 'Acconto pagato',
  balance: 'Da pagare alla consegna',
  funding: 'Finanziamento',
  fundingModes: { cash: 'In contanti', finance: 'Finanziamento' },
  footer: 'Importi IVA inclusa. Documento emesso da {retailer}, da conservare.',
};

const nl: BillDocumentTexts = {
  titles: {
    order: 'Orderbevestiging',
    deposit: 'Ontvangstbewijs van het reservatievoorschot',
    advance: 'Ontvangstbewijs van het voorschot',
    refund: 'Terugbetalingsnota',
  },
  statements: {
    order: 'Wij bevestigen uw bestelling van het onderstaande voertuig.',
    deposit: 'Wij hebben het reservatievoorschot voor het onderstaande voertuig ontvangen.',
    advance: 'Wij hebben uw voorschot voor de aankoop van het onderstaande voertuig ontvangen.',
    refund: 'Wij hebben u het onderstaande bedrag terugbetaald.',
  },
  number: 'Nr.',
  date: 'Datum',
  issuedBy: 'Uitgegeven door',
  customer: 'Klant',
  vehicle: 'Voertuig',
  vehicleLine: 'Bouwjaar {year} · ref. {reference}',
  purchaseRef: 'Aankoop nr. {id}',
  bookingRef: 'Reservatie nr. {id}',
  amounts: 'Bedragen',
  amountPaid: 'Betaald bedrag',
  amountRefunded: 'Terugbetaald bedrag',
  totalPrice: 'Totale prijs',
  advancePaid: 'Betaald voorschot',
  balance: 'Te betalen bij levering',
  funding: 'Financiering',
  fundingModes: { cash: 'Contant', finance: 'Krediet' },
  footer: 'Bedragen incl. btw. Document uitgegeven door {retailer}; bewaar het.',
};

const pl: BillDocumentTexts = {
  titles: {
    order: 'Potwierdzenie zamówienia',
    deposit: 'Potwierdzenie wpłaty zadatku za rezerwację',
    advance: 'Potwierdzenie wpłaty zaliczki',
    refund: 'Nota zwrotu',
  },
  statements: {
    order: 'Potwierdzamy Twoje zamówienie poniższego samochodu.',
    deposit: 'Otrzymaliśmy zadatek za rezerwację poniższego samochodu.',
    advance: 'Otrzymaliśmy Twoją zaliczkę na zakup poniższego samochodu.',
    refund: 'Zwróciliśmy Ci poniższą kwotę.',
  },
  number: 'Nr',
  date: 'Data',
  issuedBy: 'Wystawca',
  customer: 'Klient',
  vehicle: 'Samochód',
  vehicleLine: 'Rok {year} · nr ref. {reference}',
  purchaseRef: 'Zakup nr {id}',
  bookingRef: 'Rezerwacja nr {id}',
  amounts: 'Kwoty',
  amountPaid: 'Kwota zapłacona',
  amountRefunded: 'Kwota zwrócona',
  totalPrice: 'Cena całkowita',
  advancePaid: 'Wpłacona zaliczka',
  balance: 'Do zapłaty przy odbiorze',
  funding: 'Finansowanie',
  fundingModes: { cash: 'Gotówka', finance: 'Kredyt' },
  footer: 'Kwoty brutto (z VAT). Dokument wystawiony przez {retailer}; zachowaj go.',
};

const pt: BillDocumentTexts = {
  titles: {
    order: 'Confirmação de encomenda',
    deposit: 'Recibo do sinal de reserva',
    advance: 'Recibo do pagamento por conta',
    refund: 'Nota de reembolso',
  },
  statements: {
    order: 'Confirmamos a sua encomenda do veículo indicado abaixo.',
    deposit: 'Recebemos o sinal de reserva do veículo indicado abaixo.',
    advance: 'Recebemos o seu pagamento por conta da compra do veículo indicado abaixo.',
    refund: 'Reembolsámos-lhe o montante indicado abaixo.',
  },
  number: 'N.º',
  date: 'Data',
  issuedBy: 'Emitido por',
  customer: 'Cliente',
  vehicle: 'Veículo',
  vehicleLine: 'Ano {year} · ref. {reference}',
  purchaseRef: 'Compra n.º {id}',
  bookingRef: 'Reserva n.º {id}',
  amounts: 'Montantes',
  amountPaid: 'Montante pago',
  amountRefunded: 'Montante reembolsado',
  totalPrice: 'Preço total',
  advancePaid: 'Pagamento por conta efetuado',
  balance: 'A pagar na entrega',
  funding: 'Financiamento',
  fundingModes: { cash: 'A pronto', finance: 'Crédito' },
  footer: 'Montantes com IVA incluído. Documento emitido por {retailer}; guarde-o.',
};

export const BILL_DOCUMENT_TEXTS: Readonly<Record<Locale, BillDocumentTexts>> = {
  fr,
  'fr-BE': fr,
  de,
  at: { ...de, balance: 'Bei Übergabe zu bezahlen', customer: 'Kundin/Kunde' },
  es,
  it,
  'nl-BE': nl,
  pl,
  pt,
};
