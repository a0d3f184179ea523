/**
 * The buyers' bills on `customer_bills` (migration 013) and the media storage (files keyed
 * `my-bills/<billId>`). A file is stored first, then its row inserted; a failed insert removes the file,
 * so a bill is never half there (a crash between the two leaves at most an unlisted file).
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { dayIn } from '../../domain/bills/billDocuments.ts';
import {
  MAX_MY_BILLS,
  MY_BILL_MAX_BYTES,
  type MyBill,
  type MyBillType,
  myBillIdSchema,
  myBillSchema,
  sniffBillType,
} from '../../domain/bills/myBills.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { MediaStorage } from '../media/mediaStorage.ts';
import type { CustomerBills } from './customerBills.ts';

export interface CustomerBillsOptions {
  readonly knex: Knex;
  readonly schema?: string;
  readonly media: MediaStorage;
  readonly clock?: () => Date;
  readonly newBillId?: () => string;
}

interface BillRow {
  bill_id: string;
  customer_id: string;
  car_id: string;
  upload_key: string;
  /** `bill_date` as text (`YYYY-MM-DD`). */
  bill_day: string;
  garage: string;
  description: string | null;
  amount: string | number;
  currency: 'EUR' | 'PLN';
  content_type: MyBillType;
  size: number;
  created_at: Date;
}

export const newMyBillId = () => `bl_${randomUUID().replaceAll('-', '')}`;

const fileKey = (billId: string) => `my-bills/${billId}`;

const toBill = (row: BillRow): MyBill => ({
  billId: row.bill_id,
  carId: row.car_id,
  date: row.bill_day,
  garage: row.garage,
  description: row.description,
  amount: { amount: Number(row.amount), currency: row.currency },
  contentType: row.content_type,
  size: row.size,
  createdAt: row.created_at.toISOString(),
});

export function createCustomerBills(options: CustomerBillsOptions): CustomerBills {
  const { knex, media } = options;
  const schema = options.schema ?? 'public';
  const table = `${schema}.customer_bills`;
  const clock = options.clock ?? (() => new Date());
  const newBillId = options.newBillId ?? newMyBillId;
  // `date` columns come back as text, never shifted by the process's time zone.
  const select = () => knex(table).select('*', knex.raw("to_char(bill_date, 'YYYY-MM-DD') as bill_day"));

  async function rowOf(customerId: string, billId: string): Promise<BillRow> {
    const row = myBillIdSchema.safeParse(billId).success
      ? ((await select().where({ bill_id: billId, customer_id: customerId }).first()) as BillRow | undefined)
      : undefined;
    if (!row) throw new NotFoundError(`no bill ${billId} of yours`, { billId });
    return row;
  }

  const byKey = async (customerId: string, uploadKey: string) =>
    (await select().where({ customer_id: customerId, upload_key: uploadKey }).first()) as BillRow | undefined;

  return {
    async list(customerId) {
      const rows = (await select()
        .where({ customer_id: customerId })
        .orderBy([
          { column: 'car_id' },
          { column: 'bill_date', order: 'desc' },
          { column: 'created_at', order: 'desc' },
        ])) as BillRow[];
      return rows.map(toBill);
    },

    async add(customerId, fields, file, market) {
      const today = dayIn(clock().toISOString(), market.timeZone);
      const problems: Record<string, string[]> = {};
      const parsed = myBillSchema(today, market.currency).safeParse(fields);
      if (!parsed.success)
        for (const issue of parsed.error.issues) {
          const key = issue.path.map(String).join('.') || 'bill';
          problems[key] = [...(problems[key] ?? []), issue.message];
        }
      // A retry of a bill already made answers it, whatever the file this time.
      if (parsed.success) {
        const made = await byKey(customerId, parsed.data.uploadKey);
        if (made) return { bill: toBill(made), created: false };
      }
      const carId = typeof fields.carId === 'string' ? fields.carId : '';
      if (carId && !problems.carId) {
        const car = await knex(`${schema}.customer_cars`)
          .where({ car_id: carId, customer_id: customerId })
          .first('car_id');
        if (!car) problems.carId = ['is not a car of yours'];
      }
      let type: MyBillType | undefined;
      if (file.truncated || (file.bytes && file.bytes.length > MY_BILL_MAX_BYTES))
        problems.file = [`is over ${MY_BILL_MAX_BYTES} bytes`];
      else if (!file.bytes || file.bytes.length === 0) problems.file = ['is missing'];
      else {
        type = sniffBillType(file.bytes);
        if (!type) problems.file = ['is not a PDF, JPEG or PNG file'];
      }
      if (!parsed.success || Object.keys(problems).length > 0 || !type || !file.bytes)
        throw new ValidationError('the bill is not valid', problems);
      const bill = parsed.data;
      const [{ count }] = (await knex(table).where({ customer_id: customerId }).count({ count: '*' })) as [
        { count: string | number },
      ];
      if (Number(count) >= MAX_MY_BILLS)
        throw new ConflictError(`at most ${MAX_MY_BILLS} bills: remove one first`, {
          max: MAX_MY_BILLS,
          fields: { _form: ['too_many'] },
        });

      const billId = newBillId();
      await media.put(fileKey(billId), { bytes: file.bytes, contentType: type });
      let inserted: BillRow | undefined;
      try {
        [inserted] = (await knex(table)
          .insert({
            bill_id: billId,
            customer_id: customerId,
            car_id: carId,
            upload_key: bill.uploadKey,
            bill_date: bill.date,
            garage: bill.garage,
            description: bill.description ?? null,
            amount: bill.amount.amount,
            currency: bill.amount.currency,
            content_type: type,
            size: file.bytes.length,
            created_at: clock(),
          })
          .onConflict(['customer_id', 'upload_key'])
          .ignore()
          .returning('bill_id')) as BillRow[];
      } catch (error) {
        await media.remove(fileKey(billId));
        // The car was removed meanwhile (its row is gone: the foreign key refuses the bill).
        if ((error as { code?: string }).code === '23503')
          throw new ValidationError('the bill is not valid', { carId: ['is not a car of yours'] });
        throw error;
      }
      if (!inserted) {
        // The same upload raced this one and won: one bill, its answer.
        await media.remove(fileKey(billId));
        const made = await byKey(customerId, bill.uploadKey);
        if (!made) throw new ConflictError('the bill was removed meanwhile');
        return { bill: toBill(made), created: false };
      }
      return { bill: toBill(await rowOf(customerId, billId)), created: true };
    },

    async file(customerId, billId) {
      const row = await rowOf(customerId, billId);
      const stored = await media.get(fileKey(billId));
      if (!stored) throw new NotFoundError(`bill ${billId} has no file`, { billId });
      return { ...stored, bill: toBill(row) };
    },

    async remove(customerId, billId) {
      if (!myBillIdSchema.safeParse(billId).success) return;
      const removed = await knex(table).where({ bill_id: billId, customer_id: customerId }).delete();
      if (removed > 0) await media.remove(fileKey(billId));
    },

    async removeCar(customerId, carId, removeCar) {
      const rows = (await knex(table)
        .where({ customer_id: customerId, car_id: carId })
        .select('bill_id')) as BillRow[];
      await removeCar();
      for (const row of rows) await media.remove(fileKey(row.bill_id));
    },

    async eraseCustomer(customerId) {
      const rows = (await knex(table).where({ customer_id: customerId }).select('bill_id')) as BillRow[];
      for (const row of rows) await media.remove(fileKey(row.bill_id));
      await knex(table).where({ customer_id: customerId }).delete();
    },
  };
}
