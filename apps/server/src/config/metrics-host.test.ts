/**
 * METRICS_HOST: where the tokenless internal /metrics listener binds. It follows HOST unless set,
 * so an operator can keep the public port on 0.0.0.0 and the metrics on a private address.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from './app-config';

describe('METRICS_HOST', () => {
  it('defaults to HOST', () => {
    expect(loadConfig({}).metricsHost).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::' }).metricsHost).toBe('::');
    expect(loadConfig({ HOST: '::', METRICS_HOST: '' }).metricsHost).toBe('::');
  });

  it('binds the metrics listener apart from the public address when set', () => {
    const config = loadConfig({ HOST: '0.0.0.0', METRICS_PORT: '9464', METRICS_HOST: '127.0.0.1' });
    expect(config.host).toBe('0.0.0.0');
    expect(config.metricsHost).toBe('127.0.0.1');
    expect(config.metricsPort).toBe(9464);
  });
});
