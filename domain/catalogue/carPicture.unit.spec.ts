import { describe, expect, it } from 'vitest';
import { CAR_PICTURE_VIEWS, carPicture, escapeXml } from './carPicture.ts';
import { PAINT_COLOURS } from './reference/paintColours.ts';
import { BODIES, COLOURS } from './vocabulary.ts';

// Tags that open and close in order: a cheap well-formedness check without an XML parser.
function balancedTags(svg: string): boolean {
  const stack: string[] = [];
  for (const match of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = match;
    if (selfClosing) continue;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else {
      stack.push(name!);
    }
  }
  return stack.length === 0;
}

describe('carPicture', () => {
  it('given every body and view, when drawn, then it is a well-formed standalone SVG in the paint colour', () => {
    BODIES.forEach((body, i) => {
      for (const view of CAR_PICTURE_VIEWS) {
        const colour = COLOURS[i % COLOURS.length]!;
        const svg = carPicture({ body, colour, brand: 'volkswagen', model: 'golf', view });
        const where = `${body}/${view}`;
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), where).toBe(true);
        expect(svg.endsWith('</svg>'), where).toBe(true);
        expect(balancedTags(svg), where).toBe(true);
        expect(svg, where).toContain(PAINT_COLOURS[colour]);
        expect(svg, where).toContain('Volkswagen Golf');
        expect(svg, where).not.toMatch(/NaN|undefined|href=|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
      }
    });
  });

  it('given two views of the same car, when drawn, then they differ', () => {
    const [side, front, rear] = CAR_PICTURE_VIEWS.map((view) =>
      carPicture({ body: 'suv', colour: 'blue', brand: 'kia', model: 'sportage', view }),
    );
    expect(side).not.toBe(front);
    expect(front).not.toBe(rear);
  });

  it('given two bodies, when drawn from the side, then the silhouettes differ', () => {
    const draw = (body: (typeof BODIES)[number]): string =>
      carPicture({ body, colour: 'grey', brand: 'x', model: 'y' }).replace(/cp-[a-z]+-grey-side/g, '');
    expect(new Set(BODIES.map(draw)).size).toBe(BODIES.length);
  });

  it('given a caption with markup characters, when drawn, then they are escaped', () => {
    const svg = carPicture({ body: 'sedan', colour: 'red', brand: 'A&B <Motors>', model: '"X" \'1\'' });
    expect(svg).toContain('A&amp;B &lt;Motors&gt; &quot;X&quot; &apos;1&apos;');
    expect(svg).not.toContain('<Motors>');
    expect(balancedTags(svg)).toBe(true);
  });

  it('given a size, when drawn, then width and height follow it (and bad sizes fall back to 640 × 400)', () => {
    expect(
      carPicture({
        body: 'van',
        colour: 'white',
        brand: 'ford',
        model: 'transit-custom',
        width: 320,
        height: 200,
      }),
    ).toMatch(/^<svg [^>]*width="320" height="200" viewBox="0 0 640 400"/);
    expect(
      carPicture({
        body: 'van',
        colour: 'white',
        brand: 'ford',
        model: 'ranger',
        width: -5,
        height: Number.NaN,
      }),
    ).toMatch(/^<svg [^>]*width="640" height="400"/);
  });

  it('given the same input, when drawn twice, then the SVG is identical', () => {
    const input = {
      body: 'hatchback',
      colour: 'yellow',
      brand: 'fiat',
      model: '500',
      view: 'front',
    } as const;
    expect(carPicture(input)).toBe(carPicture(input));
  });

  it('given text, when escaped, then all five XML specials are replaced', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });
});
