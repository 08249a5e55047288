import type { z } from 'zod';

/** One environment variable of the table (variables.ts gathers them; fields.ts has the schemas). */
export type EnvVariable = {
  /** Parses the variable's text into its value (fields.ts); failures name what was expected. */
  schema: z.ZodType<unknown, string>;
  /** The value used when the variable is unset or blank, written as in the environment; none = undefined. */
  default?: string;
  /** What the README shows as the default when it is not a literal value (a computed path, a random secret). */
  defaultText?: string;
  /** Where the value goes: `AppConfig.<field>`, a module's settings function, or an ops command. */
  feeds: string;
  /** One sentence for the README table (Markdown). */
  description: string;
  /** Never echoed in error messages. */
  secret?: boolean;
};
