import { serviceRoutes } from '../http/handler';
import { appPasswordRoutes } from '../opds/app-password-routes';
import { supportRequestRoute, contactUsRoute } from '../support/forms';
import { accountRoutes } from './account-routes';
import { cardRoutes } from './card-routes';
import { favouriteRoutes } from './favourite-routes';
import { markRoutes } from './mark-routes';
import { offlineRoutes } from './offline-routes';
import { otpRoutes } from './otp-routes';
import { partnerRoutes } from './partner-routes';
import { paymentUserRoutes } from './payment-routes';
import { readerCodeRoutes } from './reader-code-routes';
import { userRoutes } from './session-routes';
import { ssoRoutes } from './sso-routes';

/** Every route of the user service, /api/user/...: sign-in, accounts, favourites, reader codes, payments, help forms. */
export const userService = serviceRoutes('user', {
  'user/routes': userRoutes,
  'user/otp-routes': otpRoutes,
  'user/card-routes': cardRoutes,
  'user/sso-routes': ssoRoutes,
  'user/partner-routes': partnerRoutes,
  'user/account-routes': accountRoutes,
  'user/favourite-routes': favouriteRoutes,
  'user/mark-routes': markRoutes,
  'user/offline-routes': offlineRoutes,
  'user/reader-code-routes': readerCodeRoutes,
  'user/payment-routes': paymentUserRoutes,
  // My Account's app passwords for reading apps (OPDS, KOReader).
  'opds/app-password-routes': appPasswordRoutes,
  'user/service (help forms)': {
    // One handler serves both forms (the accounts module once had its own addLibSup, which a spread silently replaced).
    addLibSup: { POST: supportRequestRoute('addLibSup: a help request to the library, as the support form (SPEC §5, §7)') },
    contactUs: { POST: contactUsRoute },
  },
});
