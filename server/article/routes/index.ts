import { serviceRoutes } from '../../http/handler';
import { listRoutes } from './lists';
import { storyRoutes } from './story';
import { translationRoutes } from './translation';

/** Every route of the article service, /api/article/...: story lists and search, one story, translations. */
export const articleRoutes = serviceRoutes('article', {
  'article/routes/lists': listRoutes,
  'article/routes/story': storyRoutes,
  'article/routes/translation': translationRoutes,
});
