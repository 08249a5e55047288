import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

type ResponseSchema = $ZodType | { properties: $ZodType };

function zodSchemaOf(schema: ResponseSchema): $ZodType {
  return schema instanceof $ZodType ? schema : schema.properties;
}

/**
 * The response serializer (docs/decisions.md "Response schemas document; production does not
 * enforce them"). Response schemas exist for the OpenAPI document. With `validate`, every answer is
 * checked against its schema and a mismatch is a 500 naming the route, so drift between a service
 * and its documented shape fails the test suite; without it (production), answers are written with
 * plain JSON.stringify, as they were before response schemas existed: documentation drift never
 * turns a good answer into a 500, and hot paths (vendor callbacks) pay nothing for it.
 *
 * Either way the bytes sent are JSON.stringify of what the handler returned: the check never strips
 * or rewrites fields, so a test sees exactly what production sends. A field the schema does not
 * declare fails the check too (the document says `additionalProperties: false`, and means it).
 */
export function createResponseSerializer(options: { validate: boolean }): FastifySerializerCompiler<ResponseSchema> {
  if (!options.validate) return () => (data) => JSON.stringify(data);
  return ({ schema, method, url }) => {
    const zodSchema = zodSchemaOf(schema);
    return (data) => {
      const result = safeEncode(zodSchema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      // The schema's objects strip what they do not declare: any difference is an undocumented field.
      const sent = JSON.parse(JSON.stringify(data)) as unknown;
      if (!isDeepStrictEqual(JSON.parse(JSON.stringify(result.data)), sent)) {
        const keys = undeclared(result.data, sent);
        const issue = {
          code: 'unrecognized_keys' as const,
          keys,
          path: [],
          message: `Undocumented fields in the answer: ${keys.join(', ')}`,
        };
        throw new ResponseSerializationError(method, url, { cause: new ZodError([issue]) });
      }
      return JSON.stringify(data);
    };
  };
}

/** Paths (a.b[0].c) of the fields in `sent` that `declared` lacks, to name them in the error. */
function undeclared(declared: unknown, sent: unknown, at = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(declared))
    return sent.flatMap((item, i) => undeclared(declared[i], item, `${at}[${i}]`));
  if (sent === null || typeof sent !== 'object' || declared === null || typeof declared !== 'object') return [];
  return Object.entries(sent).flatMap(([key, value]) => {
    const path = at ? `${at}.${key}` : key;
    return key in declared ? undeclared((declared as Record<string, unknown>)[key], value, path) : [path];
  });
}
