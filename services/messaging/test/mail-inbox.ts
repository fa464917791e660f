import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** A real SMTP server (the `smtp-server` package) that keeps what it receives, for the messaging tests. */
export class MailInbox {
  readonly mails: ReceivedMail[] = [];
  private server: SMTPServer | undefined;
  private boundPort: number | undefined;

  /**
   * Port 0, the default, binds whatever port the OS gives at start() (read back as `port`): a free port picked
   * first and bound afterwards can be taken in between by a test running beside this one. A test that plays SMTP
   * being down before the inbox starts names its port instead.
   */
  constructor(private readonly requestedPort = 0) {}

  /** The port the inbox listens on once started; before, the one it was asked to take. */
  get port(): number {
    return this.boundPort ?? this.requestedPort;
  }

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    const server = this.server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.requestedPort, '127.0.0.1', () => resolve());
    });
    this.boundPort = (server.server.address() as AddressInfo).port;
  }

  /** The mails carrying header `name: value` (a header the sender sets, like `X-Hunted-Booking`). */
  withHeader(name: string, value: string): ReceivedMail[] {
    return this.mails.filter(
      (mail) => mail.raw.includes(`\r\n${name}: ${value}\r\n`) || mail.raw.startsWith(`${name}: ${value}\r\n`),
    );
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export interface MimePart {
  headers: string;
  body: string;
}

/**
 * The leaf parts of a MIME message whose Content-Type starts with `type`, their bodies decoded (base64 or
 * quoted-printable): enough to read the `.ics` nodemailer attaches without a parser dependency.
 */
export function mimeParts(raw: string, type: string | RegExp): MimePart[] {
  const found: MimePart[] = [];
  const boundaries = [...raw.matchAll(/boundary="?([^"\r\n;]+)"?/gi)].map((m) => m[1]!);
  const chunks = boundaries.length
    ? raw.split(new RegExp(boundaries.map((b) => `--${b.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?`).join('|')))
    : [raw];
  for (const chunk of chunks) {
    const split = chunk.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const headers = chunk.slice(0, split).replace(/^\r\n/, '');
    const contentType = /^Content-Type: ([^;\r\n]+)/im.exec(headers)?.[1] ?? '';
    if (typeof type === 'string' ? !contentType.startsWith(type) : !type.test(contentType)) continue;
    let body = chunk.slice(split + 4).replace(/\r\n$/, '');
    const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(headers)?.[1]?.toLowerCase();
    if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    else if (encoding === 'quoted-printable') {
      body = Buffer.from(
        body
          .replace(/=\r\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    }
    found.push({ headers, body });
  }
  return found;
}
