import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { TextLine } from '@/lib/text-layer';
import { COVER_SIZE, STORY_IMAGE_SIZE } from '../media/render';

/**
 * Worker threads that read PDFs (page-worker.mjs, pdf.js drawing through @napi-rs/canvas, images through sharp), so
 * a folder's import uses the cores it is given and the process that runs it (the command, or the site for an
 * upload) keeps answering. One job at a time per worker, first come first served.
 */

export interface OutlineEntry {
  title: string;
  /** 1-based page the entry opens. */
  pageNo: number;
}

export interface PdfInfo {
  pageCount: number;
  title: string;
  author: string;
  producer: string;
  /** Top-level outline entries with a title and a page, in page order. */
  outline: OutlineEntry[];
}

/** One page to draw into `outDir`: page-N/view/{1,2,3}.{jpg,webp}, and cover/ and story-N/ when asked. */
export interface PageJob {
  file: string;
  pageNo: number;
  outDir: string;
  cover: boolean;
  /** Folders (story-N) of the stories that start on this page. */
  storyFolders: string[];
}

/** A page's size at 1x (PDF points, after rotation), its text and its positioned lines (the text layer). */
export interface PageResult {
  pageNo: number;
  width: number;
  height: number;
  text: string;
  lines: TextLine[];
}

/** A PDF the import refuses (corrupt, encrypted, truncated), with the reason the operator reads. */
export class PdfError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PdfError';
  }
}

type Job = { kind: 'info'; file: string } | ({ kind: 'page' } & PageJob);
type Waiting = { resolve(result: unknown): void; reject(error: Error): void };

export class PagePool {
  private readonly workers: Worker[] = [];
  private readonly idle: Worker[] = [];
  private readonly queue: (Waiting & { job: Job })[] = [];
  private readonly pending = new Map<number, Waiting>();
  private nextId = 1;
  private closing = false;
  private broken: Error | null = null;

  constructor(size = defaultWorkerCount()) {
    const file = workerFile();
    for (let i = 0; i < Math.max(1, size); i += 1) {
      const worker = new Worker(file, { workerData: { coverWidth: COVER_SIZE.width, storySize: STORY_IMAGE_SIZE } });
      worker.on('message', (message: { id: number; result?: unknown; error?: string; refused?: boolean }) => {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (waiting) {
          if (message.error === undefined) waiting.resolve(message.result);
          else waiting.reject(message.refused ? new PdfError(message.error) : new Error(message.error));
        }
        this.idle.push(worker);
        this.dispatch();
      });
      // A worker that dies takes the pool with it: every job waiting or queued fails, and no new one is taken.
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => {
        if (!this.closing) this.fail(new Error(`a page worker stopped (exit code ${code})`));
      });
      this.workers.push(worker);
      this.idle.push(worker);
    }
  }

  /** The document's page count, information dictionary and outline. */
  info(file: string): Promise<PdfInfo> {
    return this.submit({ kind: 'info', file }) as Promise<PdfInfo>;
  }

  render(job: PageJob): Promise<PageResult> {
    return this.submit({ kind: 'page', ...job }) as Promise<PageResult>;
  }

  private submit(job: Job): Promise<unknown> {
    if (this.broken) return Promise.reject(this.broken);
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.dispatch();
    });
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

/**
 * page-worker.mjs runs in plain Node, not tsx (see the file). Beside this module when run from the source (the
 * command, the tests); inside the site's production build this module is bundled elsewhere, so from the project.
 */
function workerFile(): string {
  const beside = path.join(__dirname, 'page-worker.mjs');
  return fs.existsSync(beside) ? beside : path.join(process.cwd(), 'server', 'import', 'page-worker.mjs');
}

/** One worker per core the machine offers. */
export function defaultWorkerCount(): number {
  return Math.max(1, typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length);
}
