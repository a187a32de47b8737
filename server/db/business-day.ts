import { sql, type RawBuilder } from 'kysely';

/**
 * The instant a business day ends: the next day's midnight in the business time zone, so a payment
 * made at 23:59 Shanghai time counts for that day wherever the server runs. `day` is SQL naming a
 * date (a column, or a parameter cast to date).
 */
export function dayEnd(day: RawBuilder<unknown>, timeZone: string): RawBuilder<Date> {
  return sql<Date>`((${day} + 1)::timestamp at time zone ${timeZone})`;
}
