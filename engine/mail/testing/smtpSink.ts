/**
 * An in-process SMTP server for the `int` tier (smtp-server on a random loopback port): records every
 * message it accepts, and can refuse the first ones (a 451 at DATA) to exercise retries.
 */
import type { AddressInfo, Server } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  readonly to: string[];
  readonly raw: string;
  header(name: string): string | undefined;
  /** The subject, RFC 2047 words decoded. */
  readonly subject: string;
  /** The text and HTML parts, quoted-printable decoded. */
  readonly body: string;
}

export interface SmtpSink {
  readonly url: string;
  readonly received: ReceivedMail[];
  /** DATA attempts refused so far. */
  readonly refused: number;
  close(): Promise<void>;
}

const decodeQp = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const decodeWords = (text: string) =>
  text.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, word: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(word, 'base64').toString('utf8')
      : decodeQp(word.replaceAll('_', ' ')),
  );

function parse(raw: string, to: string[]): ReceivedMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) =>
    unfolded
      .split(/\r?\n/)
      .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.slice(name.length + 1)
      .trim();
  return {
    to,
    raw,
    header,
    subject: decodeWords(header('subject') ?? ''),
    body: decodeQp(rest.join('\n\n')),
  };
}

export async function startSmtpSink(options: { readonly refuseFirst?: number } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refused < (options.refuseFirst ?? 0)) {
          refused++;
          const error = Object.assign(new Error('try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        const to = session.envelope.rcptTo.map((r) => r.address);
        received.push(parse(Buffer.concat(chunks).toString('utf8'), to));
        callback();
      });
    },
  });
  const net = await new Promise<Server>((resolve) => {
    const listening = server.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = net.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get refused() {
      return refused;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
