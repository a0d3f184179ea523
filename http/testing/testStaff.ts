/**
 * Test helper: the back office's staff for `int` suites on a test database: accounts hashed at a test
 * cost (`<name>@example.test`, one password), the app's `security` options (sessions in Postgres), and
 * browsers signed in as them through the sign-in API, each from its own address.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { StaffRole } from '../../domain/staff/staffRoles.ts';
import { createPostgresSessionStore } from '../../engine/sessions/createPostgresSessionStore.ts';
import { createStaffAccounts } from '../../engine/staff/createStaffAccounts.ts';
import type { TestDatabase } from '../../engine/testing/testDatabase.ts';
import { type TestBrowser, testBrowser } from './testBrowser.ts';

export const STAFF_PASSWORD = 'correct horse battery';
export const staffEmail = (name: string) => `${name.toLowerCase()}@example.test`;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A signed-in staff member's browser: `send` adds the session's CSRF token. */
export interface StaffBrowser extends TestBrowser {
  readonly token: string;
  send(method: Method, url: string, payload?: InjectOptions['payload']): Promise<LightMyRequestResponse>;
}

let addresses = 0;

/** Accounts for `members` (name → roles), the app's security options over them, and their sign-in. */
export async function openTestStaff(
  db: Pick<TestDatabase, 'knex' | 'schema'>,
  members: Readonly<Record<string, readonly StaffRole[]>>,
) {
  const accounts = createStaffAccounts({
    knex: db.knex,
    schema: db.schema,
    hashCost: { memoryCost: 4096, timeCost: 1 },
  });
  for (const [name, roles] of Object.entries(members)) {
    await accounts.create({ email: staffEmail(name), name, password: STAFF_PASSWORD, roles: [...roles] });
  }
  return {
    accounts,
    /** `app`'s `security` options: these accounts, sessions in the test database. */
    security: {
      sessionStore: createPostgresSessionStore({ knex: db.knex, schema: db.schema }),
      sessionSecret: 's'.repeat(40),
      staffAccounts: accounts,
    },
    /** A browser signed in as `name`, from an address of its own (sign-in limits are per address). */
    async signIn(app: FastifyInstance, name: string): Promise<StaffBrowser> {
      const n = addresses++;
      const browser = testBrowser(app, `127.77.${Math.floor(n / 250)}.${(n % 250) + 1}`);
      const answer = await browser.call({
        method: 'POST',
        url: '/admin/api/session',
        headers: { 'x-csrf-token': await browser.csrf() },
        payload: { email: staffEmail(name), password: STAFF_PASSWORD },
      });
      if (answer.statusCode !== 200) throw new Error(`staff sign-in: ${answer.statusCode} ${answer.body}`);
      const token = (answer.json() as { csrfToken: string }).csrfToken;
      return Object.assign(browser, {
        token,
        send: (method: Method, url: string, payload?: InjectOptions['payload']) =>
          browser.call({
            method,
            url,
            headers: { 'x-csrf-token': token },
            ...(payload === undefined ? {} : { payload }),
          }),
      });
    },
  };
}

export type TestStaff = Awaited<ReturnType<typeof openTestStaff>>;
