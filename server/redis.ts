import Redis from 'ioredis';

interface RedisState {
  url: string;
  client: Redis;
}

// One client per process, kept on globalThis like the database pool.
const holder = globalThis as typeof globalThis & { __readingRedis?: RedisState };

/** The shared Redis client when REDIS_URL is set; null means the database keeps rate limits and revoked tokens. */
export function getRedis(): Redis | null {
  const url = process.env.REDIS_URL;
  if (!url) return null;
  const current = holder.__readingRedis;
  if (current && current.url === url) return current.client;
  if (current) current.client.disconnect();
  // Fail fast instead of queueing commands forever when Redis is down.
  const client = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000, enableOfflineQueue: true });
  client.on('error', () => undefined);
  holder.__readingRedis = { url, client };
  return client;
}

export async function closeRedis(): Promise<void> {
  const current = holder.__readingRedis;
  holder.__readingRedis = undefined;
  if (current) await current.client.quit().catch(() => undefined);
}
