/**
 * The calendar invitation of an appointment's mail (RFC 5545): one VEVENT in UTC, whose UID is the
 * appointment's, so a calendar that imported it recognises a later cancel (METHOD:CANCEL, STATUS:CANCELLED).
 */

export interface AppointmentIcsInput {
  readonly appointmentId: string;
  readonly method: 'PUBLISH' | 'CANCEL';
  /** ISO 8601 instants. */
  readonly start: string;
  readonly end: string;
  /** When the invitation is made (the mail's row), ISO 8601. */
  readonly stamp: string;
  readonly summary: string;
  readonly location: string;
  readonly description: string;
  readonly url?: string | undefined;
  readonly host: string;
}

const utc = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** RFC 5545 TEXT escaping. */
const text = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/([,;])/g, '\\$1');

/** Folds a content line at 75 octets (continuation lines start with a space). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (Buffer.byteLength(current + char, 'utf8') > limit) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function appointmentIcs(input: AppointmentIcsInput): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//car-retail//appointments//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${input.method}`,
    'BEGIN:VEVENT',
    `UID:${input.appointmentId}@${input.host}`,
    `DTSTAMP:${utc(input.stamp)}`,
    `DTSTART:${utc(input.start)}`,
    `DTEND:${utc(input.end)}`,
    `SEQUENCE:${input.method === 'CANCEL' ? 1 : 0}`,
    `STATUS:${input.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    `SUMMARY:${text(input.summary)}`,
    `LOCATION:${text(input.location)}`,
    `DESCRIPTION:${text(input.description)}`,
    ...(input.url ? [`URL:${input.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
