import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PageJob, PageResult } from './render';

/**
 * Worker threads that draw pages, so a folder's import uses every core it is given and the process that runs it
 * (the command, or the site for an upload) keeps answering. One job at a time per worker, first come first served.
 */
export class PagePool {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly queue: { job: PageJob; resolve(result: PageResult): void; reject(error: Error): void }[] = [];
  private readonly pending = new Map<number, { resolve(result: PageResult): void; reject(error: Error): void }>();
  private nextId = 1;
  private closing = false;
  private broken: Error | null = null;

  constructor(size = defaultWorkerCount()) {
    // The worker is TypeScript, and a worker thread does not inherit tsx's hooks: it registers them, then loads it.
    const file = path.join(__dirname, 'page-worker.ts');
    const bootstrap = `require('tsx/cjs'); require(${JSON.stringify(file)});`;
    for (let i = 0; i < Math.max(1, size); i += 1) {
      const worker = new Worker(bootstrap, { eval: true });
      worker.on('message', (message: { id: number; result?: PageResult; error?: string }) => {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (waiting) {
          if (message.error !== undefined) waiting.reject(new Error(message.error));
          else waiting.resolve(message.result!);
        }
        this.release(worker);
      });
      // A worker that dies takes the pool with it: every page waiting or queued fails, and no new page is taken.
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => {
        if (!this.closing) this.fail(new Error(`a page worker stopped (exit code ${code})`));
      });
      this.workers.push(worker);
      this.idle.push(worker);
    }
  }

  render(job: PageJob): Promise<PageResult> {
    if (this.broken) return Promise.reject(this.broken);
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.dispatch();
    });
  }

  private release(worker: Worker): void {
    this.idle.push(worker);
    this.dispatch();
  }

  private dispatch(): void {
    while (this.idle.length && this.queue.length) {
      const worker = this.idle.shift()!;
      const { job, resolve, reject } = this.queue.shift()!;
      const id = this.nextId;
      this.nextId += 1;
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, job });
    }
  }

  private fail(error: Error): void {
    this.broken ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
    for (const queued of this.queue.splice(0)) queued.reject(error);
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

/** One worker per core the machine offers. */
export function defaultWorkerCount(): number {
  return Math.max(1, typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length);
}
