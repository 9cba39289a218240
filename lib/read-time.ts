import { READ_TIME_CAP_MINUTES } from './constants';

const MINUTE_MS = 60_000;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** How long ago a news item was published: '5 mins ago', '3 hours ago', '2 days ago' (at least 1 min). */
function publishedAgoLabel(publishedAt: string, now: Date = new Date()): string {
  const minutes = Math.max(1, Math.floor((now.getTime() - Date.parse(publishedAt)) / MINUTE_MS));
  if (minutes < 60) return `${plural(minutes, 'min')} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${plural(hours, 'hour')} ago`;
  return `${plural(Math.floor(hours / 24), 'day')} ago`;
}

/**
 * SPEC §4 'Story read-time display': news shows relative time; other stories show minutes from seconds, at
 * least 1 min, and '10+ mins' once the reading takes longer than ten minutes (601 seconds and up).
 */
export function readTimeLabel(story: { timeReadSeconds: number; isNews: boolean; publishedAt?: string }, now: Date = new Date()): string {
  if (story.isNews && story.publishedAt && !Number.isNaN(Date.parse(story.publishedAt))) return publishedAgoLabel(story.publishedAt, now);
  const seconds = Number.isFinite(story.timeReadSeconds) ? Math.max(0, story.timeReadSeconds) : 0;
  if (seconds > READ_TIME_CAP_MINUTES * 60) return `${READ_TIME_CAP_MINUTES}+ mins`;
  return plural(Math.max(1, Math.round(seconds / 60)), 'min');
}
