import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { TextLine } from '@/lib/text-layer';
import { COVER_SIZE, STORY_IMAGE_SIZE } from '../media/render';

/**
 * Worker threads that read PDFs (page-worker.mjs: PDFium drawing and text, pdf.js the outline, images through sharp), so
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
  /** The day of the information dictionary's CreationDate (YYYY-MM-DD), or null when it has none that reads. */
  creationDate: string | null;
  /** PDFium rebuilt the file from the objects it found (its cross-reference table is broken). */
  rebuilt: boolean;
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

/** A page's size at 1x (PDF points, after rotation), its text, its positioned lines (the text layer), and what of it could not be drawn faithfully. */
export interface PageResult {
  pageNo: number;
  width: number;
  height: number;
  text: string;
  /** Nothing could be drawn or read of it (a white page stands in). */
  blank: boolean;
  /** What the page lost, each naming the page ('page 3: an image ... was left out'); empty when drawn whole. */
  warnings: string[];
  lines: TextLine[];
}

/** A PDF the import refuses (corrupt, encrypted, truncated), with the reason the operator reads. */
export class PdfError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PdfError';
  }
}

/**
 * A page worker that died under a file (it crashed, ran out of memory, or was killed): not a verdict on the file, so
 * the console's queue tries it again; the command names it as it names a refused file.
 */
export class PageWorkerLost extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PageWorkerLost';
  }
}

type Job = { kind: 'info'; file: string } | { kind: 'read'; file: string; pageNo: number } | ({ kind: 'page' } & PageJob);
type Waiting = { resolve(result: unknown): void; reject(error: Error): void };
type Running = Waiting & { job: Job };

/** What a job was doing, in the words of a failure line: 'drawing page 3' or 'reading the file'. */
function jobInWords(job: Job): string {
  return job.kind === 'page' ? `drawing page ${job.pageNo}` : job.kind === 'read' ? `reading page ${job.pageNo}` : 'reading the file';
}

/** What a worker tells of its memory with each answer (page-worker.mjs). */
export interface WorkerMemory {
  /** Bytes of its PDFium heap (WebAssembly memory, which grows and never shrinks). */
  pdfium: number;
  /** Bytes used in its JavaScript heap. */
  heap: number;
}

/**
 * When a worker is replaced by a new one, between two jobs, so that what it grew is given back: its PDFium heap grows
 * to the largest page it drew and with the objects of the document it holds open (a 1,000-page file's), and never
 * shrinks. A worker is recycled only when it has answered and before it is given another job, so no job is in flight.
 */
export interface RecycleLimits {
  /** Recycled once its PDFium heap is larger than this many bytes. */
  pdfiumBytes: number;
  /** Recycled after this many jobs. */
  jobs: number;
}

/**
 * On 117 pages of Debian's documentation PDFs a worker's PDFium heap was 18-38 MB after a job (median 29): 80 MB is
 * reached after a poster-sized page (up to 120 MB of pixels at 3x), which is then given back. 200 jobs bound what a
 * long document's parsed objects pile up in one worker (the 1,000-page file of bench/import.ts, BENCH_LONG); a new
 * worker loads sharp, PDFium and (on its first file) pdf.js again, once per 200 jobs.
 */
export const DEFAULT_RECYCLE: RecycleLimits = {
  pdfiumBytes: Number(process.env.IMPORT_WORKER_PDFIUM_MB ?? 80) * 1024 * 1024,
  jobs: Number(process.env.IMPORT_WORKER_JOBS ?? 200),
};

export class PagePool {
  private readonly workers = new Set<Worker>();
  private readonly idle: Worker[] = [];
  private readonly queue: Running[] = [];
  /** The job each busy worker is on: a worker that dies fails that job alone. */
  private readonly running = new Map<Worker, Running>();
  /** Jobs each worker has answered. */
  private readonly answered = new Map<Worker, number>();
  /** Workers being stopped after recycling: their exit is not a crash. */
  private readonly retiring = new Set<Promise<number>>();
  private closing = false;
  /** Workers recycled so far (replaced between jobs for their memory). */
  recycled = 0;

  constructor(
    size = defaultWorkerCount(),
    private readonly limits: RecycleLimits = DEFAULT_RECYCLE,
  ) {
    for (let i = 0; i < Math.max(1, size); i += 1) this.start();
  }

  /** A worker, added to the idle ones; one that dies (a crash while drawing) fails its job and is replaced. */
  private start(): void {
    const worker = new Worker(workerFile(), { workerData: { coverWidth: COVER_SIZE.width, storySize: STORY_IMAGE_SIZE } });
    let gone = false;
    const lost = (why: string) => {
      if (gone) return;
      gone = true;
      this.answered.delete(worker);
      this.workers.delete(worker);
      const index = this.idle.indexOf(worker);
      if (index >= 0) this.idle.splice(index, 1);
      const job = this.running.get(worker);
      this.running.delete(worker);
      if (this.closing) return;
      job?.reject(new PageWorkerLost(`the page worker stopped while ${jobInWords(job.job)} (${why})`));
      this.start();
      this.dispatch();
    };
    worker.on('message', (message: { result?: unknown; error?: string; refused?: boolean; memory?: WorkerMemory }) => {
      const job = this.running.get(worker);
      this.running.delete(worker);
      if (job) {
        if (message.error === undefined) job.resolve(message.result);
        else job.reject(message.refused ? new PdfError(message.error) : new Error(message.error));
      }
      const answered = (this.answered.get(worker) ?? 0) + 1;
      this.answered.set(worker, answered);
      if (!this.closing && ((message.memory?.pdfium ?? 0) > this.limits.pdfiumBytes || answered >= this.limits.jobs)) {
        // Idle now and given nothing: stopped, and a new worker takes its place. Its exit is not a crash.
        gone = true;
        this.workers.delete(worker);
        this.answered.delete(worker);
        this.recycled += 1;
        const stopped = worker.terminate();
        this.retiring.add(stopped);
        const forget = () => this.retiring.delete(stopped);
        stopped.then(forget, forget);
        this.start();
      } else {
        this.idle.push(worker);
      }
      this.dispatch();
    });
    worker.on('error', (error) => lost(`${error.name === 'RangeError' || /memory/i.test(error.message) ? 'out of memory' : 'it crashed'}`));
    worker.on('exit', (code) => lost(`exit code ${code}`));
    this.workers.add(worker);
    this.idle.push(worker);
  }

  /** The document's page count, information dictionary and outline. */
  info(file: string): Promise<PdfInfo> {
    return this.submit({ kind: 'info', file }) as Promise<PdfInfo>;
  }

  /** A page's size and text, not drawn (the import's plan); `blank` when it cannot be loaded at all. */
  read(file: string, pageNo: number): Promise<PageResult> {
    return this.submit({ kind: 'read', file, pageNo }) as Promise<PageResult>;
  }

  render(job: PageJob): Promise<PageResult> {
    return this.submit({ kind: 'page', ...job }) as Promise<PageResult>;
  }

  private submit(job: Job): Promise<unknown> {
    if (this.closing) return Promise.reject(new Error('the page workers were closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.idle.length && this.queue.length) {
      const worker = this.idle.shift()!;
      const running = this.queue.shift()!;
      this.running.set(worker, running);
      worker.postMessage({ job: running.job });
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const queued of this.queue.splice(0)) queued.reject(new Error('the page workers were closed'));
    await Promise.all([...[...this.workers].map((worker) => worker.terminate()), ...this.retiring]);
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
