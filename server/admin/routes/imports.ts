import { z } from 'zod';
import { drawingView, type ImportJobView } from '@/lib/wire';
import { route, type ServiceRoutes } from '../../http/handler';
import { HttpError } from '../../http/errors';
import { cancelUpload, createUpload, importUploadLimit, listUploads, receiveUpload, retryUpload, uploadById } from '../../import/uploads';
import { drawingOf, listDrawing, retryDrawing } from '../import-drawing';
import { presentDrawing, presentJob } from '../present';
import { id, pageField, pageSizeField } from '../schemas';

export const newImportBody = z.object({
  fileName: z.string().trim().min(1, 'is required').max(200),
  /** A sidecar's JSON text, checked now: its fields are those of a sidecar beside a PDF for `npm run import`. */
  sidecar: z.string().max(64 * 1024).optional(),
  /** A category's name, slug or id. */
  category: z.string().trim().min(1).max(100).optional(),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, 'must be a language code such as en or pt-BR')
    .optional(),
  ageRating: z.number().int().min(1).max(9).optional(),
  /** As `npm run import -- --replace`, reusing its path (server/import/plan.ts refuseAnotherFile). */
  replace: z
    .boolean({ error: 'must be true or false' })
    .optional()
    .describe(
      'true: the file replaces the issue of its title and date (or number) that another file was imported as; the issue keeps its id, favourites, reading places and links, its pages and text are the new file’s. Otherwise such a file is refused.',
    ),
});

/** What the console shows of an upload (server/admin/present.ts presentJob). */
const importJobView = z.object({
  id: z.number().int(),
  fileName: z.string(),
  /** uploading, receiving, queued (also while a failed try waits for the next), running, imported, updated, unchanged, failed, cancelled. */
  status: z.string(),
  error: z.string().nullable(),
  tries: z.number().int(),
  maxTries: z.number().int().nullable(),
  nextTryAt: z.string().nullable(),
  bytes: z.number().int().nullable(),
  pagesDone: z.number().int(),
  pageCount: z.number().int().nullable(),
  issueId: z.number().int().nullable(),
  magazineId: z.number().int().nullable(),
  titleName: z.string().nullable(),
  issueName: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  warnings: z.array(z.string()),
  dateNote: z.string().nullable(),
  sources: z.record(z.string(), z.string()).nullable(),
  defaults: z.unknown(),
  replace: z.boolean(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
}) satisfies z.ZodType<ImportJobView>;

const oneJob = z.object({ status: z.literal('success'), job: importJobView });
const openedJob = oneJob.extend({ maxBytes: z.number().int() });
const jobPage = z.object({ status: z.literal('success'), jobs: z.array(importJobView), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });
const jobParams = z.object({ jobId: id });
const NO_JOB = { 404: { description: 'No such import' } };

const drawingPage = z.object({ status: z.literal('success'), issues: z.array(drawingView), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });
const oneDrawing = z.object({ status: z.literal('success'), issue: drawingView });

function issueIdOf(params: Record<string, string>): number {
  const parsed = id.safeParse(params.issueId);
  if (!parsed.success) throw new HttpError(400, 'issueId: must be a positive whole number', { field: 'issueId' });
  return parsed.data;
}

function jobIdOf(params: Record<string, string>): number {
  const parsed = id.safeParse(params.jobId);
  if (!parsed.success) throw new HttpError(400, 'jobId: must be a positive whole number', { field: 'jobId' });
  return parsed.data;
}

async function job(jobId: number): Promise<z.infer<typeof oneJob>> {
  return { status: 'success', job: presentJob(await uploadById(jobId)) };
}

/**
 * PDF uploads from the console: open an upload (file name, sidecar, defaults for a new title), send the PDF's bytes,
 * follow its import (tries, the reason of a failed one) and try a failed one again; then the drawing of the imported
 * issues' pages, and a drawing that failed tried again. Titles and issues are the site's,
 * not one library's: uploads are for operators. The work is in server/import/uploads.ts and server/jobs/.
 */
export const importRoutes: ServiceRoutes = {
  imports: {
    GET: route({
      auth: 'staff',
      summary: 'A page of PDF uploads and their imports, newest first (active=1: only those not finished)',
      operationId: 'listImports',
      query: z.object({ active: z.enum(['0', '1']).default('0'), page: pageField, pageSize: pageSizeField }),
      operator: true,
      responses: { 200: { description: 'Uploads, newest first, with their tries and the reason of a failed try', body: jobPage } },
      async handler({ query }): Promise<z.infer<typeof jobPage>> {
        const { rows, ...paging } = await listUploads({ active: query.active === '1', page: query.page, pageSize: query.pageSize });
        return { status: 'success', jobs: rows.map(presentJob), ...paging };
      },
    }),
    POST: route({
      auth: 'staff',
      summary: 'Opens a PDF upload: its file name, an optional sidecar (JSON text), what a new title takes when the file does not say, and whether it may replace another file’s issue (replace)',
      operationId: 'openImport',
      body: newImportBody,
      operator: true,
      responses: { 200: { description: 'The upload, waiting for its file, and the largest file taken', body: openedJob } },
      async handler({ body, staff }): Promise<z.infer<typeof openedJob>> {
        const { fileName, sidecar, replace, ...defaults } = body;
        const opened = await createUpload(staff, { fileName, sidecar, defaults, replace });
        return { status: 'success', job: presentJob(opened), maxBytes: importUploadLimit() };
      },
    }),
  },
  'imports/:jobId': {
    GET: route({
      auth: 'staff',
      summary: 'One upload: its status, tries, pages drawn, the metadata chosen and where each value came from, or why it failed',
      operationId: 'getImport',
      params: jobParams,
      operator: true,
      responses: { 200: { description: 'The upload', body: oneJob }, ...NO_JOB },
      async handler({ params }) {
        return job(jobIdOf(params));
      },
    }),
    DELETE: route({
      auth: 'staff',
      summary: 'Cancels an upload that is not yet importing (its file is deleted and its job leaves the queue)',
      operationId: 'cancelImport',
      params: jobParams,
      operator: true,
      responses: { 200: { description: 'The upload, cancelled', body: oneJob }, ...NO_JOB, 409: { description: 'The upload is importing or finished' } },
      async handler({ params, staff }) {
        const jobId = jobIdOf(params);
        await cancelUpload(staff, jobId, presentJob);
        return job(jobId);
      },
    }),
  },
  'imports/:jobId/file': {
    PUT: route({
      auth: 'staff',
      summary: 'The PDF of an open upload, as the body (application/pdf; the type is read from the content; IMPORT_UPLOAD_MB, 500 MB by default); kept in the media storage, where any instance imports it',
      operationId: 'sendImportFile',
      params: jobParams,
      streamBody: true,
      operator: true,
      responses: {
        200: { description: 'The upload, queued for import', body: oneJob },
        ...NO_JOB,
        409: { description: 'The upload is not waiting for its file' },
        413: { description: 'The file is larger than IMPORT_UPLOAD_MB' },
      },
      async handler({ params, req }) {
        const jobId = jobIdOf(params);
        await receiveUpload(jobId, req);
        return job(jobId);
      },
    }),
  },
  'imports/:jobId/retry': {
    POST: route({
      auth: 'staff',
      summary: 'Tries a failed import again, with all its tries (its file is kept a week after it failed)',
      operationId: 'retryImport',
      params: jobParams,
      operator: true,
      responses: { 200: { description: 'The upload, queued again', body: oneJob }, ...NO_JOB, 409: { description: 'The import has not failed, or its file is no longer kept' } },
      async handler({ params, staff }) {
        const jobId = jobIdOf(params);
        await retryUpload(staff, jobId);
        return job(jobId);
      },
    }),
  },
  drawing: {
    GET: route({
      auth: 'staff',
      summary: 'A page of the imported issues whose pages are still being drawn: pages drawn, their draw job’s tries and the reason of a failed try (failed first)',
      operationId: 'listDrawing',
      query: z.object({ page: pageField, pageSize: pageSizeField }),
      operator: true,
      responses: { 200: { description: 'Issues still drawing, failed ones first', body: drawingPage } },
      async handler({ query }): Promise<z.infer<typeof drawingPage>> {
        const { rows, ...paging } = await listDrawing(query.page, query.pageSize);
        return { status: 'success', issues: rows.map(presentDrawing), ...paging };
      },
    }),
  },
  'drawing/:issueId/retry': {
    POST: route({
      auth: 'staff',
      summary: 'Draws the pages an issue has left again, its draw job starting over with all its tries (a failed one, or one with no job)',
      operationId: 'retryDrawing',
      params: z.object({ issueId: id }),
      operator: true,
      responses: {
        200: { description: 'The issue, its drawing queued again', body: oneDrawing },
        404: { description: 'No such issue' },
        409: { description: 'Its pages are all drawn, being drawn now, or it has no original PDF kept' },
      },
      async handler({ params, staff }): Promise<z.infer<typeof oneDrawing>> {
        const issueId = issueIdOf(params);
        await retryDrawing(staff, issueId);
        const row = await drawingOf(issueId);
        if (!row) throw new HttpError(409, 'Every page of this issue is drawn');
        return { status: 'success', issue: presentDrawing(row) };
      },
    }),
  },
};
