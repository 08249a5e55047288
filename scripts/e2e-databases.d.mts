// Types of scripts/e2e-databases.mjs, for the browser suites' TypeScript helpers.
export function databaseName(dataDir: string): string;
export function templateName(mainDataDir: string, prepared?: string): string;
export function templateDir(templateDirectory: string, prepared?: string): string;
export function copyDatabase(from: string, to: string): Promise<void>;
export function databaseUrl(name: string): string | undefined;
export function databaseEnv(dataDir: string): { DATABASE_URL?: string };
export function dropDatabase(name: string): Promise<void>;
export function dropRunDatabases(mainDataDir: string): Promise<void>;
export function createEmptyDatabase(name: string): Promise<void>;
export function freshDataDir(dataDir: string, prepared?: string): Promise<void>;
export function emptyDataDir(dataDir: string): Promise<void>;
