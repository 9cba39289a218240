import { z } from 'zod';
import type { ServiceRoutes } from '../http/handler';
import { HttpError } from '../http/errors';
import { adminRoute } from './access';
import { cancelImportJob, createImportJob, importJobById, importUploadLimit, listImportJobs, receiveImportFile } from './imports';
import { id, pageField, pageSizeField } from './schemas';
import { deleteImportsJobIdBody, getImportsBody, getImportsJobIdBody, postImportsBody, putImportsJobIdFileBody } from './import-responses';

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
});

function jobIdOf(params: Record<string, string>): number {
  const parsed = id.safeParse(params.jobId);
  if (!parsed.success) throw new HttpError(400, 'jobId: must be a positive whole number', { field: 'jobId' });
  return parsed.data;
}

/**
 * PDF uploads from the console: open an upload (file name, sidecar, defaults for a new title), send the PDF's bytes,
 * then follow its import. Titles and issues are the site's, not one library's: uploads are for operators.
 */
export const importRoutes: ServiceRoutes = {
  imports: {
    GET: adminRoute({
      summary: 'A page of PDF uploads and their imports, newest first (active=1: only those not finished)',
      responses: { 200: { description: 'OK', body: getImportsBody } },
      query: z.object({ active: z.enum(['0', '1']).default('0'), page: pageField, pageSize: pageSizeField }),
      operatorOnly: true,
      async handler({ query }) {
        return { status: 'success', ...(await listImportJobs({ active: query.active === '1', page: query.page, pageSize: query.pageSize })) };
      },
    }),
    POST: adminRoute({
      summary: 'Opens a PDF upload: its file name, an optional sidecar (JSON text) and what a new title takes when the file does not say',
      responses: { 200: { description: 'OK', body: postImportsBody } },
      body: newImportBody,
      operatorOnly: true,
      async handler({ body, staff }) {
        const { fileName, sidecar, ...defaults } = body;
        return { status: 'success', job: await createImportJob(staff, { fileName, sidecar, defaults }), maxBytes: importUploadLimit() };
      },
    }),
  },
  'imports/:jobId': {
    GET: adminRoute({
      summary: 'One upload: its status, pages drawn, the metadata chosen and where each value came from, or why it failed',
      responses: { 200: { description: 'OK', body: getImportsJobIdBody }, 404: { description: 'Not found, or not one this person may see' } },
      operatorOnly: true,
      async handler({ params }) {
        return { status: 'success', job: await importJobById(jobIdOf(params)) };
      },
    }),
    DELETE: adminRoute({
      summary: 'Cancels an upload that is not yet importing (its file is deleted)',
      responses: { 200: { description: 'OK', body: deleteImportsJobIdBody }, 404: { description: 'Not found, or not one this person may see' }, 409: { description: 'In conflict with what is already stored' } },
      operatorOnly: true,
      async handler({ params, staff }) {
        return { status: 'success', job: await cancelImportJob(staff, jobIdOf(params)) };
      },
    }),
  },
  'imports/:jobId/file': {
    PUT: adminRoute({
      summary: 'The PDF of an open upload, as the body (application/pdf; the type is read from the content; IMPORT_UPLOAD_MB, 500 MB by default); its import is queued',
      responses: { 200: { description: 'OK', body: putImportsJobIdFileBody }, 404: { description: 'Not found, or not one this person may see' }, 409: { description: 'In conflict with what is already stored' }, 413: { description: 'The file is too large' } },
      streamBody: true,
      operatorOnly: true,
      async handler({ params, req }) {
        return { status: 'success', job: await receiveImportFile(jobIdOf(params), req) };
      },
    }),
  },
};
