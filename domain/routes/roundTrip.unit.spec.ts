import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../markets.ts';
import { compiledRoute } from './compiledRoutes.ts';
import { generateUrl } from './generateUrl.ts';
import { matchUrl } from './matchUrl.ts';
import { LOCALE, type ParamRule } from './paramRules.ts';
import { RouteError } from './RouteError.ts';
import { ROUTES, type RouteBaseName, routeName } from './routes.ts';

// Building a stringMatching arbitrary parses the pattern: do it once per rule.
const arbitraries = new Map<ParamRule, fc.Arbitrary<string>>();

/** Any value a rule accepts, derived from the rule itself so new routes are covered without new code. */
const anyValueOf = (rule: ParamRule): fc.Arbitrary<string> => {
  let arbitrary = arbitraries.get(rule);
  if (arbitrary === undefined) {
    arbitrary = fc
      .stringMatching(new RegExp(`^(?:${rule.pattern})$`))
      .filter((value) => rule.check?.(value) ?? true);
    arbitraries.set(rule, arbitrary);
  }
  return arbitrary;
};

/** Every parameter of a route (its own locale parameter, if any, set to the route's locale). */
const allParams = (base: RouteBaseName, locale: Locale): fc.Arbitrary<Record<string, string>> => {
  const { params, localeParam } = ROUTES[base];
  const fields = Object.fromEntries(Object.entries(params).map(([name, rule]) => [name, anyValueOf(rule)]));
  if (localeParam !== undefined) fields[localeParam] = fc.constant(locale);
  return fc.record(fields);
};

/** What matchUrl should give back: the values given plus the defaults of those left out. */
const expectedParams = (base: RouteBaseName, locale: Locale, given: Record<string, string | undefined>) => {
  const { params, localeParam } = ROUTES[base];
  const expected: Record<string, string> = {};
  for (const [name, rule] of Object.entries(params)) {
    const value = given[name] ?? rule.default;
    if (value !== undefined) expected[name] = value;
  }
  if (localeParam !== undefined) expected[localeParam] = locale;
  return expected;
};

const locales = fc.constantFrom(...LOCALES);
const bases = Object.keys(ROUTES) as RouteBaseName[];

describe('generateUrl then matchUrl (round trip)', () => {
  it.each(bases)(
    'given any valid values for every parameter of %s, in any locale, the URL reads back as the same route and values',
    (base) => {
      fc.assert(
        fc.property(
          locales.chain((locale) => fc.tuple(fc.constant(locale), allParams(base, locale))),
          ([locale, params]) => {
            // When
            const url = generateUrl(routeName(base, locale), params);
            const match = matchUrl(url);
            // Then
            expect(match).toEqual({
              name: routeName(base, locale),
              route: base,
              locale,
              params: expectedParams(base, locale, params),
            });
          },
        ),
        { numRuns: 100 },
      );
    },
  );

  it('given only some of the parameters, either the URL reads back with the defaults filled, or a parameter left out is reported missing', () => {
    const someParams = fc.tuple(fc.constantFrom(...bases), locales).chain(([base, locale]) =>
      fc.tuple(
        fc.constant(base),
        fc.constant(locale),
        allParams(base, locale).chain((all) => fc.subarray(Object.entries(all)).map(Object.fromEntries)),
      ),
    );
    fc.assert(
      fc.property(someParams, ([base, locale, params]: [RouteBaseName, Locale, Record<string, string>]) => {
        // When
        let url: string;
        try {
          url = generateUrl(routeName(base, locale), params);
        } catch (error) {
          // Then (the build fails only for want of a parameter)
          expect(error).toBeInstanceOf(RouteError);
          expect((error as RouteError).code).toBe('validation');
          expect((error as RouteError).message).toMatch(/is missing$/);
          expect(params).not.toHaveProperty((error as RouteError).param!);
          return;
        }
        // Then
        expect(matchUrl(url)).toEqual({
          name: routeName(base, locale),
          route: base,
          locale,
          params: expectedParams(base, locale, params),
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('given a route without parameters, its URL is the same with none given', () => {
    for (const base of bases.filter((name) => Object.keys(ROUTES[name].params).length === 0)) {
      for (const locale of LOCALES)
        expect(matchUrl(generateUrl(routeName(base, locale)))?.name).toBe(`${base}.${locale}`);
    }
  });

  it('the locale rule accepts exactly the nine locales', () => {
    fc.assert(
      fc.property(anyValueOf(LOCALE), (value) => {
        expect(LOCALES).toContain(value);
      }),
    );
  });

  it('given values that make another route’s path, a path is handed out exactly when matchUrl reads it back as the route with those values', () => {
    // generateUrl reads a path back against the route's rivals only (compiledRoutes.ts): it must accept
    // and refuse exactly what a read-back by matchUrl over every route accepts and refuses. The values
    // most likely to lead elsewhere are those read from the other routes' own paths.
    let collisions = 0;
    for (const locale of LOCALES) {
      const paths = bases.flatMap((base) =>
        fc.sample(allParams(base, locale), { numRuns: 4, seed: 7 }).flatMap((params) => {
          const { localeParam } = ROUTES[base];
          const values = Object.fromEntries(Object.entries(params).filter(([key]) => key !== localeParam));
          const rendered = compiledRoute(routeName(base, locale))!.pattern.render(values);
          return rendered.ok ? [rendered.path] : [];
        }),
      );
      for (const base of bases) {
        const name = routeName(base, locale);
        const { pattern, definition } = compiledRoute(name)!;
        for (const path of paths) {
          const values = pattern.match(path);
          if (values === null) continue;
          const rendered = pattern.render(values);
          if (!rendered.ok) continue;
          const params = {
            ...values,
            ...(definition.localeParam ? { [definition.localeParam]: locale } : {}),
          };
          // When
          const back = matchUrl(rendered.path);
          // Then
          const same = (a: Readonly<Record<string, string>>) => JSON.stringify(Object.entries(a).sort());
          if (back?.name === name && same(back.params) === same(params)) {
            expect(generateUrl(name, params)).toBe(rendered.path);
          } else {
            collisions += 1;
            expect(() => generateUrl(name, params)).toThrow(/which leads to/);
          }
        }
      }
    }
    expect(collisions).toBeGreaterThan(0);
  });
});
