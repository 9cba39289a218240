import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServiceHandler } from '@/server/http/handler';
import { SERVICE_OPTIONS, SERVICES } from '@/server/services';

// The COUNTER API 5.1; the wrapper reads the query itself.
export const config = { api: { bodyParser: false, externalResolver: true } };

const handler = createServiceHandler('r51', SERVICES.r51, SERVICE_OPTIONS.r51);

/** Served at /r51/... (next.config.js rewrites it here, and the request keeps the address the harvester asked for) and at /api/r51/.... */
export default function counterApi(req: IncomingMessage, res: ServerResponse) {
  if (req.url?.startsWith('/r51/')) req.url = `/api${req.url}`;
  return handler(req, res);
}
