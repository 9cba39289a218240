import net from 'node:net';
import { outsideCallTimeoutMs } from '../config';

/**
 * A small SIP2 client: the patron status request (23) and its response (24), with the optional login (93)
 * some library systems ask for first. Messages end in a carriage return and carry the AY/AZ error check.
 */

export interface Sip2Settings {
  host: string;
  port: number;
  institution: string;
  loginUser?: string | null;
  loginPassword?: string | null;
  timeoutMs?: number;
}

export interface PatronStatus {
  /** BL: the library knows this patron (a missing BL is not a 'no'; CQ decides). */
  validPatron: boolean;
  /** CQ: the PIN was right. Missing means the system did not check it, which is a refusal here. */
  validPassword: boolean;
  /** AE: the patron's name, as the library system holds it. */
  name: string;
  screenMessage: string;
}

/** SIP2 checksum: the two's complement of the 16-bit sum of every character up to and including 'AZ'. */
export function checksum(message: string): string {
  let sum = 0;
  for (const char of message) sum = (sum + char.charCodeAt(0)) & 0xffff;
  return ((-sum) & 0xffff).toString(16).toUpperCase().padStart(4, '0');
}

export function withErrorDetection(body: string, sequence: number): string {
  const head = `${body}AY${sequence % 10}AZ`;
  return `${head}${checksum(head)}`;
}

/** Accepts a message without error detection; refuses one whose checksum is wrong. */
export function hasValidChecksum(message: string): boolean {
  const at = message.lastIndexOf('AZ');
  if (at < 0 || !/AY\dAZ[0-9A-Fa-f]{4}$/.test(message)) return true;
  return checksum(message.slice(0, at + 2)) === message.slice(at + 2).toUpperCase();
}

/** SIP2 date: YYYYMMDD, four spaces for the local time zone, HHMMSS. */
export function sipDate(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}    ${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
}

/** Values go between '|' separators; these characters would end or break the message. */
function assertFieldSafe(value: string): void {
  if (/[|\r\n\u0000-\u001f]/.test(value)) throw new Error('SIP2 field contains a separator or control character');
}

export function patronStatusRequest(settings: Pick<Sip2Settings, 'institution'>, patron: string, pin: string, sequence = 0, date = new Date()): string {
  for (const value of [settings.institution, patron, pin]) assertFieldSafe(value);
  return withErrorDetection(`23001${sipDate(date)}AO${settings.institution}|AA${patron}|AC|AD${pin}|`, sequence);
}

export function loginRequest(user: string, password: string, sequence = 0): string {
  for (const value of [user, password]) assertFieldSafe(value);
  return withErrorDetection(`9300CN${user}|CO${password}|CP|`, sequence);
}

/** The variable fields of a message (two-letter code, value up to '|'), after its fixed-length part. */
export function fieldsOf(message: string, fixedLength: number): Map<string, string> {
  const fields = new Map<string, string>();
  const variable = message.slice(fixedLength).replace(/AY\dAZ[0-9A-Fa-f]{4}$/, '');
  for (const part of variable.split('|')) {
    if (part.length < 2) continue;
    const code = part.slice(0, 2);
    if (!fields.has(code)) fields.set(code, part.slice(2));
  }
  return fields;
}

/** Response 24: '24', 14 status characters, language (3), date (18), then fields. */
export function parsePatronStatusResponse(message: string): PatronStatus {
  if (!message.startsWith('24') || message.length < 37) throw new Error('not a patron status response');
  const fields = fieldsOf(message, 37);
  return {
    validPatron: fields.get('BL') !== 'N',
    validPassword: fields.get('CQ') === 'Y',
    name: fields.get('AE') ?? '',
    screenMessage: fields.get('AF') ?? '',
  };
}

/** One request/response conversation over a TCP connection. */
class Sip2Connection {
  private buffer = '';
  private waiting: { resolve(line: string): void; reject(error: Error): void } | null = null;
  private failure: Error | null = null;

  constructor(private readonly socket: net.Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.flush();
    });
    const fail = (error: Error) => {
      this.failure = error;
      this.waiting?.reject(error);
      this.waiting = null;
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('SIP2 connection closed')));
    socket.on('timeout', () => {
      fail(new Error('SIP2 server did not answer in time'));
      socket.destroy();
    });
  }

  private flush(): void {
    const end = this.buffer.search(/\r\n?|\n/);
    if (end < 0 || !this.waiting) return;
    const line = this.buffer.slice(0, end);
    this.buffer = this.buffer.slice(end + 1).replace(/^\n/, '');
    const { resolve } = this.waiting;
    this.waiting = null;
    resolve(line);
  }

  send(message: string): Promise<string> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(`${message}\r`);
      this.flush();
    });
  }
}

function connect(settings: Sip2Settings): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({ host: settings.host, port: settings.port });
    socket.setTimeout(settings.timeoutMs ?? outsideCallTimeoutMs());
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
    socket.once('timeout', () => {
      socket.destroy();
      reject(new Error('SIP2 server did not answer in time'));
    });
  });
}

/**
 * Asks the library system about a patron. A blank PIN is refused without asking: some systems report a
 * patron with no PIN check as valid, and the card alone is not proof.
 */
export async function checkPatron(settings: Sip2Settings, patron: string, pin: string): Promise<{ ok: true; name: string } | { ok: false }> {
  if (!pin.trim()) return { ok: false };
  const socket = await connect(settings);
  const connection = new Sip2Connection(socket);
  // The socket's timeout is for silence only; a server that trickles bytes is cut off at the same bound overall.
  const deadline = setTimeout(() => socket.destroy(new Error('SIP2 server did not answer in time')), settings.timeoutMs ?? outsideCallTimeoutMs());
  try {
    let sequence = 0;
    if (settings.loginUser) {
      const login = await connection.send(loginRequest(settings.loginUser, settings.loginPassword ?? '', sequence++));
      if (!login.startsWith('941')) throw new Error('SIP2 login refused');
    }
    const answer = await connection.send(patronStatusRequest(settings, patron, pin, sequence));
    if (!hasValidChecksum(answer)) throw new Error('SIP2 response failed its checksum');
    const status = parsePatronStatusResponse(answer);
    return status.validPatron && status.validPassword ? { ok: true, name: status.name } : { ok: false };
  } finally {
    clearTimeout(deadline);
    socket.destroy();
  }
}
