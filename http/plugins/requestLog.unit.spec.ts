import { describe, expect, it } from 'vitest';
import { withoutTokens } from './requestLog.ts';

describe('the request log', () => {
  it('given an invitation link, then its token is hidden and the rest kept', () => {
    expect(withoutTokens('/admin/pl/sign-in/invitation?token=abc-DEF_123')).toBe(
      '/admin/pl/sign-in/invitation?token=[hidden]',
    );
    expect(withoutTokens('/admin/api/staff/invitation?x=1&TOKEN=abc&y=2')).toBe(
      '/admin/api/staff/invitation?x=1&TOKEN=[hidden]&y=2',
    );
  });

  it('given a URL without a token, then it is unchanged', () => {
    expect(withoutTokens('/admin/fr/staff?tokens=1&next=/x')).toBe('/admin/fr/staff?tokens=1&next=/x');
  });
});
