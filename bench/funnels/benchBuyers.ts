/**
 * The funnels bench's buyers and cars: customer accounts made in the bench database with the vault keys
 * the bench server runs with (catalogue/startBenchServer.ts: `VAULT_MASTER_KEY` k1 = 32 × 0x01,
 * `VAULT_LOOKUP_KEY` = 32 × 0x02), so they can sign in over HTTP (signing up there is rate limited per
 * client address); the demo catalogue's used cars with the locale of their market.
 */
import type { Knex } from 'knex';
import type { CarFacts } from '../../domain/catalogue/car.ts';
import { generateDemoCatalogue } from '../../domain/catalogue/demo/generateDemoCatalogue.ts';
import { LOCALES, type Locale, MARKETS } from '../../domain/markets.ts';
import { createCustomerAccounts } from '../../engine/customers/accounts/createCustomerAccounts.ts';
import type { CustomerAccounts } from '../../engine/customers/accounts/customerAccounts.ts';
import { createPostgresCustomerVault } from '../../engine/customers/vault/createPostgresCustomerVault.ts';
import { createKeyRing } from '../../engine/customers/vault/envelope.ts';

export const BENCH_PASSWORD = 'a bench passphrase long enough';

export function benchAccounts(knex: Knex): CustomerAccounts {
  const vault = createPostgresCustomerVault({
    knex,
    keyRing: createKeyRing([{ id: 'k1', key: Buffer.alloc(32, 1) }]),
    lookupKey: Buffer.alloc(32, 2),
  });
  return createCustomerAccounts({ knex, vault });
}

/** Signs up `n` customers `<prefix>-<i>@example.test` (answers their ids). */
export async function signUpBuyers(accounts: CustomerAccounts, prefix: string, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const { profile } = await accounts.signUp({
      email: `${prefix}-${i}@example.test`,
      password: BENCH_PASSWORD,
      firstName: 'Bench',
      lastName: `Buyer ${i}`,
      consents: { terms: true },
    });
    ids.push(profile.customerId);
  }
  return ids;
}

/** The used cars of the bench catalogue (catalogue/seedBenchCatalogue.ts: seed 42), with their locale. */
export function benchUsedCars(cars: number): { car: CarFacts; locale: Locale }[] {
  const localeOf = (country: string) => LOCALES.find((locale) => MARKETS[locale].country === country)!;
  return generateDemoCatalogue({ seed: 42, cars })
    .cars.filter((car) => car.condition !== 'new')
    .map((car) => ({ car, locale: localeOf(car.country) }));
}
