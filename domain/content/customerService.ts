/**
 * How to reach the retailer in each country: the customer service line and mailboxes, and its hours.
 * Demo values of the fictional retailer (like the demo dealers: `.example` mail domains; the French and
 * German numbers are in the ranges those countries reserve for fiction).
 */
import type { CountryCode } from '../markets.ts';

/** One opening slot (`HH:MM`, 24 h), like a dealer's. */
export interface ServiceHours {
  readonly day: 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
  readonly opens: string;
  readonly closes: string;
}

export interface CustomerService {
  /** As written in the country, with the international prefix. */
  readonly phone: string;
  readonly email: string;
  /** Mailbox of the business-customer team. */
  readonly businessEmail: string;
  readonly hours: readonly ServiceHours[];
}

const WEEK: readonly ServiceHours[] = [
  ...(['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((day) => ({ day, opens: '08:30', closes: '19:00' })),
  { day: 'sat', opens: '09:00', closes: '17:00' },
];

const service = (phone: string, domain: string, mailbox: string, business: string): CustomerService => ({
  phone,
  email: `${mailbox}@${domain}`,
  businessEmail: `${business}@${domain}`,
  hours: WEEK,
});

export const CUSTOMER_SERVICE: Readonly<Record<CountryCode, CustomerService>> = {
  AT: service('+43 1 890 24 24', 'autonova.at.example', 'kundenservice', 'geschaeftskunden'),
  BE: service('+32 2 808 24 24', 'autonova.be.example', 'service', 'business'),
  DE: service('+49 30 23125 424', 'autonova.de.example', 'kundenservice', 'geschaeftskunden'),
  ES: service('+34 910 24 24 24', 'autonova.es.example', 'atencion-cliente', 'empresas'),
  FR: service('+33 1 99 00 24 24', 'autonova.fr.example', 'service-client', 'entreprises'),
  IT: service('+39 02 8088 2424', 'autonova.it.example', 'assistenza-clienti', 'aziende'),
  PL: service('+48 22 208 24 24', 'autonova.pl.example', 'obsluga-klienta', 'firmy'),
  PT: service('+351 210 242 424', 'autonova.pt.example', 'apoio-cliente', 'empresas'),
};
