// Declares the validator that scripts/build.mjs generates from schema/config.v1.schema.json.
import type { AjvError } from './ajv-error.js';
declare function validate(data: unknown): boolean;
declare namespace validate {
  let errors: AjvError[] | null;
}
export default validate;
