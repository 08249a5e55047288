import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { loadConfig, productionRefusals } from '../../config';
import { startDevVendorSandbox } from './dev-vendor-sandbox';
import { loadGatewaySettings } from './gateway.service';

describe('the reference vendor started with a development server (VENDOR_SANDBOX_AUTOSTART)', () => {
  it('is on by default in development only, off when VENDOR_SANDBOX_URL names one, and refused in production', () => {
    expect(loadConfig({}).vendorSandboxAutostart).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).vendorSandboxAutostart).toBe(false);
    expect(loadConfig({ VENDOR_SANDBOX_AUTOSTART: '0' }).vendorSandboxAutostart).toBe(false);
    expect(loadConfig({ VENDOR_SANDBOX_URL: 'http://127.0.0.1:8257' }).vendorSandboxAutostart).toBe(false);
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://u:p@db:5432/wps',
      OPERATOR_TOTP_KEY: 'k'.repeat(40),
      AUDIT_CHAIN_KEY: 'a'.repeat(40),
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.test',
      SMS_HTTP_SECRET: 's'.repeat(20),
      EMAIL_PROVIDER: 'http',
      EMAIL_HTTP_URL: 'https://mail.test',
      EMAIL_HTTP_SECRET: 's'.repeat(20),
    };
    // Production connects nothing unless configured…
    expect(loadConfig(production).vendorSandboxAutostart).toBe(false);
    expect(productionRefusals(loadConfig(production))).toEqual([]);
    // …and refuses to start the development path when asked to.
    const refusals = productionRefusals(loadConfig({ ...production, VENDOR_SANDBOX_AUTOSTART: '1' }));
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatch(/VENDOR_SANDBOX_AUTOSTART=1/);
  });

  it('starts apps/vendor-sandbox on a free port with a fresh secret, which the gateway settings then connect', async () => {
    const sandbox = await startDevVendorSandbox({
      platformHost: '0.0.0.0',
      platformPort: 9,
      log: pino({ level: 'silent' }),
    });
    expect(sandbox).toBeDefined();
    try {
      await sandbox!.ready;
      expect(sandbox!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(sandbox!.secret).toMatch(/^[0-9a-f]{48}$/);
      expect((await fetch(`${sandbox!.url}/health`)).status).toBe(200);
      // The started vendor takes the place of VENDOR_SANDBOX_URL and _SECRET.
      expect(loadGatewaySettings({}, { url: sandbox!.url, secret: sandbox!.secret }).sandbox).toEqual({
        url: sandbox!.url,
        secret: sandbox!.secret,
      });
    } finally {
      await sandbox?.stop();
    }
    await expect(fetch(`${sandbox!.url}/health`)).rejects.toThrow();
  });
});
