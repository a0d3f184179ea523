import type { JsonObject, RecordedEvent } from '../eventStore.ts';

/** A row of `streams` as pg returns it (int8 as text). */
export interface StreamRow {
  stream_name: string;
  revision: string;
  deleted: 'soft' | 'tombstone' | null;
  truncate_before: string | null;
  metadata: JsonObject | null;
}

/** A row of `events` as selected by the adapter. */
export interface EventRow {
  commit_position: string;
  global_position: string;
  stream_name: string;
  revision: string;
  event_id: string;
  event_type: string;
  data: JsonObject;
  metadata: JsonObject;
  created: Date;
}

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamName: row.stream_name,
    revision: BigInt(row.revision),
    position: { commit: BigInt(row.commit_position), prepare: BigInt(row.global_position) },
    type: row.event_type,
    data: row.data,
    metadata: row.metadata,
    created: row.created,
  };
}
