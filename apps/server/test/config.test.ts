/**
 * The configuration schema: one zod schema (apps/server/src/config/variables.ts) parses every
 * environment variable at start. A bad value stops the process with a line naming the variable
 * and what it must be; the README table is the schema's, written by scripts/config-table.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from '../src/config';
import { ENV_VARIABLES, type EnvVariable } from '../src/config/variables';
import { loadDepositSettings } from '../src/modules/deposit/deposit-settings';
import { loadGatewaySettings } from '../src/modules/gateway/gateway.service';
import { loadKeySettings } from '../src/modules/system/key.service';
import { README, renderEnvTable, withEnvTable } from '../../../scripts/config-table';
import { spawnServer, type SpawnedServer } from './spawn-server';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
const variables = Object.entries(ENV_VARIABLES) as [string, EnvVariable][];

/** The ConfigError loadConfig throws for `env` (fails the test when it does not throw one). */
function refusal(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('bad values stop the start, naming the variable', () => {
  it.each([
    [{ SCRYPT_LOG_N: 'abc' }, 'SCRYPT_LOG_N="abc": must be a whole number from 10 to 20'],
    [{ SCRYPT_LOG_N: '17.5' }, 'SCRYPT_LOG_N="17.5": must be a whole number'],
    [{ PUBLIC_URL: 'example.com' }, 'PUBLIC_URL="example.com": must be an http:// or https:// URL'],
    [{ SMS_HTTP_URL: 'sms.example/send' }, 'SMS_HTTP_URL="sms.example/send": must be an http:// or https:// URL'],
    [
      { VENDOR_SANDBOX_URL: 'ftp://vendor.example' },
      'VENDOR_SANDBOX_URL="ftp://vendor.example": must be an http:// or https:// URL',
    ],
    [{ PORT: '-1' }, 'PORT="-1": must be a whole number from 0 to 65535'],
    [{ PORT: '70000' }, 'PORT="70000": must be a whole number from 0 to 65535'],
    [{ NODE_ENV: 'prod' }, 'NODE_ENV="prod": must be one of development, production, test'],
    [{ SMS_PROVIDER: 'twilio' }, 'SMS_PROVIDER="twilio": must be one of outbox, http'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL="verbose": must be one of'],
    [{ ALLOW_PGLITE_IN_PRODUCTION: 'yes' }, 'ALLOW_PGLITE_IN_PRODUCTION="yes": must be 1, true, 0 or false'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY="true": TRUST_PROXY=true is no longer accepted'],
    [
      { TRUST_PROXY: '10.0.0.0/33' },
      'TRUST_PROXY="10.0.0.0/33": must be a hop count or comma-separated proxy addresses',
    ],
    [
      { VENDOR_FRAME_ORIGINS: 'https://ok.example vendor.example' },
      'VENDOR_FRAME_ORIGINS="https://ok.example vendor.example": must be space-separated',
    ],
    [{ SESSION_IDLE_SECONDS: '0' }, 'SESSION_IDLE_SECONDS="0": must be a whole number of at least 1'],
    [{ JOB_LEASE_MS: '1m' }, 'JOB_LEASE_MS="1m": must be a whole number of at least 100'],
    [
      { ERROR_REPORT_URL: 'javascript:alert(1)' },
      'ERROR_REPORT_URL="javascript:alert(1)": must be an http:// or https:// URL, or a path starting with /',
    ],
    [
      { ERROR_REPORT_URL: '//evil.example/r' },
      'ERROR_REPORT_URL="//evil.example/r": must be an http:// or https:// URL, or a path',
    ],
    [
      { ERROR_REPORT_URL: 'https://c.example/r"><script>' },
      'ERROR_REPORT_URL="https://c.example/r\\"><script>": must be an http:// or https:// URL',
    ],
  ])('%o', (env, line) => {
    const err = refusal(env);
    expect(err.problems).toHaveLength(1);
    expect(err.problems[0]).toContain(line);
    expect(err.message).toContain(line);
  });

  it('lists every bad variable at once', () => {
    const err = refusal({ SCRYPT_LOG_N: 'abc', PUBLIC_URL: 'example.com', PORT: '-1' });
    expect(err.problems.map((p) => p.split(/[=:]/)[0]).sort()).toEqual(['PORT', 'PUBLIC_URL', 'SCRYPT_LOG_N']);
  });

  it('never echoes a secret, only says it is wrong', () => {
    const err = refusal({ DATABASE_URL: 'db.example/wps?password=hunter2', SANDBOX_GATEWAY_SECRET: 'short-secret' });
    expect(err.problems).toEqual([
      expect.stringMatching(/^DATABASE_URL \(value hidden\): must be a postgres:\/\/ or postgresql:\/\/ URL/),
      'SANDBOX_GATEWAY_SECRET (value hidden): must be at least 16 characters long',
    ]);
    expect(err.message).not.toMatch(/hunter2|short-secret/);
  });

  it('takes a DATABASE_URL with several hosts, as libpq writes them, and keeps it as written', () => {
    const url = 'postgres://wps:pw@db1:5432,db2:5432/wps?target_session_attrs=read-write';
    expect(loadConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    expect(refusal({ DATABASE_URL: 'postgres://db1:5432,:5432/wps' }).problems).toEqual([
      expect.stringMatching(/^DATABASE_URL \(value hidden\): must be a postgres/),
    ]);
  });

  it('reads the settings the modules take from the same schema', () => {
    expect(() => loadDepositSettings({ DEPOSIT_MANUAL_TTL_MINUTES: 'a day' })).toThrow(
      /DEPOSIT_MANUAL_TTL_MINUTES="a day": must be a whole number/,
    );
    expect(() => loadDepositSettings({ ALLOW_SANDBOX_GATEWAY: 'on' })).toThrow(/ALLOW_SANDBOX_GATEWAY="on"/);
    expect(() => loadGatewaySettings({ VENDOR_MAX_WIN_MULTIPLE: '1e4' })).toThrow(
      /VENDOR_MAX_WIN_MULTIPLE="1e4": must be a whole number/,
    );
    expect(() => loadGatewaySettings({ VENDOR_SANDBOX_SECRET: 'too-short' })).toThrow(
      /VENDOR_SANDBOX_SECRET \(value hidden\): must be at least 16/,
    );
    expect(() => loadKeySettings({ PAYLOAD_REPLAY_WINDOW_SECONDS: '0.5' })).toThrow(
      /PAYLOAD_REPLAY_WINDOW_SECONDS="0.5": must be a number of at least 1/,
    );
  });
});

describe('values and defaults', () => {
  it('applies the defaults, and treats a blank value as unset', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      nodeEnv: 'development',
      scryptLogN: 17,
      trustProxy: false,
      logLevel: 'info',
    });
    expect(config.sms).toEqual({ provider: 'outbox', httpUrl: undefined, httpSecret: undefined });
    expect(config.databaseUrl).toBeUndefined();
    expect(loadConfig({ PORT: '', SCRYPT_LOG_N: '  ', DATABASE_URL: '' })).toMatchObject({
      port: 8080,
      scryptLogN: 17,
      databaseUrl: undefined,
    });
  });

  it('parses what it is given', () => {
    const config = loadConfig({
      PORT: '0',
      SCRYPT_LOG_N: '10',
      DATABASE_URL: 'postgresql://wps:pw@db:5432/wps',
      ALLOW_PGLITE_IN_PRODUCTION: 'TRUE',
      EMAIL_PROVIDER: 'http',
      EMAIL_HTTP_URL: 'https://mail.example/send',
      VENDOR_SANDBOX_URL: 'http://127.0.0.1:8257/',
      VENDOR_FRAME_ORIGINS: 'https://games.example/play  https://games.example',
      JOB_INTERVAL_MS: '250',
      ERROR_REPORT_URL: ' https://errors.example/collect?site=wps ',
    });
    expect(config).toMatchObject({
      port: 0,
      scryptLogN: 10,
      databaseUrl: 'postgresql://wps:pw@db:5432/wps',
      allowPgliteInProduction: true,
      jobIntervalMs: 250,
    });
    expect(config.email).toMatchObject({ provider: 'http', httpUrl: 'https://mail.example/send' });
    expect(config.frameOrigins).toEqual(['http://127.0.0.1:8257', 'https://games.example']);
    expect(config.errorReportUrl).toBe('https://errors.example/collect?site=wps');
    expect(loadConfig({ ERROR_REPORT_URL: '/errors' }).errorReportUrl).toBe('/errors');
    expect(loadConfig({}).errorReportUrl).toBeUndefined();
    expect(parseEnv({ VENDOR_MAX_WIN_MINOR: '900000000000000000' }).VENDOR_MAX_WIN_MINOR).toBe(
      900_000_000_000_000_000n,
    );
  });
});

describe('the schema is the one place', () => {
  it('every variable says what it is, and every AppConfig field is fed by one', () => {
    const config = loadConfig({});
    const fed = new Set<string>();
    for (const [name, v] of variables) {
      expect(v.description.length, name).toBeGreaterThan(10);
      expect(v.default === undefined || v.defaultText === undefined, `${name}: default or defaultText, not both`).toBe(
        true,
      );
      for (const target of v.feeds.split(', ')) {
        if (!target.startsWith('AppConfig.')) continue;
        const field = target.slice('AppConfig.'.length).split('.')[0] ?? '';
        expect(Object.keys(config), `${name} feeds ${target}`).toContain(field);
        fed.add(field);
      }
    }
    expect(Object.keys(config).filter((k) => !fed.has(k))).toEqual([]);
  });

  it('no server code outside config/ reads process.env', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (file !== path.join(SRC, 'config')) walk(file);
        } else if (/\.ts$/.test(entry.name) && !/\.test\.ts$|test-support\.ts$/.test(entry.name)) {
          const lines = fs.readFileSync(file, 'utf8').split('\n');
          lines.forEach((line, i) => {
            if (/process\.env\b/.test(line)) offenders.push(`${path.relative(SRC, file)}:${i + 1}: ${line.trim()}`);
          });
        }
      }
    };
    walk(SRC);
    expect(offenders, 'add the variable to config/variables.ts and read it from loadConfig or parseEnv').toEqual([]);
  });

  it('README.md has the table the schema writes (npx tsx scripts/config-table.ts)', () => {
    const readme = fs.readFileSync(README, 'utf8');
    expect(readme).toContain('| `SCRYPT_LOG_N` | `17` |');
    expect(withEnvTable(readme, renderEnvTable()), 'README.md is stale: run npx tsx scripts/config-table.ts').toBe(
      readme,
    );
  });
});

describe('the server process', () => {
  let server: SpawnedServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('exits non-zero with one line per bad variable, not a stack trace', async () => {
    server = spawnServer({ SCRYPT_LOG_N: 'abc', PUBLIC_URL: 'example.com', PORT: '-1' });
    expect(await server.exited).not.toBe(0);
    const output = server.output();
    expect(output).toContain('Invalid configuration (environment variables)');
    expect(output).toContain('SCRYPT_LOG_N="abc": must be a whole number from 10 to 20');
    expect(output).toContain('PUBLIC_URL="example.com": must be an http:// or https:// URL');
    expect(output).toContain('PORT="-1": must be a whole number from 0 to 65535');
    expect(output).not.toMatch(/\n\s+at /);
    expect(output).not.toMatch(/Server listening/);
  }, 60_000);
});
