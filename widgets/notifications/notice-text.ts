import type { Notice } from '../../contract/api/notifications.ts';
import type { NotificationKind } from '../../contract/notifications.ts';
import type { Locale } from '../../locales/index.ts';
import type { Translate } from '../core/i18n.ts';
import { formatPoints } from '../core/money.ts';

/** The message key of each kind: `notice_<kind>`, worded with the notice's parameters. */
export const noticeKey = (kind: NotificationKind): string => `notice_${kind}`;

/** A notice in words: amounts as points with their decimals, times in the member's language. */
export function noticeText(notice: Notice, t: Translate, locale: Locale, time: Intl.DateTimeFormat): string {
  const params: Record<string, string | number> = { ...notice.params };
  if (typeof params.amount === 'number') params.amount = formatPoints(params.amount, locale);
  if (typeof params.at === 'string') params.at = time.format(new Date(params.at));
  return t(noticeKey(notice.kind), params);
}
