/** Spec 002 §9: account dates as MM/dd/yyyy. `day` is YYYY-MM-DD. */
export function formatDay(day: string | null): string {
  if (day === null) return '';
  const [y, m, d] = day.slice(0, 10).split('-');
  return `${m}/${d}/${y}`;
}

/** A moment as MM/dd/yyyy HH:mm in the viewer's time zone. */
export function formatMoment(iso: string | null): string {
  if (iso === null) return 'Never';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Whole days from today to a YYYY-MM-DD day; negative once it has passed. */
export function daysLeft(day: string, now = new Date()): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.round((Date.parse(`${day}T00:00:00Z`) - today) / 86_400_000);
}
