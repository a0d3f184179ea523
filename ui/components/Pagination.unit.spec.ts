import { describe, expect, it } from 'vitest';
import { pageWindow } from './Pagination.tsx';

describe('the pages a pagination shows', () => {
  it('shows the first, the last and two around the current one, with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 0, 5]);
    expect(pageWindow(10, 20)).toEqual([1, 0, 8, 9, 10, 11, 12, 0, 20]);
    expect(pageWindow(4, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
