import { describe, expect, it } from 'vitest';
import { compilePattern } from './compilePattern.ts';
import { DIGITS, PAGE, SLUG } from './paramRules.ts';

describe('compilePattern', () => {
  it('given parameters glued to text, then each ends at the first non-name character', () => {
    const pattern = compilePattern('/purchase-:id/:slug', { id: DIGITS, slug: SLUG });
    expect(pattern.paramNames).toEqual(['id', 'slug']);
    expect(pattern.match('/purchase-12/bmw-x3')).toEqual({ id: '12', slug: 'bmw-x3' });
    expect(pattern.match('/purchase-info-12/bmw-x3')).toBeNull();
  });

  it('given nested optional parts, then an inner value needs the outer one', () => {
    const pattern = compilePattern('/list{/:a{/:b}}', { a: SLUG, b: SLUG });
    expect(pattern.render({})).toEqual({ ok: true, path: '/list' });
    expect(pattern.render({ a: 'x', b: 'y' })).toEqual({ ok: true, path: '/list/x/y' });
    expect(pattern.render({ b: 'y' })).toEqual({ ok: false, missing: 'a' });
    expect(pattern.match('/list/x')).toEqual({ a: 'x' });
  });

  it('given a default marked omitDefault, then it is written only when it differs', () => {
    const pattern = compilePattern('/blog{/:page}', { page: PAGE });
    expect(pattern.render({ page: '1' })).toEqual({ ok: true, path: '/blog' });
    expect(pattern.render({ page: '2' })).toEqual({ ok: true, path: '/blog/2' });
    expect(pattern.match('/blog')).toEqual({ page: '1' });
  });

  it('given an optional part of text only, then it is accepted when matching but never written', () => {
    const pattern = compilePattern('/export{/fr}', {});
    expect(pattern.match('/export/fr')).toEqual({});
    expect(pattern.render({})).toEqual({ ok: true, path: '/export' });
  });

  it('given text with regular-expression characters, then it is matched literally', () => {
    expect(compilePattern('/a.b', {}).match('/axb')).toBeNull();
  });

  it.each([
    ['/a/:id', {}, 'no rule for parameter id'],
    ['/a', { id: DIGITS }, 'rule for absent parameter id'],
    ['/a/:id/:id', { id: DIGITS }, 'repeated parameter'],
    ['/a{/:id', { id: DIGITS }, 'unbalanced "{"'],
    ['/a}', {}, 'unbalanced "}"'],
    ['/a/:', {}, 'bad parameter name'],
  ])('given the faulty template %s, then compiling fails loudly', (template, rules, message) => {
    expect(() => compilePattern(template, rules)).toThrow(message);
  });
});
