/**
 * The receiving accounts as their route schemas declare them (server/receiving/receiving.schemas.ts): the back
 * office's Receiving tab reads these types, never a copy written by hand (decision 068).
 */
import type { Static } from 'typebox';
import type { receivingAccountSchema, virtualCurrencySchema } from '../../server/receiving/receiving.schemas.ts';

/** A remittance account members pay into (decision 024): GET, POST and PUT admin/v1/receiving-accounts. */
export type ReceivingAccount = Static<typeof receivingAccountSchema>;
/** The virtual-currency address and network: GET and PUT admin/v1/receiving-accounts/virtual-currency. */
export type VirtualCurrencyState = Static<typeof virtualCurrencySchema>;
