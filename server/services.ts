import { articleRoutes } from './article/routes';
import { storyCategoryRoutes } from './article/story-category-routes';
import { browseRoutes } from './catalogue/browse-routes';
import { catalogueRoutes } from './catalogue/routes';
import type { ServiceRoutes } from './http/handler';
import { paymentUserRoutes } from './payments/routes';
import { readerRoutes } from './reader/routes';
import { supportCatalogueRoutes, supportUserRoutes } from './support/routes';
import { readerCodeRoutes } from './user/reader-code-routes';
import { userRoutes } from './user/routes';

/** Every service this app serves under /api/{service}/. */
export const SERVICES: Record<'article' | 'catalogue' | 'user' | 'reader', ServiceRoutes> = {
  article: articleRoutes,
  catalogue: { ...catalogueRoutes, ...browseRoutes, ...storyCategoryRoutes, ...supportCatalogueRoutes },
  user: { ...userRoutes, ...readerCodeRoutes, ...supportUserRoutes, ...paymentUserRoutes },
  reader: readerRoutes,
};
