import { serviceRoutes } from '../../http/handler';
import { readingRoutes } from './reading';

/** Every route of the reader service, /api/reader/...: the issue for a reader code, its pages, text, find and progress. */
export const readerRoutes = serviceRoutes('reader', {
  'reader/routes/reading': readingRoutes,
});
