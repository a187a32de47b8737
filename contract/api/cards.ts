/**
 * The member's bank cards as their route schemas declare them (server/cards/cards.schemas.ts): the card screens and
 * the withdrawal form read this type, never a copy written by hand (decision 068).
 */
import type { Static } from 'typebox';
import type { cardJsonSchema } from '../../server/cards/cards.schemas.ts';

/** A card as GET v1/bankcard lists it (card_number masked but for the last four) and GET v1/bankcard/{id} answers it (in full). */
export type BankCard = Static<typeof cardJsonSchema>;
