/**
 * Sends a lead form in place (JavaScript): the form's fields urlencoded, the session's CSRF token from
 * `/api/csrf` (fetched again once if refused: the session changed), an idempotency key so a retried
 * send is the same lead, asking for JSON.
 */
let token: Promise<string> | undefined;

function csrfToken(refresh: boolean): Promise<string> {
  if (refresh || !token) {
    token = fetch('/api/csrf', { headers: { accept: 'application/json' }, credentials: 'same-origin' })
      .then((r) => (r.ok ? (r.json() as Promise<{ token: string }>) : Promise.reject(new Error('no token'))))
      .then((body) => body.token);
    token.catch(() => {
      token = undefined;
    });
  }
  return token;
}

/** A key for one sending of one form (the same on a retry). */
export function newSendKey(): string {
  const random = globalThis.crypto?.randomUUID?.();
  return random ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export async function sendLead(action: string, body: URLSearchParams, key: string): Promise<Response> {
  const attempt = async (refresh: boolean) =>
    fetch(action, {
      method: 'POST',
      body,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        'x-csrf-token': await csrfToken(refresh),
        'idempotency-key': key,
      },
    });
  const first = await attempt(false);
  return first.status === 403 ? attempt(true) : first;
}
