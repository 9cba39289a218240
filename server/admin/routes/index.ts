import { serviceRoutes } from '../../http/handler';
import { usageRoutes } from '../../usage/routes/reports';
import { consoleRoutes } from './console';
import { importRoutes } from './imports';
import { libraryRoutes } from './library';
import { memberRoutes } from './member';

/** Every /api/admin/ route: the console's calls for site operators and library staff, each role-checked and audited. */
export const adminRoutes = serviceRoutes('admin', {
  'admin/routes/console': consoleRoutes,
  'admin/routes/member': memberRoutes,
  'admin/routes/library': libraryRoutes,
  'admin/routes/imports': importRoutes,
  // COUNTER usage reports and KBART.
  'usage/routes/reports': usageRoutes,
});
