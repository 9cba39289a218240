import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import type { PDFDocumentProxy } from 'pdfjs-dist/types/src/display/api';
import { openPdf } from './pdf';
import { renderPage, type PageJob } from './render';

/** A worker thread that draws pages: one document open at a time, one page at a time, one sharp thread. */

// The pool runs one worker per core; sharp's own thread pool on top would oversubscribe the machine.
sharp.concurrency(1);

let open: { file: string; doc: Promise<PDFDocumentProxy> } | null = null;

function documentOf(file: string): Promise<PDFDocumentProxy> {
  if (open?.file !== file) {
    const previous = open;
    open = { file, doc: openPdf(file) };
    void previous?.doc.then((doc) => doc.destroy()).catch(() => undefined);
  }
  return open.doc;
}

parentPort?.on('message', (message: { id: number; job: PageJob }) => {
  void (async () => {
    try {
      const result = await renderPage(await documentOf(message.job.file), message.job);
      parentPort?.postMessage({ id: message.id, result });
    } catch (error) {
      parentPort?.postMessage({ id: message.id, error: (error as Error).message ?? String(error) });
    }
  })();
});
