import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The message body after the headers. */
  body: string;
}

export interface SmtpPeer {
  port: number;
  url: string;
  mails: ReceivedMail[];
  /** The newest six-digit code mailed to `to` (waits for it to arrive). */
  codeFor(to: string, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps what it receives, so a test can read the code a person would. */
export async function startSmtpPeer(port = 0): Promise<SmtpPeer> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const split = raw.search(/\r?\n\r?\n/);
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          body: split >= 0 ? raw.slice(split).replace(/=\r?\n/g, '') : raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    mails,
    async codeFor(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = [...mails].reverse().find((m) => m.to.includes(to.toLowerCase()));
        const code = mail ? /\b(\d{6})\b/.exec(mail.body)?.[1] : undefined;
        if (code) return code;
        if (Date.now() > deadline) throw new Error(`no code mailed to ${to}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
