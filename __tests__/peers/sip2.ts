import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { checksum, fieldsOf, hasValidChecksum, sipDate } from '../../server/auth/sip2';

export interface Sip2Patron {
  pin: string;
  name: string;
  /** Leave out the CQ (valid password) field, as some systems do when they did not check the PIN. */
  omitValidPassword?: boolean;
}

export interface Sip2Peer {
  port: number;
  /** Every message received, in order (PINs included: this is a test double). */
  received: string[];
  close(): Promise<void>;
}

function withChecksum(body: string, sequence: string): string {
  const head = `${body}AY${sequence}AZ`;
  return `${head}${checksum(head)}`;
}

/**
 * A small SIP2 server: login (93 -> 94) and patron status (23 -> 24) over TCP, answering from a table of
 * patrons the way a library system would (BL valid patron, CQ valid password, AE name).
 */
export async function startSip2Peer(options: { patrons: Record<string, Sip2Patron>; login?: { user: string; password: string }; port?: number }): Promise<Sip2Peer> {
  const received: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffer = '';
    let loggedIn = !options.login;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r')) >= 0) {
        const message = buffer.slice(0, end).replace(/^\n/, '');
        buffer = buffer.slice(end + 1);
        received.push(message);
        const sequence = /AY(\d)AZ/.exec(message)?.[1] ?? '0';
        if (!hasValidChecksum(message)) {
          socket.write('96\r');
          continue;
        }
        if (message.startsWith('93')) {
          const fields = fieldsOf(message, 4);
          loggedIn = fields.get('CN') === options.login?.user && fields.get('CO') === options.login?.password;
          socket.write(`${withChecksum(`94${loggedIn ? 1 : 0}`, sequence)}\r`);
          continue;
        }
        if (message.startsWith('23') && loggedIn) {
          const fields = fieldsOf(message, 23);
          const card = fields.get('AA') ?? '';
          const pin = fields.get('AD') ?? '';
          const patron = options.patrons[card];
          const institution = fields.get('AO') ?? '';
          const parts = [`24              001${sipDate()}AO${institution}|AA${card}|AE${patron?.name ?? ''}|BL${patron ? 'Y' : 'N'}|`];
          if (patron && !patron.omitValidPassword) parts.push(`CQ${patron.pin === pin ? 'Y' : 'N'}|`);
          socket.write(`${withChecksum(parts.join(''), sequence)}\r`);
          continue;
        }
        socket.write('96\r');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
