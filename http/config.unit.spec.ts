import { describe, expect, it } from 'vitest';
import { ValidationError } from '../domain/errors.ts';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('given nothing set, then the embedded database under ./var on port 3000', () => {
    const config = loadConfig({});
    expect(config.database).toEqual({ url: undefined, dataDir: './var/pglite', poolSize: 10 });
    expect(config.port).toBe(3000);
    expect(config.eventStoreUrl).toBeUndefined();
  });

  it('given empty strings, then they count as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).database.url).toBeUndefined();
  });

  it('given real services, then their URLs are used', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app@db:5432/cars',
      EVENTSTORE_URL: 'esdb://localhost:2113?tls=false',
      MEILI_URL: 'http://localhost:7700',
      PORT: '8080',
    });
    expect(config).toMatchObject({
      port: 8080,
      database: { url: 'postgres://app@db:5432/cars' },
      eventStoreUrl: 'esdb://localhost:2113?tls=false',
      meili: { url: 'http://localhost:7700' },
    });
  });

  it('given bad values, then one validation error naming each variable', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys((error as ValidationError).details.fields).sort()).toEqual(['DATABASE_URL', 'PORT']);
  });

  it('given production without a session secret, then an error naming SESSION_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET is required in production/);
    const vault = {
      VAULT_MASTER_KEY: Buffer.alloc(32, 1).toString('base64'),
      VAULT_LOOKUP_KEY: Buffer.alloc(32, 2).toString('base64'),
    };
    expect(
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32), ...vault }).sessionSecret,
    ).toBe('s'.repeat(32));
  });

  it('given no session secret outside production, then none (the session plugin makes one per process)', () => {
    expect(loadConfig({}).sessionSecret).toBeUndefined();
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(
      /SESSION_SECRET must be at least 32 characters/,
    );
  });

  it('given an https public URL, then Secure cookies; TRUST_PROXY is a boolean or a list of proxies', () => {
    expect(loadConfig({}).secureCookies).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).secureCookies).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://cars.example' }).secureCookies).toBe(true);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
  });

  it('given SMTP_URL, then mails are sent through it; unset, they wait; not smtp: or smtps:, refused', () => {
    expect(loadConfig({}).mail).toEqual({ smtpUrl: undefined, from: undefined });
    expect(
      loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.test:465', MAIL_FROM: 'Cars <a@b.test>' }).mail,
    ).toEqual({
      smtpUrl: 'smtps://u:p@mail.example.test:465',
      from: 'Cars <a@b.test>',
    });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.test' })).toThrow(/SMTP_URL/);
  });

  it('given no payment provider, then the sandbox (its webhook secret when set)', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'sandbox', webhookSecret: undefined });
    expect(loadConfig({ PAYMENT_WEBHOOK_SECRET: 'w'.repeat(16) }).payments).toEqual({
      provider: 'sandbox',
      webhookSecret: 'w'.repeat(16),
    });
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'adyen' })).toThrow(/PAYMENT_PROVIDER/);
  });

  it('given PAYMENT_PROVIDER=stripe, then its keys are required, each named, and checked for their shape', () => {
    let error: unknown;
    try {
      loadConfig({ PAYMENT_PROVIDER: 'stripe' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details.fields).toEqual({
      STRIPE_SECRET_KEY: ['is required when PAYMENT_PROVIDER=stripe'],
      STRIPE_WEBHOOK_SECRET: ['is required when PAYMENT_PROVIDER=stripe'],
    });
    expect(() =>
      loadConfig({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'pk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }),
    ).toThrow(/STRIPE_SECRET_KEY must be a Stripe secret key/);
    expect(() =>
      loadConfig({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'secret',
      }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET must be a Stripe webhook signing secret/);
    expect(
      loadConfig({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }).payments,
    ).toEqual({ provider: 'stripe', stripe: { secretKey: 'sk_test_abc', webhookSecret: 'whsec_x' } });
    // Set for later but not chosen: the sandbox stays.
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' }).payments.provider).toBe('sandbox');
  });
});
