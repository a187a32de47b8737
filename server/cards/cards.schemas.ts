import { Type } from 'typebox';
import { cardNumberDigits } from '../../contract/limits.ts';

const text = (max: number) => Type.String({ minLength: 1, maxLength: max, pattern: '\\S' });
const optionalText = (max: number) => Type.Optional(Type.String({ maxLength: max }));

export const cardBody = Type.Object({
  cardholder: text(60),
  bank_name: text(80),
  card_number: Type.String({ pattern: `^[0-9]{${cardNumberDigits.min},${cardNumberDigits.max}}$` }),
  payment_name: text(80),
  daily_quota: Type.Optional(Type.Union([Type.String({ maxLength: 24 }), Type.Number()])),
  province: optionalText(60),
  city: optionalText(60),
});

export const cardJsonSchema = Type.Object({
  id: Type.Integer(),
  cardholder: Type.String(),
  bank_name: Type.String(),
  card_number: Type.String({ description: 'the whole number for GET v1/bankcard/{id}; masked but for the last four in lists' }),
  card_last4: Type.String(),
  payment_name: Type.String({ description: 'the branch' }),
  daily_quota: Type.Union([Type.Number(), Type.Null()]),
  province: Type.Union([Type.String(), Type.Null()]),
  city: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  withdrawable_from: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description:
      'When withdrawals may next go to this card (its number or the password changed less than the cooldown ago); null when they may now',
  }),
});
