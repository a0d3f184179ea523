import { describe, expect, it } from 'vitest';
import { isStaffRole, staffMayAct } from './staffRoles.ts';

describe('staff roles', () => {
  it('given an admin, then every check passes', () => {
    expect(staffMayAct(['admin'], ['sales'])).toBe(true);
    expect(staffMayAct(['admin'], ['content', 'analyst'])).toBe(true);
  });

  it('given a sales person, then sales checks pass and content checks do not', () => {
    expect(staffMayAct(['sales'], ['sales'])).toBe(true);
    expect(staffMayAct(['sales'], ['content'])).toBe(false);
    expect(staffMayAct(['sales', 'analyst'], ['content', 'analyst'])).toBe(true);
  });

  it('given no role needed, then any staff member passes and someone without roles does not', () => {
    expect(staffMayAct(['analyst'], [])).toBe(true);
    expect(staffMayAct([], [])).toBe(false);
  });

  it('given strings, then only the four roles are roles', () => {
    expect(['admin', 'sales', 'content', 'analyst'].every(isStaffRole)).toBe(true);
    expect(isStaffRole('root')).toBe(false);
    expect(isStaffRole(undefined)).toBe(false);
  });
});
