import { serviceRoutes } from '../../http/handler';
import { accountRoutes } from './account';
import { appPasswordRoutes } from './app-password';
import { cardRoutes } from './card';
import { favouriteRoutes } from './favourite';
import { helpRoutes } from './help';
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
  'user/routes/session': userRoutes,
  'user/routes/otp': otpRoutes,
  'user/routes/card': cardRoutes,
  'user/routes/sso': ssoRoutes,
  'user/routes/partner': partnerRoutes,
  'user/routes/account': accountRoutes,
  'user/routes/favourite': favouriteRoutes,
  'user/routes/mark': markRoutes,
  'user/routes/offline': offlineRoutes,
  'user/routes/reader-code': readerCodeRoutes,
  'user/routes/payment': paymentUserRoutes,
  // My Account's app passwords for reading apps (OPDS, KOReader).
  'user/routes/app-password': appPasswordRoutes,
  'user/routes/help': helpRoutes,
});
