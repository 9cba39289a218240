import { serviceRoutes } from '../../http/handler';
import { appPasswordRoutes } from './app-password';
import { supportRequestRoute, contactUsRoute } from '../../support/forms';
import { accountRoutes } from './account';
import { cardRoutes } from './card';
import { favouriteRoutes } from './favourite';
import { markRoutes } from './mark';
import { offlineRoutes } from './offline';
import { otpRoutes } from './otp';
import { partnerRoutes } from './partner';
import { paymentUserRoutes } from './payment';
import { readerCodeRoutes } from './reader-code';
import { userRoutes } from './session';
import { ssoRoutes } from './sso';

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
