import { Type } from 'typebox';

/** A name in each of the three languages (any may be missing: clients then show `name`). */
export const localisedSchema = (description: string) =>
  Type.Object(
    { zhs: Type.Optional(Type.String()), zht: Type.Optional(Type.String()), eng: Type.Optional(Type.String()) },
    { description, additionalProperties: false },
  );
