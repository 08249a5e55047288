import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Resource } from '@wps/shared/schemas/system';
import { findAppLink } from './app-links';

// Web links resolve against the page's origin.
beforeAll(() => vi.stubGlobal('window', { location: { origin: 'https://site.test' } }));
afterAll(() => vi.unstubAllGlobals());

const resource = (resourceType: string, url: string): Resource => ({
  resourceType,
  labelNameEn: resourceType,
  url,
  qrCodeUrl: null,
});

describe('findAppLink', () => {
  it("finds the APK for Android and the configuration profile for iOS, whatever the type's case", () => {
    const resources = [
      resource('FACEBOOK', 'https://fb.example/x'),
      resource('android', 'https://cdn.example/app.apk'),
      resource('MOBILECONFIG', 'https://cdn.example/app.mobileconfig'),
    ];
    expect(findAppLink(resources, 'android')).toBe('https://cdn.example/app.apk');
    expect(findAppLink(resources, 'ios')).toBe('https://cdn.example/app.mobileconfig');
  });

  it('gives null when the operator has no link, or one that is not a web link', () => {
    expect(findAppLink([resource('FACEBOOK', 'https://fb.example/x')], 'android')).toBeNull();
    expect(findAppLink([resource('ANDROID', 'mailto:apps@example.com')], 'android')).toBeNull();
  });
});
