/**
 * When a card may next be withdrawn to: a card's number changed, or the member's password changed,
 * less than the cooldown ago (WITHDRAWAL_COOLDOWN_HOURS) makes the card wait, so a stolen login cannot
 * send the money to a card of the thief's at once. Null when the card may be used now.
 */
export function withdrawableFrom(
  numberChangedAt: Date | string,
  passwordChangedAt: Date | string | null,
  cooldownMs: number,
  now: Date,
): Date | null {
  if (cooldownMs <= 0) return null;
  const lastChange = Math.max(new Date(numberChangedAt).getTime(), passwordChangedAt === null ? 0 : new Date(passwordChangedAt).getTime());
  const from = lastChange + cooldownMs;
  return from > now.getTime() ? new Date(from) : null;
}
