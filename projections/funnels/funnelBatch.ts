/**
 * When a funnel event happened, for the funnel read models' times and the statistics' days.
 */
import type { RecordedEvent } from '../../engine/eventStore.ts';

/**
 * When the event happened: its metadata's `at` (FunnelEventMetadata, the command's injected time),
 * else when the store recorded it. Reports use this, so a replay files each event under the same day.
 */
export function eventTime(event: RecordedEvent): Date {
  const at = event.metadata?.at;
  if (typeof at === 'string') {
    const time = new Date(at);
    if (!Number.isNaN(time.getTime())) return time;
  }
  return event.created;
}
