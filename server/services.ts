import { adminRoutes } from './admin/routes';
import { articleRoutes } from './article/routes';
import { catalogueService } from './catalogue/routes';
import type { ServiceRoutes } from './http/handler';
import { readerRoutes } from './reader/routes';
import { kosyncService, opdsRoutes } from './opds/routes';
import { counterApiService, feedService } from './usage/routes';
import { counterWrapperError } from './usage/counter-exceptions';
import { userService } from './user/routes';

/**
 * Every service this app serves under /api/{service}/: each folder owns its service's routes (server/{service}/),
 * and a path served twice within a service fails here, at start-up.
 */
export const SERVICES: Record<'article' | 'catalogue' | 'user' | 'reader' | 'admin' | 'r51' | 'feeds' | 'opds' | 'kosync', ServiceRoutes> = {
  article: articleRoutes,
  catalogue: catalogueService,
  user: userService,
  reader: readerRoutes,
  // The console (server/admin/): operators and library staff, every call role-checked and audited.
  admin: adminRoutes,
  // The COUNTER API 5.1 for libraries' harvesters, public at /r51/ (next.config.js), keyed per library.
  r51: counterApiService,
  // A library's KBART list and MARC records for its discovery service and catalogue, fetched with its feed key.
  feeds: feedService,
  // Reading apps: a library's OPDS 1.2 (with page streaming) and OPDS 2 catalogues for a member (server/opds/).
  opds: opdsRoutes,
  // KOReader's progress sync protocol over the one reading place the web reader keeps (server/opds/routes/kosync.ts).
  kosync: kosyncService,
};

/** How a service answers the errors its wrapper raises, where its protocol has its own shape (the COUNTER API's Exceptions). */
export const SERVICE_OPTIONS: Partial<Record<keyof typeof SERVICES, { errorBody: (error: { status: number; message: string }) => unknown }>> = {
  r51: { errorBody: counterWrapperError },
};
