/**
 * The purchase bench's buyers, run as their own process (forked by purchaseLoad.ts) so that their work
 * does not share the server's event loop. Each buyer is a browser of its own: one keep-alive connection,
 * its session cookie, its CSRF token. It signs in, then buys cars one after the other through the SPEC's
 * calls, following the links each answer gives (`links.calls`): the purchase form's start, then my-infos,
 * delivery (pickup), recovery (skip), insurance (none), extras (none), funding (cash) and the advance
 * payment's request, one command at a time, each with an `Idempotency-Key`, maybe pausing after each
 * answer as a person reading the next step would. Every command's time is from sending the request to
 * the end of its JSON answer.
 */
import http from 'node:http';
import { infosFor } from './benchInfos.ts';

export interface BuyerPlan {
  readonly email: string;
  readonly password: string;
  /** The cars this buyer buys, in turn: their purchase form's path and the market's country. */
  readonly cars: readonly { readonly formPath: string; readonly country: string }[];
}

export interface PurchasePhase {
  readonly name: string;
  /** Stop after this many commands (all buyers together)… */
  readonly commands?: number;
  /** …or after this long. */
  readonly durationMs?: number;
  /** A buyer's pause after each answer, on average (uniform from half to one and a half of it); 0: none. */
  readonly thinkMs?: number;
}

export interface PurchaseLoadJob {
  readonly origin: string;
  /** Where buyers sign in (`ajax/login/sign-in` under a buying prefix). */
  readonly signInPath: string;
  readonly buyers: readonly BuyerPlan[];
  readonly phases: readonly PurchasePhase[];
}

export interface PhaseResult {
  readonly name: string;
  /** Milliseconds per command, by command. */
  readonly ms: Record<string, number[]>;
  readonly statuses: Record<string, number>;
  readonly elapsedMs: number;
  readonly purchases: number;
}

/** What the buyer answers on each step: the command and its body. */
const NEXT: Readonly<Record<string, (country: string) => readonly [string, unknown]>> = {
  'my-infos': (country) => ['SubmitInfos', infosFor(country)],
  delivery: () => ['ChooseDelivery', { mode: 'pickup' }],
  recovery: () => ['SkipTradeIn', { action: 'skip' }],
  insurance: () => ['ChooseInsurance', { offerId: null }],
  'additional-optional': () => ['ChooseExtras', { extraIds: [] }],
  funding: () => ['ChooseFunding', { action: 'cash' }],
  'advance-payment': () => ['RequestAdvancePayment', {}],
};

interface Answer {
  readonly status: number;
  readonly json: Record<string, unknown>;
  readonly ms: number;
}

interface PurchaseAnswer {
  readonly status: string;
  readonly step: string | null;
  readonly links: { readonly calls: readonly { command: string; path: string }[] };
}

let keys = 0;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function browser(origin: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const cookies = new Map<string, string>();
  let token = '';
  function call(method: 'GET' | 'POST', path: string, body?: unknown, command = false): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string> = {
        accept: 'application/json',
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(payload
          ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }
          : {}),
        ...(method === 'POST' ? { 'x-csrf-token': token } : {}),
        ...(command ? { 'idempotency-key': `bench-${process.pid}-${++keys}` } : {}),
      };
      const started = performance.now();
      const request = http.request(new URL(path, origin), { method, agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const ms = performance.now() - started;
          for (const set of response.headers['set-cookie'] ?? []) {
            const [pair] = set.split(';');
            const at = pair!.indexOf('=');
            cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
          }
          const text = Buffer.concat(chunks).toString('utf8');
          let json: Record<string, unknown> = {};
          try {
            json = text ? JSON.parse(text) : {};
          } catch {
            json = { text };
          }
          resolve({ status: response.statusCode ?? 0, json, ms });
        });
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(payload);
    });
  }
  return {
    call,
    async signIn(signInPath: string, email: string, password: string) {
      token = String((await call('GET', '/api/csrf')).json.token);
      const signedIn = await call('POST', signInPath, { email, password });
      if (signedIn.status !== 200)
        throw new Error(`sign-in ${email}: ${signedIn.status} ${JSON.stringify(signedIn.json)}`);
      token = String(signedIn.json.csrfToken);
    },
    close: () => agent.destroy(),
  };
}

type Browser = ReturnType<typeof browser>;

export async function runPurchaseLoad(job: PurchaseLoadJob): Promise<PhaseResult[]> {
  const browsers: Browser[] = job.buyers.map(() => browser(job.origin));
  await Promise.all(job.buyers.map((b, i) => browsers[i]!.signIn(job.signInPath, b.email, b.password)));
  const nextCar = job.buyers.map(() => 0);
  const results: PhaseResult[] = [];
  for (const phase of job.phases) {
    const ms: Record<string, number[]> = {};
    const statuses: Record<string, number> = {};
    let issued = 0;
    let purchases = 0;
    const started = performance.now();
    const more = () =>
      phase.commands !== undefined
        ? issued < phase.commands
        : performance.now() - started < (phase.durationMs ?? 0);
    const send = async (b: Browser, name: string, path: string, body: unknown): Promise<PurchaseAnswer> => {
      issued++;
      const answer = await b.call('POST', path, body, true);
      const times = ms[name] ?? [];
      ms[name] = times;
      times.push(answer.ms);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      if (phase.thinkMs) await pause(phase.thinkMs * (0.5 + Math.random()));
      if (answer.status >= 300)
        throw new Error(`${name} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
      return answer.json as unknown as PurchaseAnswer;
    };
    const buyer = async (i: number) => {
      const b = browsers[i]!;
      // Buyers who pause do not all arrive at once: each starts within one pause.
      if (phase.thinkMs) await pause(Math.random() * phase.thinkMs);
      while (more()) {
        const car = job.buyers[i]!.cars[nextCar[i]!++];
        if (!car) throw new Error(`buyer ${i} has no car left`);
        let view = await send(b, 'StartPurchase', car.formPath, { action: 'start' });
        purchases++;
        while (more() && view.status === 'in-progress' && view.step && NEXT[view.step]) {
          const [command, body] = NEXT[view.step]!(car.country);
          const link = view.links.calls.find((c) => c.command === command);
          if (!link) throw new Error(`no ${command} call on step ${view.step}`);
          view = await send(b, command, link.path, body);
        }
      }
    };
    await Promise.all(job.buyers.map((_, i) => buyer(i)));
    results.push({ name: phase.name, ms, statuses, elapsedMs: performance.now() - started, purchases });
  }
  for (const b of browsers) b.close();
  return results;
}

if (process.send) {
  process.on('message', (job: PurchaseLoadJob) => {
    runPurchaseLoad(job).then(
      (results) => process.send!({ results }),
      (error: unknown) => process.send!({ error: error instanceof Error ? error.stack : String(error) }),
    );
  });
}
