/**
 * Small line icons (decorative: hidden from assistive technology; the text next to them says it). Each
 * page carries the drawings once, as a sprite of `<symbol>`s (`IconSprite`, in the site header), and an
 * icon is a `<use>` of its symbol: a list page shows ~130 icons, which drawn inline were 40 kB of its HTML.
 * How they are drawn (no fill, a round 1.8 line in the text colour) is the stylesheet's `.icon` rule,
 * which the symbols inherit through `<use>`: a more specific rule can still fill one (`fill: currentColor`).
 */

const PATHS = {
  globe:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 0c2.5 2.4 3.8 5.4 3.8 9s-1.3 6.6-3.8 9m0-18C9.5 5.4 8.2 8.4 8.2 12s1.3 6.6 3.8 9M3.5 9h17M3.5 15h17',
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14Zm9 16-4-4',
  pin: 'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
  phone: 'M5 4h3l2 5-2.5 1.5a11 11 0 0 0 6 6L15 14l5 2v3a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z',
  mail: 'M4 6h16v12H4zM4 7l8 6 8-6',
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 4v5l3 2',
  calendar: 'M5 5h14v15H5zM5 9h14M9 3v4M15 3v4',
  gauge: 'M4 17a8 8 0 1 1 16 0M12 17l4-5',
  fuel: 'M5 20V5a1 1 0 0 1 1-1h7a1 1 0 0 1 1 1v15M4 20h11M5 10h9M14 8l3 2v6a1.5 1.5 0 0 0 3 0V9l-3-3',
  gear: 'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6Zm0-6v3m0 12v3m9-9h-3M6 12H3m15.4-6.4-2.1 2.1M7.7 16.3l-2.1 2.1m12.8 0-2.1-2.1M7.7 7.7 5.6 5.6',
  check: 'M5 12.5 10 17l9-10',
  arrow: 'M5 12h14m-5-5 5 5-5 5',
  download: 'M12 4v11m-5-5 5 5 5-5M5 19h14',
  shield: 'M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6l-7-3Zm-3 9 2 2 4-4',
  truck: 'M3 6h11v10H3zM14 10h4l3 3v3h-7M7 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4Zm10 0a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z',
  tag: 'M3 12V4h8l10 10-8 8L3 12Zm5-4.5a1 1 0 1 0 0 .01',
  car: 'M5 16v2m14-2v2M4 16h16v-4l-2-5H6l-2 5v4Zm0-4h16M7.5 14h.01M16.5 14h.01',
  close: 'M6 6l12 12M18 6 6 18',
  heart: 'M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.3a4.3 4.3 0 0 1 7.5 2.5C19.5 15.4 12 20 12 20Z',
  chevron: 'm9 6 6 6-6 6',
} as const;

/** The names of the available icons. */
export type IconName = keyof typeof PATHS;

const symbolId = (name: IconName) => `icon-${name}`;

const NAMES = Object.keys(PATHS) as IconName[];

/** The icons' symbols, once per page (before any icon, so a `<use>` never points ahead). */
export function IconSprite() {
  return (
    <svg
      className="icon-sprite"
      width="0"
      height="0"
      style={{ position: 'absolute', overflow: 'hidden' }}
      aria-hidden="true"
    >
      {NAMES.map((name) => (
        <symbol key={name} id={symbolId(name)} viewBox="0 0 24 24">
          <path d={PATHS[name]} />
        </symbol>
      ))}
    </svg>
  );
}

export function Icon(props: {
  readonly name: IconName;
  readonly size?: number;
  readonly className?: string;
}) {
  const size = props.size ?? 20;
  return (
    <svg
      className={props.className ? `icon ${props.className}` : 'icon'}
      width={size}
      height={size}
      aria-hidden="true"
    >
      <use href={`#${symbolId(props.name)}`} />
    </svg>
  );
}
