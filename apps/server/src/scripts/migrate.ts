import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { runMigrations } from '../db/migrate';
import { seedDemoOperator } from '../db/seed';

/** `npm run migrate`: apply pending migrations and seed the demo operator, on the database the server would use. */
async function main(): Promise<void> {
  const config = loadConfig();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    // Through PgBouncer: no per-connection SET (database.ts).
    listenUrl: config.databaseListenUrl,
    dataDir: config.dataDir,
    poolSize: 2,
  });
  try {
    const applied = await runMigrations(database);
    const seed = await seedDemoOperator(database.db);
    console.log(`database: ${where}`);
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'applied: none (up to date)');
    console.log(
      seed.insertedSettings.length
        ? `seeded settings: ${seed.insertedSettings.join(', ')}`
        : 'seeded settings: none (all present)',
    );
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
