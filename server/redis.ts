import Redis from 'ioredis';
import { processWide } from './process-wide';

interface RedisState {
  url: string;
  client: Redis;
  /** Ready and caught up (every hook ran since it last connected): commands go to Redis. */
  usable: boolean;
  /** An outage was logged and its end not yet: one line each way, not one per request. */
  down: boolean;
  /** Settles when the first connection is usable or has failed, so a fresh process does not start on the database. */
  first: Promise<void>;
  syncing: Promise<void> | null;
}

// One client per process, kept on globalThis like the database pool.
const holder = globalThis as typeof globalThis & { __readingRedis?: RedisState };

/** Work to do each time Redis is (re)connected, before it is used: it may have restarted empty, or missed writes. */
const returnHooks = processWide('redis-return-hooks', () => new Map<string, (client: Redis) => Promise<void>>());

/**
 * Registers work for each (re)connection, e.g. copying revocations the database kept while Redis was away. Keyed by
 * name: each Next.js bundle loads its own copy of the registering module, and the work is needed once.
 */
export function whenRedisReturns(name: string, hook: (client: Redis) => Promise<void>): void {
  returnHooks.set(name, hook);
}

// Redis answers in a millisecond; one that takes a second is as good as down for a member waiting on it.
const COMMAND_TIMEOUT_MS = 1_000;
const CONNECT_TIMEOUT_MS = 2_000;

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function noteDown(state: RedisState, error: unknown): void {
  state.usable = false;
  if (state.down) return;
  state.down = true;
  console.error(`[redis] unreachable (${reason(error)}): rate limits and revoked tokens use the database until it is back`);
}

/** Runs the return hooks, then lets commands through; on failure stays on the database until the next connection. */
function catchUp(state: RedisState): Promise<void> {
  state.syncing ??= (async () => {
    try {
      for (const hook of returnHooks.values()) await hook(state.client);
      if (state.client.status !== 'ready') return;
      state.usable = true;
      if (state.down) console.info('[redis] reachable again: rate limits and revoked tokens are back in Redis');
      state.down = false;
    } catch (error) {
      noteDown(state, error);
    } finally {
      state.syncing = null;
    }
  })();
  return state.syncing;
}

function connect(url: string): RedisState {
  // No offline queue and a command timeout: while Redis is down a command fails at once and the database answers.
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
  });
  let settleFirst: () => void = () => undefined;
  const first = new Promise<void>((resolve) => {
    settleFirst = resolve;
    setTimeout(resolve, CONNECT_TIMEOUT_MS).unref();
  });
  const state: RedisState = { url, client, usable: false, down: false, first, syncing: null };
  client.on('ready', () => void catchUp(state).finally(settleFirst));
  client.on('error', (error) => {
    noteDown(state, error);
    settleFirst();
  });
  client.on('close', () => noteDown(state, new Error('connection closed')));
  return state;
}

function currentState(): RedisState | null {
  const url = process.env.REDIS_URL;
  if (!url) return null;
  const current = holder.__readingRedis;
  if (current && current.url === url) return current;
  if (current) {
    current.down = true;
    current.client.disconnect();
  }
  holder.__readingRedis = connect(url);
  return holder.__readingRedis;
}

/**
 * Runs `work` on Redis when REDIS_URL is set and Redis is up; otherwise, or when the command fails, `fallback`
 * (the database). The outage and the return are each logged once.
 */
export async function viaRedis<T>(work: (redis: Redis) => Promise<T>, fallback: () => Promise<T>): Promise<T> {
  const state = currentState();
  if (!state) return fallback();
  await state.first;
  if (!state.usable) {
    // A command that timed out leaves the connection up: catch up again rather than wait for a reconnection.
    if (state.client.status === 'ready') void catchUp(state);
    return fallback();
  }
  try {
    return await work(state.client);
  } catch (error) {
    noteDown(state, error);
    return fallback();
  }
}

export async function closeRedis(): Promise<void> {
  const current = holder.__readingRedis;
  holder.__readingRedis = undefined;
  if (!current) return;
  current.down = true; // a close we asked for is no outage
  await current.client.quit().catch(() => undefined);
}
