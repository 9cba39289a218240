import { serviceRoutes } from '../../http/handler';
import { supportRequestRoute } from '../../support/forms';
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
  'catalogue/routes (help forms)': {
    // The library support form submit (SPEC §7, catalogue service; its path is ours).
    librarySupport: { POST: supportRequestRoute('Library support form submit: a help request from /helpsupport (SPEC §5)') },
  },
});
