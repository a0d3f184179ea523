/**
 * What the hosted checkout shows the buyer as the payment's label (Stripe's line item name), in the
 * funnel's language: the advance payment of a purchase, or the refundable deposit of a booking.
 */
import type { Locale } from '../markets.ts';

export type PaymentPurpose = 'advance' | 'deposit';

const LABELS: Readonly<Record<Locale, Readonly<Record<PaymentPurpose, (id: string) => string>>>> = {
  at: {
    advance: (id) => `Anzahlung, Kauf Nr. ${id}`,
    deposit: (id) => `Reservierungskaution, Reservierung Nr. ${id}`,
  },
  de: {
    advance: (id) => `Anzahlung, Kauf Nr. ${id}`,
    deposit: (id) => `Reservierungskaution, Reservierung Nr. ${id}`,
  },
  es: {
    advance: (id) => `Pago a cuenta, compra n.º ${id}`,
    deposit: (id) => `Depósito reembolsable, reserva n.º ${id}`,
  },
  fr: {
    advance: (id) => `Acompte, achat n° ${id}`,
    deposit: (id) => `Dépôt remboursable, réservation n° ${id}`,
  },
  'fr-BE': {
    advance: (id) => `Acompte, achat n° ${id}`,
    deposit: (id) => `Dépôt remboursable, réservation n° ${id}`,
  },
  it: {
    advance: (id) => `Acconto, acquisto n. ${id}`,
    deposit: (id) => `Deposito rimborsabile, prenotazione n. ${id}`,
  },
  'nl-BE': {
    advance: (id) => `Voorschot, aankoop nr. ${id}`,
    deposit: (id) => `Terugbetaalbare waarborg, reservering nr. ${id}`,
  },
  pl: { advance: (id) => `Zaliczka, zakup nr ${id}`, deposit: (id) => `Zwrotna kaucja, rezerwacja nr ${id}` },
  pt: {
    advance: (id) => `Sinal, compra n.º ${id}`,
    deposit: (id) => `Caução reembolsável, reserva n.º ${id}`,
  },
};

/** The checkout label of a purchase's advance payment or a booking's deposit, for the funnel `id`. */
export function paymentDescription(purpose: PaymentPurpose, locale: Locale, id: string): string {
  return LABELS[locale][purpose](id);
}
