/**
 * The business day an instant falls on in the operator's time zone (BUSINESS_TIME_ZONE), as
 * YYYY-MM-DD: daily quotas and daily income both count by it.
 */
export function businessDate(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
