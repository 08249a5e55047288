import { z } from 'zod';
import { ErrorCode } from '@wps/shared/error-codes';

/**
 * Response schemas in the API's envelope. A route declares `response: success(valueSchema)`; the
 * value schema is what the OpenAPI document shows under `value`, and what responses are checked
 * against outside production (see serializer.ts).
 */
export function success<T extends z.ZodType>(value: T) {
  return { 200: z.object({ success: z.literal(true), value }) };
}

/** `ok(true)`: calls whose only answer is that they were done (typed boolean, as `ok(true)` is). */
export const doneSchema = z.boolean().describe('Always true: the call was done.');

/**
 * Every refusal and failure: `errorCode` is stable (clients translate by it), `message` an English
 * fallback, `value` optional detail (the fields of a VALIDATION_FAILED, a retry wait, …).
 */
export const failureEnvelopeSchema = z
  .object({
    success: z.literal(false),
    errorCode: z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    value: z.unknown().optional(),
  })
  .meta({ id: 'Failure', description: 'The failure envelope of every 4xx and 5xx answer (plugins/errors.ts).' });

/**
 * A response whose body is not JSON (an HTML page, an image): documented by its media type, as a
 * string of that type. Fastify never runs a serializer on string or Buffer bodies, so nothing
 * checks these at run time; `unknown` lets the handler send a Buffer.
 */
export function nonJson(mediaTypes: readonly string[], description: string) {
  return {
    description,
    content: Object.fromEntries(
      mediaTypes.map((type) => [type, { schema: z.unknown().meta({ type: 'string', contentMediaType: type }) }]),
    ),
  };
}
