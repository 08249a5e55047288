import { describe, expect, it } from 'vitest';
import { INHOUSE_VASSALAGE as SHARED } from '@wps/shared/schemas/inhouse';
import { INHOUSE_VASSALAGE } from './inhouse-vendor';

describe('the in-house vendor code the site reads without the schemas', () => {
  it('is the shared schemas module’s', () => {
    expect(INHOUSE_VASSALAGE).toBe(SHARED);
  });
});
