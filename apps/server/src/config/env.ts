/**
 * The environment, parsed once by one zod object built from the variable table. Unset and blank
 * are the same (a compose file's `FOO=` means "use the default"); every bad value is reported
 * at once, each line naming its variable, and the process does not start.
 */
import { z } from 'zod';
import { ENV_VARIABLES, type EnvVariable } from './variables';

type Variables = typeof ENV_VARIABLES;
export type EnvName = keyof Variables;

/** The parsed environment: variables with a default always have a value. */
export type Env = {
  [K in EnvName]: Variables[K] extends { default: string }
    ? z.output<Variables[K]['schema']>
    : z.output<Variables[K]['schema']> | undefined;
};

/** A configuration that must not start; the message has one line per bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration (environment variables):\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const given = (raw: unknown): string | undefined => (typeof raw === 'string' && raw.trim() !== '' ? raw : undefined);

function field(variable: EnvVariable) {
  const schema = variable.default === undefined ? variable.schema.optional() : variable.schema;
  return z.preprocess((raw) => given(raw) ?? variable.default, schema);
}

const entries = Object.entries(ENV_VARIABLES) as [EnvName, EnvVariable][];

/** The one schema: every variable of the table, nothing else (other variables are ignored). */
export const envSchema = z.object(Object.fromEntries(entries.map(([name, variable]) => [name, field(variable)])));

/** Parse the environment; throws ConfigError naming each bad variable and what it must be. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data as Env;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0]) as EnvName;
    const raw = given(source[name]);
    const variable: EnvVariable | undefined = ENV_VARIABLES[name];
    const shown = raw === undefined ? ' (default)' : variable?.secret ? ' (value hidden)' : `=${JSON.stringify(raw)}`;
    return `${name}${shown}: ${issue.message}`;
  });
  throw new ConfigError(problems);
}
