import { articleRoutes } from './article/routes';
import { catalogueRoutes } from './catalogue/routes';
import type { ServiceRoutes } from './http/handler';
import { searchRoutes } from './search/routes';
import { userRoutes } from './user/routes';

/** Every service this app serves under /api/{service}/. */
export const SERVICES: Record<'article' | 'catalogue' | 'user', ServiceRoutes> = {
  article: articleRoutes,
  catalogue: { ...catalogueRoutes, ...searchRoutes },
  user: userRoutes,
};
