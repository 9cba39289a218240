import { serviceRoutes } from '../../http/handler';
import { kosyncRoutes } from './kosync';
import { opds1Routes } from './opds1';
import { opds2Routes } from './opds2';

/** Every route of the reading apps' catalogues, /api/opds/...: a library's OPDS 1.2 feeds (with page streaming) and OPDS 2. */
export const opdsRoutes = serviceRoutes('opds', {
  'opds/routes/opds1': opds1Routes,
  'opds/routes/opds2': opds2Routes,
});

/** KOReader's progress sync, /api/kosync/...: its own service (the protocol's paths), over the reading place the web reader keeps. */
export const kosyncService = serviceRoutes('kosync', {
  'opds/routes/kosync': kosyncRoutes,
});
