/**
 * The sandbox checkout page: the amount, what it is for, and two buttons (each a form POST carrying the
 * CSRF token); once completed, a line saying so instead (for a cancelled checkout: no longer payable).
 * In the payment's locale (`metadata.locale`), French otherwise. Plain HTML, no script.
 */
import { DEFAULT_LOCALE, isLocale, type Locale, MARKETS } from '../../domain/markets.ts';
import type { Payment } from '../../domain/payment/payment.ts';

interface Messages {
  readonly title: string;
  readonly notice: string;
  readonly pay: string;
  readonly fail: string;
  readonly done: string;
  /** The app cancelled the checkout: no longer payable. */
  readonly cancelled: string;
}

const DE: Messages = {
  title: 'Testzahlung',
  notice: 'Zahlungs-Sandbox: es wird kein Geld bewegt.',
  pay: 'Bezahlen',
  fail: 'Zahlung fehlschlagen lassen',
  done: 'Diese Zahlung ist abgeschlossen.',
  cancelled: 'Dieser Zahlungsvorgang wurde abgebrochen: Er kann nicht mehr bezahlt werden.',
};
const FR: Messages = {
  title: 'Paiement de test',
  notice: 'Bac à sable de paiement : aucun argent n’est débité.',
  pay: 'Payer',
  fail: 'Faire échouer le paiement',
  done: 'Ce paiement est terminé.',
  cancelled: 'Ce paiement a été annulé : il ne peut plus être réglé.',
};

const MESSAGES: Readonly<Record<Locale, Messages>> = {
  at: DE,
  de: DE,
  es: {
    title: 'Pago de prueba',
    notice: 'Entorno de pruebas de pago: no se cobra dinero.',
    pay: 'Pagar',
    fail: 'Hacer fallar el pago',
    done: 'Este pago ha finalizado.',
    cancelled: 'Este pago se ha cancelado: ya no se puede pagar.',
  },
  fr: FR,
  'fr-BE': FR,
  it: {
    title: 'Pagamento di prova',
    notice: 'Sandbox di pagamento: nessun addebito reale.',
    pay: 'Paga',
    fail: 'Fai fallire il pagamento',
    done: 'Questo pagamento è concluso.',
    cancelled: 'Questo pagamento è stato annullato: non può più essere pagato.',
  },
  'nl-BE': {
    title: 'Testbetaling',
    notice: 'Betaalsandbox: er wordt geen geld afgeschreven.',
    pay: 'Betalen',
    fail: 'Betaling laten mislukken',
    done: 'Deze betaling is afgerond.',
    cancelled: 'Deze betaling is geannuleerd: ze kan niet meer worden betaald.',
  },
  pl: {
    title: 'Płatność testowa',
    notice: 'Piaskownica płatności: żadne pieniądze nie są pobierane.',
    pay: 'Zapłać',
    fail: 'Odrzuć płatność',
    done: 'Ta płatność została zakończona.',
    cancelled: 'Ta płatność została anulowana: nie można jej już opłacić.',
  },
  pt: {
    title: 'Pagamento de teste',
    notice: 'Sandbox de pagamento: nenhum dinheiro é cobrado.',
    pay: 'Pagar',
    fail: 'Fazer falhar o pagamento',
    done: 'Este pagamento está concluído.',
    cancelled: 'Este pagamento foi cancelado: já não pode ser pago.',
  },
};

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const html = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** The page's locale: the payment's `metadata.locale` when it is one of ours. */
export function checkoutLocale(payment: Payment): Locale {
  const locale = payment.metadata.locale;
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

export function renderSandboxCheckoutPage(payment: Payment, actionBase: string, csrfToken: string): string {
  const locale = checkoutLocale(payment);
  const t = MESSAGES[locale];
  const amount = new Intl.NumberFormat(MARKETS[locale].language, {
    style: 'currency',
    currency: payment.amount.currency,
  }).format(payment.amount.amount / 100);
  const form = (outcome: 'pay' | 'fail', label: string) =>
    `<form method="post" action="${html(`${actionBase}/${outcome}`)}">` +
    `<input type="hidden" name="_csrf" value="${html(csrfToken)}">` +
    `<button type="submit" name="outcome" value="${outcome}">${html(label)}</button></form>`;
  const actions =
    payment.status === 'pending'
      ? form('pay', t.pay) + form('fail', t.fail)
      : `<p role="status">${html(payment.status === 'cancelled' ? t.cancelled : t.done)}</p>`;
  return `<!doctype html>
<html lang="${html(MARKETS[locale].language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${html(t.title)}</title></head>
<body>
<main>
<h1>${html(t.title)}</h1>
<p><strong data-amount>${html(amount)}</strong></p>
<p>${html(payment.description)}</p>
<p><small>${html(t.notice)}</small></p>
${actions}
</main>
</body>
</html>
`;
}
