/**
 * The bills a buyer adds for their own cars (the account's `my_account_my_bills_add`): a garage's
 * invoice as a PDF, JPEG or PNG (recognised by its first bytes), with its day, the garage, what was
 * done and the amount. Pure: today's day is given by the caller.
 */
import { z } from 'zod';
import { type Money, moneySchema } from '../catalogue/car.ts';
import type { Currency } from '../markets.ts';

/** The largest file taken, in bytes (a scanned invoice of a few pages; the page says so). */
export const MY_BILL_MAX_BYTES = 8 * 1024 * 1024;
/** How many bills one customer may keep (the next is a 409). */
export const MAX_MY_BILLS = 200;
export const MY_BILL_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type MyBillType = (typeof MY_BILL_TYPES)[number];

/** A bill's id: `bl_` and 32 hex digits. */
export const myBillIdSchema = z.string().regex(/^bl_[a-f0-9]{32}$/, 'is not a bill of yours');

/** The file's type from its first bytes, or undefined when it is none of the types taken. */
export function sniffBillType(bytes: Uint8Array): MyBillType | undefined {
  const starts = (...prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf'; // %PDF-
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  return undefined;
}

const CONTROL = /\p{Cc}/u;
const words = (max: number) =>
  z
    .string('is required')
    .trim()
    .min(1, 'is required')
    .max(max, `has at most ${max} characters`)
    .refine((value) => !CONTROL.test(value), 'has characters that are not allowed');

const emptyAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** An amount typed in major units (`1 234,50`, `1234.5`) → minor units; undefined when it is not one. */
export function parseMajorAmount(typed: string): number | undefined {
  const compact = typed.replace(/[\s\u00a0\u202f]/g, '');
  const m = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!m) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** The largest amount taken, in major units. */
export const MY_BILL_MAX_AMOUNT = 1_000_000;

/** A bill's fields as posted; `today` (`YYYY-MM-DD`) bounds its day, `currency` is the market's. */
export function myBillSchema(today: string, currency: Currency) {
  return z.object({
    carId: z.string('is required').min(1, 'is required'),
    date: z
      .string('is required')
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'is not a date (YYYY-MM-DD)')
      .refine((value) => {
        const day = new Date(`${value}T00:00:00Z`);
        return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
      }, 'is not a real date')
      .refine((value) => value >= '1950-01-01', 'is before 1950')
      .refine((value) => value <= today, 'is in the future'),
    garage: words(80),
    description: z.preprocess(emptyAsUndefined, words(300).optional()),
    amount: z.union([z.string(), z.number()], 'is required').transform((value, ctx): Money => {
      const minor =
        typeof value === 'number'
          ? Number.isFinite(value) && value >= 0
            ? Math.round(value * 100)
            : undefined
          : parseMajorAmount(value);
      if (minor === undefined) {
        ctx.addIssue({ code: 'custom', message: 'is not an amount' });
        return z.NEVER;
      }
      if (minor > MY_BILL_MAX_AMOUNT * 100) {
        ctx.addIssue({ code: 'custom', message: `is over ${MY_BILL_MAX_AMOUNT}` });
        return z.NEVER;
      }
      return { amount: minor, currency };
    }),
    /** Made by the form when shown: the same key sent twice (a double submit, a retry) is one bill. */
    uploadKey: z.string('is required').regex(/^[A-Za-z0-9_-]{8,64}$/, 'is not an upload key'),
  });
}
export type MyBillInput = z.output<ReturnType<typeof myBillSchema>>;

/** A bill as its owner sees it (the file served back to them only). */
export const myBillViewSchema = z.object({
  billId: z.string(),
  carId: z.string(),
  date: z.string(),
  garage: z.string(),
  description: z.string().nullable(),
  amount: moneySchema,
  contentType: z.enum(MY_BILL_TYPES),
  size: z.number().int(),
  createdAt: z.string(),
});
export type MyBill = z.output<typeof myBillViewSchema>;
