import { serviceRoutes } from '../../http/handler';
import { supportRequestRoute } from '../../support/forms';
import { browseRoutes } from './browse';
import { catalogueRoutes } from './filters';
import { searchRoutes } from './search';
import { storyCategoryRoutes } from './story-category';

/** Every route of the catalogue service, /api/catalogue/...: listings, titles, issues, search, story categories, support. */
export const catalogueService = serviceRoutes('catalogue', {
  'catalogue/routes': catalogueRoutes,
  'catalogue/browse-routes': browseRoutes,
  'catalogue/story-category-routes': storyCategoryRoutes,
  'catalogue/search-routes': searchRoutes,
  'catalogue/service (help forms)': {
    // The library support form submit (SPEC §7, catalogue service; its path is ours).
    librarySupport: { POST: supportRequestRoute('Library support form submit: a help request from /helpsupport (SPEC §5)') },
  },
});
