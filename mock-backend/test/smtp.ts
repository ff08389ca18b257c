import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as a local SMTP server received it. */
interface ReceivedMail {
  to: string[];
  subject: string;
  messageId: string;
  /** The raw message with quoted-printable undone (links are whole again). */
  text: string;
}

export interface LocalSmtp {
  readonly port: number;
  readonly received: ReceivedMail[];
  /** Listens (again) on `port`. */
  start(): Promise<void>;
  /** Stops listening: senders get "connection refused", as from a server that is down. */
  stop(): Promise<void>;
}

/** A free loopback port (nothing listens on it once this returns). */
async function freeLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function readMail(raw: string): Omit<ReceivedMail, 'to'> {
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1]?.trim() ?? '';
  const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return { subject: header('Subject'), messageId: header('Message-ID'), text };
}

/**
 * A real SMTP server on loopback (the smtp-server package) for tests of the mail path: the backend sends to it with
 * the same nodemailer transport as in production. Not started until `start()`.
 */
export async function localSmtp(port?: number, opts: { refuse?: (address: string) => boolean } = {}): Promise<LocalSmtp> {
  const chosen = port ?? (await freeLoopbackPort());
  const received: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  return {
    port: chosen,
    received,
    async start() {
      if (server) return;
      const listening = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onRcptTo(address, _session, callback) {
          // A mailbox that does not exist: the permanent refusal a real server answers.
          if (opts.refuse?.(address.address)) return callback(Object.assign(new Error('5.1.1 mailbox unavailable'), { responseCode: 550 }));
          callback();
        },
        onData(stream, session, callback) {
          let raw = '';
          stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
          stream.on('end', () => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address), ...readMail(raw) });
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => listening.listen(chosen, '127.0.0.1', resolve));
      server = listening;
    },
    async stop() {
      const closing = server;
      server = null;
      if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
}
