/**
 * Runs once when a server process starts (Next.js calls register in each runtime). On Node.js it starts listening for
 * other instances' cache notices (server/cache/bus.ts), so a write through any instance reaches this one's caches,
 * and runs the PDF uploads left waiting.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { startCacheBus } = await import('./server/cache');
    startCacheBus();
    // PDF uploads a stopped process left queued or half done are imported now (server/admin/imports.ts).
    const { resumeImports } = await import('./server/admin/imports');
    resumeImports().catch((error: unknown) => console.error('[import] could not resume the upload queue:', error));
    // Issues whose pages were left undrawn (rows committed, drawing stopped) are drawn on (server/import/draw.ts).
    const { resumeDrawing } = await import('./server/import/draw');
    resumeDrawing().catch((error: unknown) => console.error('[draw] could not resume drawing:', error));
  }
}
