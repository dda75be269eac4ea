// A count on an icon or an entry (spec section 9: badge max 99, shown as 99+).
export const BADGE_MAX = 99;

/** What the badge shows: nothing for 0, the count, or 99+. */
export function badgeText(count: number): string {
  if (!count || count < 0) return '';
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}

export function Badge({ count, testId }: { count: number; testId?: string }) {
  const text = badgeText(count);
  if (!text) return null;
  return (
    <span className="badge badge--count" data-testid={testId} aria-label={text}>
      {text}
    </span>
  );
}
