/**
 * A stand-in for Stripe's API on this machine (no network to Stripe here), behind the library's own
 * `fetch` HTTP client: the few endpoints the adapter calls (Checkout Sessions: create, retrieve with the
 * payment intent expanded, expire; refunds: create, list), Stripe's idempotency keys (same key and body →
 * the same answer; another body → an idempotency error) and its refusals (expiring a session that is not
 * open, refunding more than is left), in Stripe's JSON. `pay` and `lapse` do what a buyer and time do.
 * The same contract cases run against it and, with `STRIPE_SECRET_KEY`, against Stripe's test mode.
 */
import Stripe from 'stripe';

interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  client_reference_id: string | null;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string | null;
  created: number;
  expires_at: number;
}

interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  created: number;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
  metadata: Record<string, string>;
}

export interface FakeStripe {
  /** A Stripe client whose requests this fake answers. */
  readonly client: Stripe;
  /** The buyer pays at the session's page (by card: paid at once). */
  pay(sessionId: string): void;
  /** The session's time runs out. */
  lapse(sessionId: string): void;
  /** Every request made, `METHOD /path`. */
  readonly requests: string[];
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'request-id': `req_fake_${status}` },
  });

const refusal = (type: string, message: string, code?: string) =>
  json(400, { error: { type, message, ...(code ? { code } : {}) } });

/** `metadata[key]=value` pairs of a form body under `prefix`. */
const nested = (form: URLSearchParams, prefix: string): Record<string, string> =>
  Object.fromEntries(
    [...form.entries()]
      .filter(([key]) => key.startsWith(`${prefix}[`) && key.indexOf(']') === key.length - 1)
      .map(([key, value]) => [key.slice(prefix.length + 1, -1), value]),
  );

export function createFakeStripe(options: { readonly now: () => Date }): FakeStripe {
  const sessions = new Map<string, FakeSession>();
  const refunds: FakeRefund[] = [];
  const answered = new Map<string, { body: string; status: number; answer: unknown }>();
  const requests: string[] = [];
  let seq = 0;
  const seconds = () => Math.floor(options.now().getTime() / 1000);

  function withIntent(session: FakeSession) {
    const intentId = session.payment_intent;
    if (!intentId) return session;
    const intent = {
      id: intentId,
      object: 'payment_intent',
      status: session.payment_status === 'paid' ? 'succeeded' : 'requires_payment_method',
      created: session.created + 60,
      latest_charge: { id: `ch_${intentId}`, object: 'charge', created: session.created + 120 },
    };
    return { ...session, payment_intent: intent };
  }

  function route(method: string, path: string, query: URLSearchParams, form: URLSearchParams) {
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_fake${++seq}`;
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        mode: form.get('mode') ?? 'payment',
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: form.get('client_reference_id'),
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]') ?? '',
        metadata: nested(form, 'metadata'),
        payment_intent: null,
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        created: seconds(),
        expires_at: seconds() + 24 * 3600,
      };
      sessions.set(id, session);
      return json(200, session);
    }
    if (sessionPath) {
      const session = sessions.get(sessionPath[1]!);
      if (!session) return json(404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
      if (method === 'GET') {
        const expand = [...query.entries()].filter(([key]) => key.startsWith('expand')).map(([, v]) => v);
        return json(200, expand.includes('payment_intent.latest_charge') ? withIntent(session) : session);
      }
      if (session.status !== 'open')
        return refusal(
          'invalid_request_error',
          `Only Checkout Sessions with a status in ["open"] can be expired.`,
        );
      session.status = 'expired';
      session.url = null;
      return json(200, session);
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const data = refunds.filter((r) => r.payment_intent === query.get('payment_intent')).toReversed();
      return json(200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intentId = form.get('payment_intent');
      const session = [...sessions.values()].find((s) => s.payment_intent && s.payment_intent === intentId);
      if (!session) return refusal('invalid_request_error', 'No such payment_intent', 'resource_missing');
      const amount = Number(form.get('amount') ?? session.amount_total);
      const left =
        session.amount_total -
        refunds.filter((r) => r.payment_intent === intentId).reduce((n, r) => n + r.amount, 0);
      if (left === 0)
        return refusal(
          'invalid_request_error',
          'Charge has already been refunded.',
          'charge_already_refunded',
        );
      if (amount > left)
        return refusal(
          'invalid_request_error',
          'Refund amount is greater than unrefunded amount',
          'amount_too_large',
        );
      const refund: FakeRefund = {
        id: `re_fake${++seq}`,
        object: 'refund',
        amount,
        currency: session.currency,
        created: seconds(),
        payment_intent: session.payment_intent!,
        reason: form.get('reason'),
        status: 'succeeded',
        metadata: nested(form, 'metadata'),
      };
      refunds.push(refund);
      return json(200, refund);
    }
    return json(404, {
      error: { type: 'invalid_request_error', message: `fake Stripe: no ${method} ${path}` },
    });
  }

  const fakeFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? init.body : '';
    requests.push(`${method} ${url.pathname}`);
    const headers = new Headers(init?.headers);
    const key = headers.get('idempotency-key');
    const earlier = key ? answered.get(key) : undefined;
    if (earlier) {
      return earlier.body === body
        ? json(earlier.status, earlier.answer)
        : refusal(
            'idempotency_error',
            'Keys for idempotent requests can only be used with the same parameters',
          );
    }
    const response = route(method, url.pathname, url.searchParams, new URLSearchParams(body));
    if (key && method === 'POST')
      answered.set(key, { body, status: response.status, answer: await response.clone().json() });
    return response;
  };

  const client = new Stripe('sk_test_fake_offline', {
    httpClient: Stripe.createFetchHttpClient(fakeFetch as typeof fetch),
    maxNetworkRetries: 0,
  });

  return {
    client,
    requests,
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (session?.status !== 'open') throw new Error(`fake Stripe: ${sessionId} is not open`);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: `pi_fake${++seq}`,
        url: null,
      });
    },
    lapse(sessionId) {
      const session = sessions.get(sessionId);
      if (session?.status !== 'open') throw new Error(`fake Stripe: ${sessionId} is not open`);
      Object.assign(session, { status: 'expired', url: null });
    },
  };
}
