import { describe, expect, it } from 'vitest';
import { ConflictError } from '../errors.ts';
import { checkOwnChange, INVITATION_TTL_MS, invitationRefusal, invitationRefused } from './staffAccess.ts';

const NOW = new Date('2030-01-08T00:00:00.000Z');
const open = { expiresAt: new Date(NOW.getTime() + 1), acceptedAt: null, accountDisabled: false };

describe('staff access rules', () => {
  describe('an invitation', () => {
    it('given an open invitation before its end, then it may be accepted', () => {
      expect(invitationRefusal(open, NOW)).toBeNull();
      expect(INVITATION_TTL_MS).toBe(7 * 24 * 60 * 60 * 1000);
    });

    it('given none, a used one, a disabled account or its end reached, then the reason, in that order', () => {
      expect(invitationRefusal(undefined, NOW)).toBe('unknown');
      expect(invitationRefusal({ ...open, acceptedAt: NOW, accountDisabled: true }, NOW)).toBe('used');
      expect(invitationRefusal({ ...open, accountDisabled: true }, NOW)).toBe('revoked');
      expect(invitationRefusal({ ...open, expiresAt: NOW }, NOW)).toBe('expired');
    });

    it('given a refusal, then a validation error on the token carrying the reason', () => {
      const error = invitationRefused('expired');
      expect(error.code).toBe('validation');
      expect(error.details).toMatchObject({ invitation: 'expired', fields: { token: [error.message] } });
    });
  });

  describe('an admin’s own account', () => {
    it('given their own account, when disabling it or dropping admin, then a conflict', () => {
      expect(() => checkOwnChange('a', 'a', { kind: 'disabled', disabled: true })).toThrow(ConflictError);
      expect(() => checkOwnChange('a', 'a', { kind: 'roles', roles: ['sales'] })).toThrow(ConflictError);
    });

    it('given their own account kept admin and enabled, or another account, then allowed', () => {
      expect(() => checkOwnChange('a', 'a', { kind: 'roles', roles: ['admin', 'sales'] })).not.toThrow();
      expect(() => checkOwnChange('a', 'a', { kind: 'disabled', disabled: false })).not.toThrow();
      expect(() => checkOwnChange('a', 'b', { kind: 'disabled', disabled: true })).not.toThrow();
      expect(() => checkOwnChange('a', 'b', { kind: 'roles', roles: ['sales'] })).not.toThrow();
    });
  });
});
