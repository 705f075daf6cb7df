import { z } from 'zod';

/**
 * Types a form schema over the values its form holds: `formSchemaFor<Values>()(schema)`.
 *
 * A form holds what its inputs give (strings, '' for nothing, a File or null) while the contract's
 * schemas take more (numbers, null, absent fields), so react-hook-form's `zodResolver` could not
 * match the schema's input type to the form's values. At run time the result is `schema` itself.
 */
export function formSchemaFor<Values>() {
  return <S extends z.ZodType>(schema: S) => z.preprocess((values: Values) => values, schema);
}
