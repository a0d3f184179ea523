/**
 * The event store (engine/postgres): streams, events, and the append and delete functions that check
 * the expected revision under the stream's row lock in one round trip.
 *
 * Gap-safe reading: every event row stores the id of the transaction that wrote it (xid8). Readers
 * take only rows whose transaction is older than every transaction still running
 * (`transaction_id < pg_snapshot_xmin(pg_current_snapshot())`) in `(transaction_id, global_position)`
 * order, so an append that took its sequence number early and commits late is still delivered, once.
 *
 * Errors are raised with our own SQLSTATEs so the adapter maps them to typed errors:
 * ES409 wrong expected revision (DETAIL: actual revision or no_stream), ES410 stream deleted,
 * ES422 event id already used by other events, ES208 some event ids are stored already (the adapter
 * calls again with p_retry, which answers a true retry with its first outcome).
 */
import type { Knex } from 'knex';
import { appendEventsFunction } from './appendEventsFunction.ts';
import { ident, type SchemaMigration } from './migration.ts';

export const eventStoreMigration: SchemaMigration = {
  name: '001_event_store',
  async up(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(`
      CREATE TABLE ${s}.streams (
        stream_name text PRIMARY KEY,
        revision bigint NOT NULL DEFAULT -1,
        deleted text CHECK (deleted IN ('soft', 'tombstone')),
        truncate_before bigint,
        metadata jsonb NOT NULL DEFAULT '{}'
      );
      CREATE TABLE ${s}.events (
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        global_position bigint GENERATED ALWAYS AS IDENTITY,
        stream_name text NOT NULL,
        revision bigint NOT NULL,
        event_id uuid NOT NULL,
        event_type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL,
        created timestamptz NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (transaction_id, global_position),
        UNIQUE (stream_name, revision),
        UNIQUE (event_id)
      );

      CREATE FUNCTION ${s}.lock_stream(p_stream text) RETURNS ${s}.streams LANGUAGE plpgsql AS $fn$
      DECLARE v ${s}.streams;
      BEGIN
        SELECT * INTO v FROM ${s}.streams WHERE stream_name = p_stream FOR UPDATE;
        IF NOT FOUND THEN
          INSERT INTO ${s}.streams (stream_name) VALUES (p_stream) ON CONFLICT DO NOTHING;
          SELECT * INTO v FROM ${s}.streams WHERE stream_name = p_stream FOR UPDATE;
        END IF;
        RETURN v;
      END $fn$;

      CREATE FUNCTION ${s}.check_expected(v ${s}.streams, p_expected text) RETURNS void LANGUAGE plpgsql AS $fn$
      DECLARE v_exists boolean := v.deleted IS NULL AND v.revision >= 0;
      DECLARE v_actual text := CASE WHEN v_exists THEN v.revision::text ELSE 'no_stream' END;
      BEGIN
        IF v.deleted = 'tombstone' THEN
          RAISE EXCEPTION USING ERRCODE = 'ES410', MESSAGE = 'stream deleted';
        END IF;
        IF (p_expected = 'no_stream' AND v_exists)
          OR (p_expected = 'stream_exists' AND NOT v_exists)
          OR (p_expected NOT IN ('any', 'no_stream', 'stream_exists')
              AND (NOT v_exists OR v.revision <> p_expected::bigint)) THEN
          RAISE EXCEPTION USING ERRCODE = 'ES409', MESSAGE = 'wrong expected revision', DETAIL = v_actual;
        END IF;
      END $fn$;

      ${appendEventsFunction(knex, schema, { replanIdChecks: false })}

      -- p_mode: 'soft' hides the stream (a later append recreates it), 'tombstone' ends it for good.
      CREATE FUNCTION ${s}.delete_stream(p_stream text, p_expected text, p_mode text) RETURNS void
      LANGUAGE plpgsql AS $fn$
      DECLARE v ${s}.streams;
      BEGIN
        v := ${s}.lock_stream(p_stream);
        PERFORM ${s}.check_expected(v, p_expected);
        IF p_mode = 'tombstone' THEN
          UPDATE ${s}.streams SET deleted = 'tombstone' WHERE stream_name = p_stream;
        ELSIF v.deleted IS NULL AND v.revision >= 0 THEN
          UPDATE ${s}.streams SET deleted = 'soft', truncate_before = v.revision + 1 WHERE stream_name = p_stream;
        END IF;
      END $fn$;
    `);
  },
  async down(knex: Knex, schema: string) {
    const s = ident(schema);
    await knex.raw(`
      DROP FUNCTION IF EXISTS ${s}.delete_stream(text, text, text);
      DROP FUNCTION IF EXISTS ${s}.append_events(text, text, jsonb, boolean);
      DROP FUNCTION IF EXISTS ${s}.check_expected(${s}.streams, text);
      DROP FUNCTION IF EXISTS ${s}.lock_stream(text);
      DROP TABLE IF EXISTS ${s}.events;
      DROP TABLE IF EXISTS ${s}.streams;
    `);
  },
};
