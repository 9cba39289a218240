import { articleRoutes } from './article/routes';
import { cardRoutes } from './auth/card-routes';
import { otpRoutes } from './auth/otp-routes';
import { partnerRoutes } from './auth/partner-routes';
import { ssoRoutes } from './auth/sso-routes';
import { catalogueRoutes } from './catalogue/routes';
import type { ServiceRoutes } from './http/handler';
import { accountRoutes } from './user/account-routes';
import { favouriteRoutes } from './user/favourite-routes';
import { userRoutes } from './user/routes';

/** Every service this app serves under /api/{service}/. */
export const SERVICES: Record<'article' | 'catalogue' | 'user', ServiceRoutes> = {
  article: articleRoutes,
  catalogue: catalogueRoutes,
  user: { ...userRoutes, ...otpRoutes, ...cardRoutes, ...ssoRoutes, ...partnerRoutes, ...accountRoutes, ...favouriteRoutes },
};
