import { serviceRoutes } from '../../http/handler';
import { librarySupportRoutes } from '../../user/routes/help';
import { browseRoutes } from './browse';
import { filterRoutes } from './filters';
import { searchRoutes } from './search';
import { storyCategoryRoutes } from './story-category';

/** Every route of the catalogue service, /api/catalogue/...: listings, titles, issues, search, story categories, support. */
export const catalogueService = serviceRoutes('catalogue', {
  'catalogue/routes/filters': filterRoutes,
  'catalogue/routes/browse': browseRoutes,
  'catalogue/routes/story-category': storyCategoryRoutes,
  'catalogue/routes/search': searchRoutes,
  // The support form, one handler with the user service's addLibSup.
  'user/routes/help': librarySupportRoutes,
});
