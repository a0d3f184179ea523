/**
 * Customer sign-up and sign-in input: the password policy, the consents, the shapes the account calls
 * take (SPEC §7 `login/{type}`, `check-email`).
 *
 * Password policy (NIST SP 800-63B's advice: length over composition rules):
 * - 10 to 256 characters (counted as Unicode characters; argon2 takes any length, the cap only keeps a
 *   request from making the server hash megabytes);
 * - not one character repeated (`aaaaaaaaaa`), not one of the most common long passwords;
 * - not containing the part of the email before the `@` (when it has 3 characters or more).
 * No rule on digits or symbols: a long phrase is stronger than `Passw0rd!`.
 */
import { z } from 'zod';
import { emailSchema, nameSchema, phoneSchema } from './personalData.ts';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

// Lower-cased; a short list of the long ones that top every leaked-password list.
const COMMON_PASSWORDS = new Set([
  '1234567890',
  '0123456789',
  '12345678910',
  '123456789a',
  'qwertyuiop',
  'azertyuiop',
  'qwertzuiop',
  '1q2w3e4r5t',
  'password12',
  'password123',
  'password1234',
  'motdepasse',
  'motdepasse1',
  'passwort123',
  'contraseña1',
  'iloveyou123',
  'abcdefghij',
  'abcd123456',
  'qwerty1234',
  'qwerty123456',
]);

/** What is wrong with a new password (empty when it passes the policy). */
export function passwordProblems(password: string, email?: string): string[] {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return [`needs at least ${PASSWORD_MIN_LENGTH} characters`];
  if (length > PASSWORD_MAX_LENGTH) return [`has at most ${PASSWORD_MAX_LENGTH} characters`];
  const problems: string[] = [];
  const lower = password.toLowerCase();
  if (new Set(password).size === 1) problems.push('is one character repeated');
  if (COMMON_PASSWORDS.has(lower)) problems.push('is too common');
  const local = email?.split('@')[0]?.toLowerCase() ?? '';
  if (local.length >= 3 && lower.includes(local)) problems.push('must not contain your email address');
  return problems;
}

/** The consents asked at sign-up: the terms (required) and marketing messages (optional). */
export const CONSENTS = ['terms', 'marketing'] as const;
export type ConsentName = (typeof CONSENTS)[number];

export const signUpConsentsSchema = z.object(
  {
    terms: z.literal(true, 'must be accepted'),
    marketing: z.boolean('is yes or no').default(false),
  },
  'are required',
);

/** A new password: the policy's rules that need no email (the email rule is checked with the email). */
export const newPasswordSchema = z.string('is required').superRefine((password, ctx) => {
  for (const message of passwordProblems(password)) ctx.addIssue({ code: 'custom', message });
});

/** The body of a sign-up: identity, password, consents. The address comes later (my-infos). */
export const signUpSchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    firstName: nameSchema,
    lastName: nameSchema,
    phone: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      phoneSchema.optional(),
    ),
    consents: signUpConsentsSchema,
  })
  // Runs once every field is valid (zod skips object checks after a field failed).
  .superRefine((input, ctx) => {
    for (const message of passwordProblems(input.password, input.email))
      ctx.addIssue({ code: 'custom', path: ['password'], message });
  });

export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUp = z.output<typeof signUpSchema>;

/** The body of a sign-in. Loose on purpose: a wrong email and a wrong password get the same answer. */
export const signInSchema = z.object({
  email: z.string('is required').max(320, 'has at most 320 characters'),
  password: z.string('is required').min(1, 'is required').max(1024, 'has at most 1024 characters'),
});

export const checkEmailSchema = z.object({ email: emailSchema });

/** The `{type}` of SPEC §7's `login/{type}` calls. */
export const LOGIN_TYPES = ['sign-in', 'sign-up', 'sign-out'] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];
