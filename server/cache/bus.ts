/**
 * Invalidation across instances. Every instance of the site on one database listens on one channel: PostgreSQL
 * LISTEN/NOTIFY on a connection of its own, or Redis pub/sub when REDIS_URL is set. A writer's drops go out as one
 * notice; each other instance drops the same entries (its own notices it has already applied, and ignores).
 *
 * While the channel is starting, or lost, an instance may miss notices, so it keeps nothing (loads under way are
 * still shared); when the channel is back it forgets everything it had, reconnecting after a loss. A channel that
 * cannot carry a notice from one connection to another (in-memory PGlite behind its socket) is local only: the
 * instance is alone on that database, invalidation is in-process and says so once in the log.
 *
 * Only a server process listens (instrumentation.ts starts the bus); a command-line tool (import, seed) only sends.
 */
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { Client } from 'pg';
import { getPool } from '../db/client';
import { processWide } from '../process-wide';
import { viaRedis } from '../redis';
import { cacheTtlMs, dropLocally, type Drop } from './memory';

export type { Drop } from './memory';

const CHANNEL = 'library_reader_cache';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; past this, a notice drops whole caches. */
const MAX_PAYLOAD = 7_000;
const PROBE_WAIT_MS = 2_000;
export const LISTENER_NAME = 'library-reader cache listener';
const HEARTBEAT_MS = 5_000;
const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 10_000;

type Notice = { from: string; drops: Drop[] } | { from: string; probe: string };

/** starting: not yet heard its own probe; live: hears every notice; lost: reconnecting; local: alone on its database. */
export type BusState = 'starting' | 'live' | 'lost' | 'local';

interface Bus {
  transport: 'postgres' | 'redis';
  url: string;
  state: BusState;
  stopped: boolean;
  stop(): Promise<void>;
}

interface Holder {
  instanceId: string;
  bus: Bus | null;
  probes: Map<string, () => void>;
}

const holder = processWide<Holder>('cache-bus', () => ({ instanceId: randomUUID(), bus: null, probes: new Map() }));

/** Whether entries may be kept: no bus (one process: tests, tools), or one that hears every notice or is alone. */
export function busKeepsEntries(): boolean {
  const { bus } = holder;
  return !bus || bus.state === 'live' || bus.state === 'local';
}

export function cacheBusState(): BusState | 'off' {
  return holder.bus?.state ?? 'off';
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function receive(payload: string | undefined): void {
  if (!payload) return;
  let notice: Notice;
  try {
    notice = JSON.parse(payload) as Notice;
  } catch {
    return;
  }
  if ('probe' in notice) {
    if (notice.from === holder.instanceId) holder.probes.get(notice.probe)?.();
    return;
  }
  // This instance applied its own drops before sending them.
  if (notice.from === holder.instanceId || !Array.isArray(notice.drops)) return;
  dropLocally(notice.drops);
}

function encode(drops: readonly Drop[]): string {
  const payload = JSON.stringify({ from: holder.instanceId, drops });
  if (payload.length <= MAX_PAYLOAD) return payload;
  const names = [...new Set(drops.map((drop) => drop.name))].map((name) => ({ name }));
  return JSON.stringify({ from: holder.instanceId, drops: names });
}

/** Publishes on a connection of its own and closes it: a tool (import, seed) must not be kept running by Redis. */
async function publishOnce(url: string, channel: string, payload: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 2_000, commandTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.publish(channel, payload);
  } finally {
    redis.disconnect();
  }
}

async function send(transport: 'postgres' | 'redis', payload: string): Promise<void> {
  if (transport === 'redis') {
    if (!holder.bus) return publishOnce(process.env.REDIS_URL!, redisChannel(), payload);
    const sent = await viaRedis(
      async (redis) => {
        await redis.publish(redisChannel(), payload);
        return true;
      },
      async () => false,
    );
    if (!sent) throw new Error('Redis is unreachable');
    return;
  }
  await getPool().query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
}

/**
 * The Redis channel of this site's database: instances on other databases sharing one Redis do not hear each other.
 * (A PostgreSQL channel belongs to its database already.)
 */
function redisChannel(): string {
  let database = 'default';
  try {
    database = new URL(process.env.DATABASE_URL ?? '').pathname.replace(/^\//, '') || database;
  } catch {
    // no database address: the default channel
  }
  return `${CHANNEL}:${database}`;
}

function transportNow(): 'postgres' | 'redis' | null {
  if (process.env.REDIS_URL) return 'redis';
  if (process.env.DATABASE_URL) return 'postgres';
  return null;
}

/**
 * Tells the other instances to drop `drops`. Sent when caching is on here or a bus runs (a tool importing beside the
 * site sends too). A notice that cannot be sent is logged, not thrown: the write it follows has succeeded, and an
 * instance that cannot hear the channel keeps nothing.
 */
export async function publish(drops: readonly Drop[]): Promise<void> {
  if (drops.length === 0) return;
  const transport = holder.bus?.transport ?? transportNow();
  if (!transport || (!holder.bus && cacheTtlMs() === 0)) return;
  try {
    await send(transport, encode(drops));
  } catch (error) {
    console.error(`[cache] could not tell other instances to drop ${drops.map((drop) => drop.name).join(', ')}: ${reason(error)}`);
  }
}

/**
 * Sends a probe and waits for it to come back through the listening side: 'heard', 'unheard' (sent, never arrived:
 * a database that does not carry notices between connections), or 'failed' (could not be sent).
 */
async function probe(transport: 'postgres' | 'redis', sendVia: (payload: string) => Promise<void>): Promise<'heard' | 'unheard' | 'failed'> {
  const id = randomUUID();
  const heard = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), PROBE_WAIT_MS);
    timer.unref();
    holder.probes.set(id, () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  try {
    await sendVia(JSON.stringify({ from: holder.instanceId, probe: id }));
    return (await heard) ? 'heard' : 'unheard';
  } catch (error) {
    console.error(`[cache] the ${transport} channel did not take a probe: ${reason(error)}`);
    return 'failed';
  } finally {
    holder.probes.delete(id);
  }
}

function becomeLive(bus: Bus, heard: boolean): void {
  if (bus.stopped) return;
  const was = bus.state;
  // Notices sent while this instance was not listening are lost: forget everything rather than serve it.
  dropLocally([{ name: '*' }]);
  if (heard) {
    bus.state = 'live';
    if (was === 'lost') console.info(`[cache] the ${bus.transport} invalidation channel is back`);
    return;
  }
  bus.state = 'local';
  console.warn(
    `[cache] notices do not travel between connections on this database (in-memory PGlite does not): cache invalidation is local to this process, so run one instance on it`,
  );
}

function noteLost(bus: Bus, error: unknown): void {
  if (bus.stopped || bus.state === 'lost') return;
  const was = bus.state;
  bus.state = 'lost';
  dropLocally([{ name: '*' }]);
  if (was !== 'starting') console.error(`[cache] the ${bus.transport} invalidation channel was lost (${reason(error)}): nothing is kept until it is back`);
}

function startPostgres(url: string): Bus {
  let client: Client | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = RECONNECT_MIN_MS;
  const bus: Bus = {
    transport: 'postgres',
    url,
    state: 'starting',
    stopped: false,
    async stop() {
      bus.stopped = true;
      if (heartbeat) clearInterval(heartbeat);
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };

  const drop = (failed: Client, error: unknown) => {
    if (client !== failed) return;
    client = null;
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    void failed.end().catch(() => undefined);
    noteLost(bus, error);
    if (bus.stopped) return;
    retry = setTimeout(() => void connect(), delay);
    retry.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  const connect = async () => {
    if (bus.stopped) return;
    // Named, so an operator can tell it from the pool's connections in pg_stat_activity.
    const listener = new Client({ connectionString: url, connectionTimeoutMillis: 5_000, query_timeout: 3_000, keepAlive: true, application_name: LISTENER_NAME });
    client = listener;
    listener.on('notification', (message) => {
      if (message.channel === CHANNEL) receive(message.payload);
    });
    listener.on('error', (error) => drop(listener, error));
    listener.on('end', () => drop(listener, new Error('connection ended')));
    try {
      await listener.connect();
      await listener.query(`LISTEN ${CHANNEL}`);
      // The probe goes through another connection: what matters is that other connections' notices arrive.
      const answer = await probe('postgres', async (payload) => {
        const sender = new Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
        await sender.connect();
        try {
          await sender.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
        } finally {
          await sender.end().catch(() => undefined);
        }
      });
      if (client !== listener) return;
      if (answer === 'failed') throw new Error('the probe could not be sent');
      delay = RECONNECT_MIN_MS;
      becomeLive(bus, answer === 'heard');
      // A connection that dies without closing (a network cut) is found by asking it something now and then.
      heartbeat = setInterval(() => {
        listener.query('SELECT 1').catch((error: unknown) => drop(listener, error));
      }, HEARTBEAT_MS);
      heartbeat.unref();
    } catch (error) {
      drop(listener, error);
    }
  };
  void connect();
  return bus;
}

function startRedis(url: string): Bus {
  const subscriber = new Redis(url, { connectTimeout: 2_000, maxRetriesPerRequest: null, lazyConnect: true });
  const bus: Bus = {
    transport: 'redis',
    url,
    state: 'starting',
    stopped: false,
    async stop() {
      bus.stopped = true;
      subscriber.disconnect();
    },
  };
  const channel = redisChannel();
  subscriber.on('message', (from: string, message: string) => {
    if (from === channel) receive(message);
  });
  subscriber.on('error', (error) => noteLost(bus, error));
  subscriber.on('close', () => noteLost(bus, new Error('connection closed')));
  // ioredis reconnects by itself and subscribes again before it is ready. Redis always carries a notice between
  // connections, so a probe that does not come back means trouble: keep nothing and probe again.
  subscriber.on('ready', () => {
    void (async () => {
      await subscriber.subscribe(channel);
      for (let attempt = 0; !bus.stopped && subscriber.status === 'ready'; attempt += 1) {
        if ((await probe('redis', (payload) => send('redis', payload))) === 'heard') {
          if (subscriber.status === 'ready') becomeLive(bus, true);
          return;
        }
        if (attempt === 0) noteLost(bus, new Error('a probe did not come back'));
        await new Promise((resolve) => setTimeout(resolve, Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempt)).unref());
      }
    })().catch((error: unknown) => noteLost(bus, error));
  });
  subscriber.connect().catch((error: unknown) => noteLost(bus, error));
  return bus;
}

/**
 * Starts listening for other instances' notices (once per process; again when the database or Redis address
 * changed). Does nothing while caching is off (CACHE_SECONDS=0) or with no database set.
 */
export function startCacheBus(): void {
  if (cacheTtlMs() === 0) return;
  const transport = transportNow();
  if (!transport) return;
  const url = transport === 'redis' ? process.env.REDIS_URL! : process.env.DATABASE_URL!;
  const current = holder.bus;
  if (current && current.transport === transport && current.url === url) return;
  if (current) void current.stop();
  holder.bus = transport === 'redis' ? startRedis(url) : startPostgres(url);
}

/** Stops listening (tests, shutdown); the caches then keep entries as a single process would. */
export async function stopCacheBus(): Promise<void> {
  const current = holder.bus;
  holder.bus = null;
  await current?.stop();
}
