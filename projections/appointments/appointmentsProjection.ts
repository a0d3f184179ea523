/**
 * The appointments' read model (domain/appointment/README.md): one row per appointment with ids and
 * times only (the contact's name, email and phone stay in the vault), for the account area's list and
 * the back office's list per dealer and day.
 */
import type { Knex } from 'knex';
import {
  APPOINTMENT_EVENT_TYPES,
  type AppointmentBooked,
  type AppointmentCancelled,
  DEALER_DAY_PREFIX,
} from '../../domain/appointment/schemas.ts';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import { defineProjection } from '../defineProjection.ts';
import { eventTime } from '../funnels/funnelBatch.ts';

export interface AppointmentRow {
  appointment_id: string;
  dealer_id: string;
  day: string;
  time: string;
  start_at: Date;
  purpose: string;
  locale: string;
  customer_id: string | null;
  status: 'booked' | 'cancelled';
  cancel_code: string | null;
  cancelled_by: string | null;
  moved_from: string | null;
  moved_to: string | null;
  booked_at: Date;
  updated_at: Date;
}

export const appointmentsProjection = defineProjection({
  name: 'appointments',
  version: 1,
  eventTypes: [...APPOINTMENT_EVENT_TYPES],
  tables: {
    appointments: (t: Knex.CreateTableBuilder) => {
      t.text('appointment_id').primary();
      t.text('dealer_id').notNullable();
      t.text('day').notNullable();
      t.text('time').notNullable();
      t.timestamp('start_at', { useTz: true }).notNullable();
      t.text('purpose').notNullable();
      t.text('locale').notNullable();
      t.text('customer_id');
      t.text('status').notNullable();
      t.text('cancel_code');
      t.text('cancelled_by');
      t.text('moved_from');
      t.text('moved_to');
      t.timestamp('booked_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.index(['dealer_id', 'day', 'time']);
      t.index(['customer_id', 'start_at']);
      t.index(['day', 'dealer_id']);
    },
  },
  async handle(events: readonly RecordedEvent[], { trx, table }) {
    const target = table('appointments');
    for (const event of events) {
      if (!event.streamName.startsWith(DEALER_DAY_PREFIX)) continue;
      const at = eventTime(event);
      if (event.type === 'AppointmentBooked') {
        const d = event.data as AppointmentBooked;
        await trx.raw(
          `INSERT INTO ${target} (appointment_id, dealer_id, day, time, start_at, purpose, locale, customer_id,
             status, moved_from, booked_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'booked', ?, ?, ?) ON CONFLICT (appointment_id) DO NOTHING`,
          [
            d.appointmentId,
            d.dealerId,
            d.day,
            d.time,
            d.start,
            d.purpose,
            d.locale,
            d.customerId,
            d.movedFrom,
            at,
            at,
          ],
        );
      } else if (event.type === 'AppointmentCancelled') {
        const d = event.data as AppointmentCancelled;
        await trx.raw(
          `UPDATE ${target} SET status = 'cancelled', cancel_code = ?, cancelled_by = ?, moved_to = ?, updated_at = ?
           WHERE appointment_id = ?`,
          [d.code, d.by, d.movedTo, at, d.appointmentId],
        );
      }
    }
  },
});

export interface AppointmentListItem {
  readonly appointmentId: string;
  readonly dealerId: string;
  readonly day: string;
  readonly time: string;
  readonly start: string;
  readonly purpose: string;
  readonly locale: string;
  readonly customerId: string | null;
  readonly status: 'booked' | 'cancelled';
  readonly cancelCode: string | null;
  readonly cancelledBy: string | null;
  readonly movedFrom: string | null;
  readonly movedTo: string | null;
}

const item = (row: AppointmentRow): AppointmentListItem => ({
  appointmentId: row.appointment_id,
  dealerId: row.dealer_id,
  day: row.day,
  time: row.time,
  start: new Date(row.start_at).toISOString(),
  purpose: row.purpose,
  locale: row.locale,
  customerId: row.customer_id,
  status: row.status,
  cancelCode: row.cancel_code,
  cancelledBy: row.cancelled_by,
  movedFrom: row.moved_from,
  movedTo: row.moved_to,
});

export interface AppointmentQueries {
  /** A customer's appointments, soonest first (cancelled ones too, for the list's history). */
  ofCustomer(customerId: string): Promise<AppointmentListItem[]>;
  /** A dealer's (or every dealer's) appointments of a day, by time. */
  ofDay(filter: {
    readonly day: string;
    readonly dealerId?: string | undefined;
  }): Promise<AppointmentListItem[]>;
}

export function appointmentQueries(options: { knex: Knex; schema?: string }): AppointmentQueries {
  const table = `"${(options.schema ?? 'public').replaceAll('"', '""')}".appointments`;
  const { knex } = options;
  return {
    async ofCustomer(customerId) {
      const { rows } = await knex.raw<{ rows: AppointmentRow[] }>(
        `SELECT * FROM ${table} WHERE customer_id = ? ORDER BY start_at, appointment_id LIMIT 200`,
        [customerId],
      );
      return rows.map(item);
    },
    async ofDay({ day, dealerId }) {
      const { rows } = await knex.raw<{ rows: AppointmentRow[] }>(
        `SELECT * FROM ${table} WHERE day = ? ${dealerId ? 'AND dealer_id = ?' : ''}
         ORDER BY dealer_id, time, appointment_id LIMIT 1000`,
        dealerId ? [day, dealerId] : [day],
      );
      return rows.map(item);
    },
  };
}
