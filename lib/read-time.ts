import { READ_TIME_CAP_MINUTES } from './constants';

/**
 * SPEC §4 'Story read-time display': news shows relative time; other stories minutes from seconds,
 * at least 1 min, '10+ mins' above ten.
 */
export function readTimeLabel(story: { timeReadSeconds: number; isNews: boolean; publishedAt?: string }, now: Date = new Date()): string {
  if (story.isNews && story.publishedAt) {
    const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(story.publishedAt)) / 60_000));
    if (minutes < 60) return `${Math.max(1, minutes)} mins ago`;
    const hours = Math.floor(minutes / 60);
    if (hours < 24) return `${hours} hours ago`;
    return `${Math.floor(hours / 24)} days ago`;
  }
  const minutes = Math.max(1, Math.round(story.timeReadSeconds / 60));
  if (minutes > READ_TIME_CAP_MINUTES) return `${READ_TIME_CAP_MINUTES}+ mins`;
  return `${minutes} min${minutes === 1 ? '' : 's'}`;
}
