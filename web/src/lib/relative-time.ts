const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/**
 * How long ago a moment was, in the words people read on comments: 'less than a minute ago', '5 minutes ago',
 * 'about 1 hour ago', '3 days ago', 'about 2 months ago'. The thresholds round as a person would (90 minutes is
 * 'about 2 hours', 36 hours '2 days').
 */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const seconds = Math.max(0, (now.getTime() - then) / 1000);
  if (seconds < 30) return 'less than a minute ago';
  if (seconds < 45 * MINUTE) return `${plural(Math.max(1, Math.round(seconds / MINUTE)), 'minute')} ago`;
  if (seconds < DAY) return `about ${plural(Math.max(1, Math.round(seconds / HOUR)), 'hour')} ago`;
  if (seconds < MONTH) return `${plural(Math.max(1, Math.round(seconds / DAY)), 'day')} ago`;
  if (seconds < YEAR) return `about ${plural(Math.max(1, Math.round(seconds / MONTH)), 'month')} ago`;
  return `about ${plural(Math.round(seconds / YEAR), 'year')} ago`;
}
