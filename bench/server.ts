import type { ChildProcess } from 'node:child_process';

/** Waits until the server a benchmark started answers /api/health, failing at once if it exits (see its log). */
export async function waitForHealth(child: ChildProcess, base: string, log = 'its output', timeoutMs = 15 * 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}; see ${log}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`the server did not answer ${base}/api/health in time`);
}
