/**
 * Configuration, read from the environment once, at the composition root, and validated with zod.
 * Everything below receives the parsed `Config` (or a part of it) as options and never reads
 * `process.env`. The README's configuration table lists the same variables.
 */

import { z } from 'zod';
import { ValidationError } from '../domain/errors.ts';
import { createKeyRing, decodeKey, parseMasterKeys } from '../engine/customers/vault/envelope.ts';
import type { MediaStorageConfig } from '../engine/media/createMediaStorage.ts';

const url = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine(
      (value) => protocols.some((p) => value.startsWith(`${p}:`)),
      `must start with ${protocols.join(': or ')}:`,
    );

/** `true`/`false`, or the proxies' addresses/CIDRs, comma-separated (Fastify's trustProxy). */
const trustProxy = z
  .string()
  .transform((value): boolean | string => (value === 'true' ? true : value === 'false' ? false : value));

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    DATABASE_URL: url(['postgres', 'postgresql']).optional(),
    DATA_DIR: z.string().min(1).default('./var'),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
    EVENTSTORE_URL: url(['esdb', 'esdb+discover']).optional(),
    MEILI_URL: url(['http', 'https']).optional(),
    MEILI_API_KEY: z.string().optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Where buyers reach the site; https makes the session cookie Secure. */
    PUBLIC_URL: url(['http', 'https']).optional(),
    TRUST_PROXY: trustProxy.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Demo cars written at start into a catalogue with no car yet (default 2000; 0 in production). */
    DEMO_CARS: z.coerce.number().int().min(0).max(200_000).optional(),
    /**
     * Rendered pages are kept in memory per URL until the catalogue moves, at most this long (seconds;
     * http/ssr/pageCache.ts); 0 renders every request.
     */
    /** Media (car photos, buyers' pictures) in an S3-compatible bucket when set; else on the local disk. */
    S3_BUCKET: z.string().min(3).optional(),
    /** The S3 service's URL (MinIO: `http://127.0.0.1:9000`); unset: AWS for `S3_REGION`. */
    S3_ENDPOINT: url(['http', 'https']).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** A folder of the bucket to keep the media under (no leading or trailing `/`). */
    S3_PREFIX: z
      .string()
      .regex(/^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/, 'folders of a-z, 0-9, _ and -, joined by /')
      .optional(),
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
    /** Readiness fails when a projection is further behind than this many events. */
    READY_MAX_PROJECTION_LAG: z.coerce.number().int().min(0).default(1000),
    /** The customer vault's master keys, `id:base64,…`, current first (engine/customers/README.md). */
    VAULT_MASTER_KEY: z.string().optional(),
    /** The HMAC key of the vault's email lookups: ≥ 32 random bytes, base64; never changes. */
    VAULT_LOOKUP_KEY: z.string().optional(),
    /** The payment provider: the built-in sandbox checkout, or Stripe Checkout (engine/providers/payment). */
    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
    /** Signs and checks the sandbox's webhooks (HMAC-SHA256); unset: a random secret per process (in-process delivery). */
    PAYMENT_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Stripe's API key (`sk_…`, or a restricted `rk_…`); required with PAYMENT_PROVIDER=stripe. */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret key (sk_test_…, sk_live_…, rk_…)')
      .optional(),
    /** The signing secret of the Stripe webhook endpoint (`whsec_…`); required with PAYMENT_PROVIDER=stripe. */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_\S+$/, 'must be a Stripe webhook signing secret (whsec_…)')
      .optional(),
    /** The SMTP server mails leave through (`smtp://user:pass@host:587`, `smtps://…`); unset: mails wait in the outbox. */
    SMTP_URL: url(['smtp', 'smtps']).optional(),
    /** The mails' sender (`Name <address>` or an address); default `no-reply@<PUBLIC_URL's host>`. */
    MAIL_FROM: z.string().min(3).max(200).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required in production' });
    }
    for (const name of ['VAULT_MASTER_KEY', 'VAULT_LOOKUP_KEY'] as const) {
      if (env.NODE_ENV === 'production' && !env[name])
        ctx.addIssue({ code: 'custom', path: [name], message: 'is required in production' });
    }
    if (env.PAYMENT_PROVIDER === 'stripe') {
      for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required when PAYMENT_PROVIDER=stripe' });
      }
    }
    const keyProblem = (read: () => unknown) => {
      try {
        read();
        return undefined;
      } catch (error) {
        return (error as Error).message;
      }
    };
    const master = env.VAULT_MASTER_KEY;
    if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
      const message = 'S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY';
      ctx.addIssue({ code: 'custom', path: ['S3_ACCESS_KEY_ID'], message });
    }
    const masterProblem = master && keyProblem(() => createKeyRing(parseMasterKeys(master)));
    if (masterProblem) ctx.addIssue({ code: 'custom', path: ['VAULT_MASTER_KEY'], message: masterProblem });
    const lookup = env.VAULT_LOOKUP_KEY;
    const lookupProblem = lookup && keyProblem(() => decodeKey(lookup, 'the lookup key', true));
    if (lookupProblem) ctx.addIssue({ code: 'custom', path: ['VAULT_LOOKUP_KEY'], message: lookupProblem });
  })
  .transform((env) => ({
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    database: {
      url: env.DATABASE_URL,
      dataDir: `${env.DATA_DIR.replace(/\/$/, '')}/pglite`,
      poolSize: env.DATABASE_POOL_SIZE,
    },
    eventStoreUrl: env.EVENTSTORE_URL,
    /** Media (car photos, buyers' pictures): an S3-compatible bucket, or the local disk under DATA_DIR. */
    media: mediaConfig(env),
    meili: env.MEILI_URL ? { url: env.MEILI_URL, apiKey: env.MEILI_API_KEY } : undefined,
    /** Unset outside production: the session plugin makes a random one per process and warns. */
    sessionSecret: env.SESSION_SECRET,
    publicUrl: env.PUBLIC_URL,
    secureCookies: env.PUBLIC_URL?.startsWith('https:') ?? false,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    readyMaxProjectionLag: env.READY_MAX_PROJECTION_LAG,
    pageCacheSeconds: env.PAGE_CACHE_SECONDS,
    /** Unset outside production: fixed development keys, with a loud warning (http/createServices.ts). */
    vault: { masterKeys: env.VAULT_MASTER_KEY, lookupKey: env.VAULT_LOOKUP_KEY },
    demoCars: env.DEMO_CARS ?? (env.NODE_ENV === 'production' ? 0 : 2000),
    payments: paymentsConfig(env),
    /** The mail outbox's worker runs only with an SMTP server (engine/mail/README.md). */
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    /** Production serves the bundle `npm run build` made; elsewhere it is rebuilt at start when stale (http/ssr/README.md). */
    clientBuild: env.NODE_ENV === 'production' ? ('never' as const) : ('if-stale' as const),
  }));

/** The payment provider's settings: the sandbox's webhook secret, or Stripe's keys (checked above). */
function paymentsConfig(env: {
  PAYMENT_PROVIDER: 'sandbox' | 'stripe';
  PAYMENT_WEBHOOK_SECRET?: string | undefined;
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
}) {
  if (env.PAYMENT_PROVIDER === 'sandbox')
    return { provider: 'sandbox' as const, webhookSecret: env.PAYMENT_WEBHOOK_SECRET };
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = env;
  // Never reached without them: the refinement above refuses the configuration first.
  if (!secretKey || !webhookSecret) throw new Error('Stripe keys missing after validation');
  return { provider: 'stripe' as const, stripe: { secretKey, webhookSecret } };
}

export type Config = z.output<typeof configSchema>;

/** Parses the environment; a bad value is a ValidationError naming every offending variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  // Empty strings (VAR= in a shell) mean "unset", as for most twelve-factor apps.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = configSchema.safeParse(cleaned);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || 'environment';
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  throw new ValidationError(
    `invalid configuration: ${Object.entries(fields)
      .map(([key, messages]) => `${key} ${messages.join(', ')}`)
      .join('; ')}`,
    fields,
  );
}

/** The media storage: S3 when a bucket is named (its keys checked above), else the data directory. */
function mediaConfig(env: {
  readonly DATA_DIR: string;
  readonly S3_BUCKET?: string | undefined;
  readonly S3_ENDPOINT?: string | undefined;
  readonly S3_REGION: string;
  readonly S3_ACCESS_KEY_ID?: string | undefined;
  readonly S3_SECRET_ACCESS_KEY?: string | undefined;
  readonly S3_PREFIX?: string | undefined;
}): MediaStorageConfig {
  if (!env.S3_BUCKET) return { kind: 'local', dir: `${env.DATA_DIR.replace(/\/$/, '')}/media` };
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    ...(env.S3_PREFIX ? { prefix: env.S3_PREFIX } : {}),
  };
}
