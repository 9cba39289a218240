import { desc, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { outbox } from '@/server/db/schema';
import { call, type CallOptions, type CallResult, type TestApp } from './app';

let clients = 0;

/** A made-up client address, so each test's per-IP limits start empty (the app runs with TRUST_PROXY=1). */
export function newClientIp(): string {
  clients += 1;
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
}

/** Calls as one client (X-Forwarded-For), with its own cookies kept between calls. */
export function client(app: TestApp) {
  const ip = newClientIp();
  const jar = new Map<string, string>();
  return {
    ip,
    jar,
    cookieHeader: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    async call<T = Record<string, unknown>>(path: string, options: CallOptions = {}): Promise<CallResult<T>> {
      const headers: Record<string, string> = { 'x-forwarded-for': ip, ...options.headers };
      const result = await call<T>(app, path, { ...options, headers });
      for (const line of result.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        const name = pair.slice(0, at);
        const value = pair.slice(at + 1);
        if (/Max-Age=0/i.test(line) || value === '') jar.delete(name);
        else jar.set(name, value);
      }
      return result;
    },
  };
}

/** The newest code written to the development outbox for an address. */
export async function outboxCode(db: Database, recipient: string): Promise<string> {
  const rows = await db.select().from(outbox).where(eq(outbox.recipient, recipient)).orderBy(desc(outbox.id)).limit(1);
  const code = rows[0] ? /\b(\d{6})\b/.exec(rows[0].body)?.[1] : undefined;
  if (!code) throw new Error(`no code in the outbox for ${recipient}`);
  return code;
}

let addresses = 0;
export function newEmail(label = 'member'): string {
  addresses += 1;
  return `${label}.${addresses}.${Date.now().toString(36)}@example.org`;
}
