import { storyPreview } from '@/lib/story-preview';
import type { Session } from '../auth/session';
import { recordRead, type StoryRecord } from './queries';

/**
 * Whether a session may read whole stories: a member of a library whose membership has not ended (the gate's
 * rules 2 and 3). Everyone else gets the preview of SPEC §4.
 */
export function mayReadInFull(session: Session | null, nowSeconds: number = Math.floor(Date.now() / 1000)): boolean {
  return Boolean(session && session.claims.libid && session.claims.mexp > nowSeconds);
}

/** The text a reader is given: the whole body, or the preview. */
export function storyText(record: Pick<StoryRecord, 'body' | 'story'>, fullText: boolean): { body: string; isPreview: boolean } {
  if (fullText) return { body: record.body, isPreview: false };
  return { body: storyPreview(record.body, record.story.mid), isPreview: true };
}

/** Reads already recorded by this process, so re-opening a story costs no write. Bounded; cleared when full. */
const recorded = new Set<string>();
const RECORDED_MAX = 50_000;

/** Records that a member opened a story (For You and Latest Stories use it), once per member and story. */
export async function rememberRead(userId: number, storyId: number): Promise<void> {
  const key = `${userId}:${storyId}`;
  if (recorded.has(key)) return;
  if (recorded.size >= RECORDED_MAX) recorded.clear();
  // Noted before the write, so the same member opening the story twice at once writes once.
  recorded.add(key);
  try {
    await recordRead(userId, storyId);
  } catch (error) {
    recorded.delete(key);
    throw error;
  }
}
