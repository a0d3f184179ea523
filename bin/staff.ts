/**
 * `npm run staff -- <command>`: back-office accounts.
 *
 *   add <email> --name "Anna Berg" --role admin [--role sales] [--password-stdin]
 *       creates an account; without --password-stdin a random password is made and printed once
 *   list                 every account with its roles, state and last sign-in
 *   disable <email>      the account can no longer sign in; its open sessions end at their next request
 *
 * Roles: admin, sales, content, analyst (domain/staff/staffRoles.ts says what each may do).
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { isDomainError, ValidationError } from '../domain/errors.ts';
import { isStaffRole, STAFF_ROLES, type StaffRole } from '../domain/staff/staffRoles.ts';
import { openDatabase } from '../engine/database/openDatabase.ts';
import { createStaffAccounts } from '../engine/staff/createStaffAccounts.ts';
import { loadConfig } from '../http/config.ts';
import { migrateToLatest } from '../migrations/migrateToLatest.ts';

const USAGE = `usage:
  npm run staff -- add <email> --name "Full Name" --role <${STAFF_ROLES.join('|')}> [--role …] [--password-stdin]
  npm run staff -- list
  npm run staff -- disable <email>`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      role: { type: 'string', multiple: true },
      'password-stdin': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, email] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  if ((command === 'add' || command === 'disable') && !email) {
    console.error(`${command} needs an email\n${USAGE}`);
    return 1;
  }
  if (command !== 'add' && command !== 'list' && command !== 'disable') {
    console.error(`unknown command "${command}"\n${USAGE}`);
    return 1;
  }
  const roles = (values.role ?? []).flatMap((r) => r.split(',')).map((r) => r.trim());
  const unknown = roles.filter((r) => !isStaffRole(r));
  if (unknown.length > 0) {
    console.error(`unknown role ${unknown.join(', ')}: roles are ${STAFF_ROLES.join(', ')}`);
    return 1;
  }
  const password = command === 'add' && values['password-stdin'] ? await readStdin() : undefined;

  const config = loadConfig(process.env);
  const db = await openDatabase({ ...config.database, poolSize: 2, applicationName: 'staff-cli' });
  try {
    await migrateToLatest(db.knex);
    const accounts = createStaffAccounts({ knex: db.knex });
    switch (command) {
      case 'add': {
        const generated = password === undefined ? randomBytes(15).toString('base64url') : undefined;
        const account = await accounts.create({
          email: email!,
          name: values.name ?? '',
          password: password ?? generated!,
          roles: roles as StaffRole[],
        });
        console.log(`created ${account.email} (${account.roles.join(', ')})`);
        if (generated) console.log(`password (shown once): ${generated}`);
        return 0;
      }
      case 'list': {
        const all = await accounts.list();
        if (all.length === 0) console.log('no staff accounts');
        console.table(
          all.map((a) => ({
            email: a.email,
            name: a.name,
            roles: a.roles.join(', '),
            state: a.disabled ? 'disabled' : a.invited ? 'invited' : 'active',
            'last sign-in': a.lastSignInAt?.toISOString() ?? 'never',
          })),
        );
        return 0;
      }
      case 'disable': {
        const account = await accounts.disable(email!);
        console.log(`disabled ${account.email}`);
        return 0;
      }
      default: {
        const never: never = command;
        throw new Error(`unknown command ${never}`);
      }
    }
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ValidationError) {
      console.error(
        Object.entries(error.details.fields)
          .map(([field, problems]) => `${field}: ${problems.join(', ')}`)
          .join('\n'),
      );
    } else if (isDomainError(error)) {
      console.error(error.message);
    } else {
      console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
    }
    process.exit(1);
  },
);
