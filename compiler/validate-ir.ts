/**
 * Checks a value against compiler/ir.schema.json, the machine description of GameIR
 * (compiler/ir.ts). The schema is compiled once, when this module loads.
 */
import { Ajv, type ErrorObject } from 'ajv';
import schema from './ir.schema.json' with { type: 'json' };

// allowUnionTypes: a literal is `"type": ["number", "boolean", "string", "null"]`, one test of a
// value's type, where an `anyOf` of four tries each in turn and builds an error for each miss.
const ajv = new Ajv({ discriminator: true, allErrors: false, strict: true, allowUnionTypes: true });
const validate = ajv.compile(schema);

export function validateIR(ir: unknown): { ok: true } | { ok: false; errors: string[] } {
  if (validate(ir)) return { ok: true };
  return { ok: false, errors: (validate.errors ?? []).map(formatError) };
}

/** `<instancePath>: <message>`, the root written as `/`; names the offending property where ajv's message does not. */
function formatError(e: ErrorObject): string {
  const path = e.instancePath || '/';
  let message = e.message ?? e.keyword;
  if (e.keyword === 'additionalProperties') message += ` ('${String(e.params.additionalProperty)}')`;
  else if (e.keyword === 'discriminator' && e.params.tagValue !== undefined) message += ` (got ${JSON.stringify(e.params.tagValue)})`;
  else if (e.keyword === 'enum') message += ` (${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')})`;
  return `${path}: ${message}`;
}
