import { describe, expect, it } from 'vitest';
import { normaliseVendorUrl, vendorAdapterBodySchema, vendorAdapterConnectBodySchema } from './vendor-adapters';

describe('vendor adapter request', () => {
  it('takes http(s) addresses without credentials, stored without a trailing slash', () => {
    expect(normaliseVendorUrl(' https://games.vendor.example/play/ ')).toBe('https://games.vendor.example/play');
    expect(normaliseVendorUrl('http://10.0.0.5:8080')).toBe('http://10.0.0.5:8080');
    for (const bad of [
      'ftp://vendor.example',
      'javascript:alert(1)',
      'https://user:pw@vendor.example',
      'vendor.example/play',
      '',
    ])
      expect(normaliseVendorUrl(bad)).toBeNull();
  });

  it('keeps the secret optional on an edit (empty is absent) and required to connect', () => {
    const body = {
      walletModel: 'seamless',
      launchUrl: 'https://v.example/play',
      apiUrl: '',
      requestTimeoutMs: 3000,
      secret: '',
      reason: 'edit',
    };
    expect(vendorAdapterBodySchema.parse(body)).toMatchObject({ apiUrl: null, secret: undefined });
    expect(vendorAdapterConnectBodySchema.safeParse(body).error?.issues).toMatchObject([
      { path: ['secret'], message: 'required' },
    ]);
    expect(vendorAdapterBodySchema.safeParse({ ...body, secret: ' padded-secret-0123456 ' }).success).toBe(false);
    expect(vendorAdapterBodySchema.safeParse({ ...body, walletModel: 'transfer' }).error?.issues).toMatchObject([
      { path: ['apiUrl'], message: 'required' },
    ]);
  });
});
