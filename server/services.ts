import { adminRoutes } from './admin/routes';
import { articleRoutes } from './article/routes';
import { storyCategoryRoutes } from './article/story-category-routes';
import { cardRoutes } from './auth/card-routes';
import { otpRoutes } from './auth/otp-routes';
import { partnerRoutes } from './auth/partner-routes';
import { ssoRoutes } from './auth/sso-routes';
import { browseRoutes } from './catalogue/browse-routes';
import { catalogueRoutes } from './catalogue/routes';
import type { ServiceRoutes } from './http/handler';
import { paymentUserRoutes } from './payments/routes';
import { readerRoutes } from './reader/routes';
import { searchRoutes } from './search/routes';
import { supportCatalogueRoutes, supportUserRoutes } from './support/routes';
import { accountRoutes } from './user/account-routes';
import { favouriteRoutes } from './user/favourite-routes';
import { readerCodeRoutes } from './user/reader-code-routes';
import { userRoutes } from './user/routes';

/** Every service this app serves under /api/{service}/. */
export const SERVICES: Record<'article' | 'catalogue' | 'user' | 'reader' | 'admin', ServiceRoutes> = {
  article: articleRoutes,
  catalogue: { ...catalogueRoutes, ...browseRoutes, ...storyCategoryRoutes, ...searchRoutes, ...supportCatalogueRoutes },
  user: {
    ...userRoutes,
    ...otpRoutes,
    ...cardRoutes,
    ...ssoRoutes,
    ...partnerRoutes,
    ...accountRoutes,
    ...favouriteRoutes,
    ...readerCodeRoutes,
    ...paymentUserRoutes,
    // The support form module owns addLibSup (the accounts module had its own; one handler serves both forms).
    ...supportUserRoutes,
  },
  reader: readerRoutes,
  // The console (server/admin/): operators and library staff, every call role-checked and audited.
  admin: adminRoutes,
};
