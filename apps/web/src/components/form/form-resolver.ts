import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/v4/core';

/**
 * One field problem, as a form words it: the field's name, why (a form rule's `params.reason`;
 * 'required' for an empty required string and 'email' for an address of a shared body schema;
 * else 'invalid') and the numbers the text needs.
 */
export type FormIssue = { field: string; reason: string; params: Record<string, unknown> };

export type DescribeIssue = (issue: FormIssue) => string;

type RawIssue = {
  code?: string;
  path?: PropertyKey[];
  params?: Record<string, unknown>;
  minimum?: unknown;
  origin?: string;
  format?: string;
};

/** Read why a zod issue failed, without its (English, developer-facing) default message. */
export function readFormIssue(issue: RawIssue): FormIssue {
  const field = (issue.path ?? []).map(String).join('.');
  const params = issue.params ?? {};
  if (issue.code === 'custom' && typeof params.reason === 'string') return { field, reason: params.reason, params };
  // A shared body schema's `z.string().min(1)` is how "cannot be empty" is written on the server.
  if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1)
    return { field, reason: 'required', params: {} };
  if (issue.code === 'invalid_format' && issue.format === 'email') return { field, reason: 'email', params: {} };
  return { field, reason: 'invalid', params: {} };
}

/**
 * A react-hook-form resolver over a zod schema (usually built from the shared body schema and
 * rules) whose messages come from `describe`, i.e. from the player's language. Issues that carry
 * a message of their own keep it, so form schemas leave messages out.
 */
export function createFormResolver<Input extends FieldValues, Output>(
  schema: z.$ZodType<Output, Input>,
  describe: DescribeIssue,
): Resolver<Input, unknown, Output> {
  return zodResolver(schema, { error: (issue) => describe(readFormIssue(issue as RawIssue)) }) as Resolver<
    Input,
    unknown,
    Output
  >;
}
