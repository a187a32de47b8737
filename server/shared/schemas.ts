import { Type, type TSchema } from 'typebox';

/** The success envelope around a detail schema, for response serialisation and the OpenAPI document. */
export const envelopeOf = <T extends TSchema>(detail: T) =>
  Type.Object({
    status: Type.Literal(1),
    code: Type.Literal(1),
    message: Type.String(),
    detail,
  });

/** The failure envelope every error response shares. */
export const errorEnvelope = Type.Object({
  status: Type.Literal(0),
  code: Type.Literal(0),
  message: Type.String(),
  detail: Type.Unknown(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
});
