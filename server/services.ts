import { articleRoutes } from './article/routes';
import { browseRoutes } from './catalogue/browse-routes';
import { catalogueRoutes } from './catalogue/routes';
import type { ServiceRoutes } from './http/handler';
import { readerRoutes } from './reader/routes';
import { readerCodeRoutes } from './user/reader-code-routes';
import { userRoutes } from './user/routes';

/** Every service this app serves under /api/{service}/. */
export const SERVICES: Record<'article' | 'catalogue' | 'user' | 'reader', ServiceRoutes> = {
  article: articleRoutes,
  catalogue: { ...catalogueRoutes, ...browseRoutes },
  user: { ...userRoutes, ...readerCodeRoutes },
  reader: readerRoutes,
};
