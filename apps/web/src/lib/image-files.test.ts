import { describe, expect, it } from 'vitest';
import { findImageProblem } from './image-files';

const png = { type: 'image/png', size: 1000 };

describe('findImageProblem', () => {
  it('accepts up to three png or jpg images of 5 MB', () => {
    expect(findImageProblem([], [png, { type: 'image/jpeg', size: 5 * 1_048_576 }, png])).toBeNull();
  });
  it('refuses a fourth image, counting those already chosen', () => {
    expect(findImageProblem([png, png], [png, png])).toBe('IMAGE_TOO_MANY');
  });
  it('refuses another type and a larger file', () => {
    expect(findImageProblem([], [{ type: 'image/gif', size: 10 }])).toBe('IMAGE_TYPE_INVALID');
    expect(findImageProblem([], [{ type: 'image/png', size: 5 * 1_048_576 + 1 }])).toBe('IMAGE_TOO_LARGE');
  });
});
