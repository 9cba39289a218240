import { z } from 'zod';
import { storyPathSegments } from '@/lib/story-paths';
import type { Session } from '../auth/session';
import { HttpError } from '../http/errors';
import { route, type ServiceRoutes } from '../http/handler';
import { countStoryOpened } from '../usage/reading';
import { storyAt } from './lists';
import { ageRatingParam, articleScope, idParam } from './params';
import { storyDetails } from './present';
import { findStoryById, type StoryRecord } from './queries';
import { mayReadInFull, rememberRead, storyText } from './reading';
import { getV1ArticleByUrlBody, getV1ArticleMidIssidArtidBody } from './story-responses';

export const storyIdsParams = z.object({ mid: idParam, issid: idParam, artid: idParam });
export const storyDetailsQuery = z.object({ age_rating: ageRatingParam });
export const storyByUrlQuery = z.object({
  url: z.string().trim().min(1).max(600),
  age_rating: ageRatingParam,
});

export const STORY_NOT_FOUND = 'Story not found';

/** Article details in the answer: the whole text for a member, the preview for anyone else; a member's read is recorded. */
async function detailsAnswer(record: StoryRecord | null, session: Session | null) {
  if (!record) throw new HttpError(404, STORY_NOT_FOUND);
  const full = mayReadInFull(session);
  if (full && session) {
    void countStoryOpened(session, record);
    await rememberRead(session.claims.uid, record.story.artid);
  }
  return { status: 'success', data: storyDetails(record, storyText(record, full)) };
}

export const storyRoutes: ServiceRoutes = {
  'v1/article/:mid/:issid/:artid': {
    GET: route({
      auth: 'optional',
      summary: 'Article details by magazine, issue and story id: the whole story for a member, the preview (SPEC §4) for anyone else',
      responses: { 200: { description: 'OK', body: getV1ArticleMidIssidArtidBody }, 404: { description: 'Not found, or not one this person may see' } },
      query: storyDetailsQuery,
      async handler({ params, query, session, context }) {
        const ids = storyIdsParams.parse(params);
        const scope = await articleScope(context, query.age_rating);
        return detailsAnswer(await findStoryById(scope, { magazineId: ids.mid, issueId: ids.issid, storyId: ids.artid }), session);
      },
    }),
  },
  'v1/article-by-url': {
    GET: route({
      auth: 'optional',
      summary: 'Article details by its address (the legacy mobile articles service): /stories/{canonical path} or /stories/{slug}',
      responses: { 200: { description: 'OK', body: getV1ArticleByUrlBody }, 404: { description: 'Not found, or not one this person may see' } },
      query: storyByUrlQuery,
      async handler({ query, session, context }) {
        const segments = storyPathSegments(query.url);
        if (segments.length === 0 || segments[0] === 'category') throw new HttpError(400, 'url: must be a story address', { field: 'url' });
        const scope = await articleScope(context, query.age_rating);
        return detailsAnswer(await storyAt(scope, segments), session);
      },
    }),
  },
};
