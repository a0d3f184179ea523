import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  DomainError,
  IllegalStateError,
  isDomainError,
  NotFoundError,
  ValidationError,
} from './errors.ts';

describe('domain errors', () => {
  it('given each helper class, then it is a DomainError with its code and name', () => {
    const errors = [
      [new ValidationError('bad', { email: ['required'] }), 'validation', 'ValidationError'],
      [new NotFoundError('no car', { id: '12' }), 'not_found', 'NotFoundError'],
      [new ConflictError('taken'), 'conflict', 'ConflictError'],
      [new IllegalStateError('cancelled'), 'illegal_state', 'IllegalStateError'],
    ] as const;
    for (const [error, code, name] of errors) {
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toBeInstanceOf(Error);
      expect(error.code).toBe(code);
      expect(error.name).toBe(name);
      expect(isDomainError(error, code)).toBe(true);
    }
  });

  it('given a validation error about one field, then its details list the problem under that field', () => {
    const error = ValidationError.field('email', 'must contain @');
    expect(error.message).toBe('email: must contain @');
    expect(error.details).toEqual({ fields: { email: ['must contain @'] } });
  });

  it('given a cause, then it is kept', () => {
    const cause = new Error('socket closed');
    expect(new ConflictError('retry', undefined, { cause }).cause).toBe(cause);
  });

  it('given other values, then isDomainError says no', () => {
    expect(isDomainError(new Error('x'))).toBe(false);
    expect(isDomainError({ code: 'validation' })).toBe(false);
    expect(isDomainError(new ConflictError('x'), 'validation')).toBe(false);
  });
});
