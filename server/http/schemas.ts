import { Type, type TSchema, type TStringOptions as StringOptions } from 'typebox';
import { refusalCodes, type RefusalCode } from '../../contract/refusals.ts';
import { multilineKey, numberAsTextKey } from './strict-input.ts';

/** The success envelope around a detail schema, for response serialisation and the OpenAPI document. */
export const envelopeOf = <T extends TSchema>(detail: T) =>
  Type.Object({
    status: Type.Literal(1),
    code: Type.Literal(1),
    message: Type.String(),
    detail,
  });

/** A field that holds `schema`'s value or null. */
export const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The stable reason of a refusal: clients branch on it and translate it, never the English message. */
export const errorCodeSchema = Type.Unsafe<RefusalCode>({
  type: 'string',
  enum: [...refusalCodes],
  description: 'Why the request was refused, as a stable code; translate and branch on this, not on `message`',
});

/** The failure envelope every error response shares. */
export const errorEnvelope = Type.Object({
  status: Type.Literal(0),
  code: Type.Literal(0),
  message: Type.String({ description: "The contract's English sentence, unchanged from the original app" }),
  detail: Type.Unknown(),
  error_code: errorCodeSchema,
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()), { description: 'Validation: messages per field' })),
});

/** Largest id a SERIAL column holds. */
const idMax = 2_147_483_647;

/**
 * A record id in the path: plain decimal digits only, so "0x1", "1e0" or " 1" are refused
 * rather than coerced into another record's id.
 */
export const idParams = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,9}$', description: 'Record id' }) });

/** The id from `idParams`, or undefined when it is beyond any record (answer 404). */
export function recordId(params: { id: string }): number | undefined {
  const id = Number(params.id);
  return id <= idMax ? id : undefined;
}

/** Free text that may span lines (a remark, a reason): line feeds pass the strict-input gate, other controls do not. */
export const multilineText = (options: StringOptions) => Type.String({ ...options, [multilineKey]: true });

/**
 * An amount as text, read by `parseAmountAtLeast` without rounding. JSON clients may send a
 * number; it is read as its decimal text. Anything else that is not text (`true`, a list) is refused.
 */
export const amountText = (options: StringOptions) => Type.String({ minLength: 1, maxLength: 64, ...options, [numberAsTextKey]: true });
