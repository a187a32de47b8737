import { Type } from 'typebox';

const text = (maxLength: number, description: string) => Type.String({ minLength: 1, maxLength, pattern: '\\S', description });
/** What an operator writes of a receiving account. */
export const accountFields = {
  bank_name: text(80, 'The bank'),
  branch: text(120, 'The branch'),
  account_holder: text(120, 'The holder’s name as the bank shows it'),
  account_number: Type.String({
    minLength: 1,
    maxLength: 60,
    description: 'Letters and digits (an IBAN too), spaces and dashes allowed, at least 5 digits',
  }),
  type: text(40, 'The country type members know the account by: China, Vietnam, Taiwan, ...'),
  locales: Type.String({
    maxLength: 20,
    pattern: '^ *((zhs|zht|eng)( *, *(zhs|zht|eng))*)? *$',
    description: 'Site locales whose payment screen shows the account, comma-separated ("zhs,zht,eng"); blank: none (default all three)',
  }),
  countries_id: Type.String({
    maxLength: 100,
    pattern: '^ *([1-9][0-9]{0,8}( *, *[1-9][0-9]{0,8})*)? *$',
    description: 'Member countries (GET v1/country ids) that see the account, comma-separated; blank: every country (the default)',
  }),
};

/** A receiving account in the back office (decision 024): GET, POST and PUT admin/v1/receiving-accounts. */
export const receivingAccountSchema = Type.Object({
  id: Type.Integer(),
  position: Type.Integer({ description: '1 is shown first' }),
  bank_name: Type.String(),
  branch: Type.String(),
  account_holder: Type.String(),
  account_number: Type.String(),
  type: Type.String(),
  locales: Type.Array(Type.String(), { description: 'Sites (locales) that show the account; empty: none' }),
  countries_id: Type.Array(Type.Integer(), { description: 'Member countries that see it; empty: every country' }),
  enabled: Type.Boolean(),
  disabled_reason: Type.Union([Type.String(), Type.Null()]),
  demo: Type.Boolean({ description: 'A seeded placeholder: shown to members only in demo mode, and not editable' }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

/** The virtual-currency address and network: GET and PUT admin/v1/receiving-accounts/virtual-currency. */
export const virtualCurrencySchema = Type.Object({
  address: Type.Union([Type.String(), Type.Null()]),
  network: Type.Union([Type.String(), Type.Null()]),
  enabled: Type.Boolean({ description: 'Members can choose virtual currency (it has an address and is switched on)' }),
  qr: Type.Union([Type.Object({ size: Type.Integer(), path: Type.String() }), Type.Null()]),
  updated_at: Type.String({ format: 'date-time' }),
});
