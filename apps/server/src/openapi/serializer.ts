import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
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
 * or rewrites fields, so a test sees exactly what production sends.
 */
export function createResponseSerializer(options: { validate: boolean }): FastifySerializerCompiler<ResponseSchema> {
  if (!options.validate) return () => (data) => JSON.stringify(data);
  return ({ schema, method, url }) => {
    const zodSchema = zodSchemaOf(schema);
    return (data) => {
      const result = safeEncode(zodSchema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      return JSON.stringify(data);
    };
  };
}
