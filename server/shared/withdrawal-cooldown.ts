const hourMs = 3_600_000;

/** What the cool-down reads of a member: their last password change and their own cool-down, if an administrator set one. */
export interface CooldownMember {
  password_changed_at: Date | string | null;
  /** Hours; null: the install's WITHDRAWAL_COOLDOWN_HOURS (migration 0042). */
  withdrawal_cooldown_hours: number | null;
}

/** The member's cool-down: their own where an administrator set one (customer service, issue 35), else the install's. */
export function cooldownMsOf(member: Pick<CooldownMember, 'withdrawal_cooldown_hours'>, installCooldownMs: number): number {
  return member.withdrawal_cooldown_hours === null ? installCooldownMs : member.withdrawal_cooldown_hours * hourMs;
}

/** The member's cool-down in whole hours, as screens and notices state it; `{ withdrawal_cooldown_hours: null }` gives the install's. */
export function cooldownHoursOf(member: Pick<CooldownMember, 'withdrawal_cooldown_hours'>, installCooldownMs: number): number {
  return Math.round(cooldownMsOf(member, installCooldownMs) / hourMs);
}

/**
 * When a card may next be withdrawn to: a card's number changed, or the member's password changed,
 * less than the cooldown ago (WITHDRAWAL_COOLDOWN_HOURS, or the member's own) makes the card wait, so a
 * stolen login cannot send the money to a card of the thief's at once. Null when the card may be used now.
 */
export function withdrawableFrom(
  numberChangedAt: Date | string,
  member: CooldownMember,
  installCooldownMs: number,
  now: Date,
): Date | null {
  const cooldownMs = cooldownMsOf(member, installCooldownMs);
  if (cooldownMs <= 0) return null;
  const passwordChangedAt = member.password_changed_at;
  const lastChange = Math.max(new Date(numberChangedAt).getTime(), passwordChangedAt === null ? 0 : new Date(passwordChangedAt).getTime());
  const from = lastChange + cooldownMs;
  return from > now.getTime() ? new Date(from) : null;
}
