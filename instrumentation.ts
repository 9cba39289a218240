/**
 * Runs once when a server process starts (Next.js calls register in each runtime). On Node.js it starts listening for
 * other instances' cache notices (server/cache/bus.ts), so a write through any instance reaches this one's caches.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startCacheBus } = await import('./server/cache');
    startCacheBus();
  }
}
