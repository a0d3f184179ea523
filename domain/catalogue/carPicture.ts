/**
 * A drawn picture of a car (standalone SVG) for listings without photos: a silhouette of the car's body
 * type in its paint colour, seen from the side, the front or the rear, with the brand and model as a
 * caption. Pure string building: no external images or fonts, the same input gives the same SVG.
 */
import { brandName, modelName } from './reference/brands.ts';
import { PAINT_COLOURS } from './reference/paintColours.ts';
import type { Body, Colour } from './vocabulary.ts';

/** The views a detail page can show as a small gallery. */
export const CAR_PICTURE_VIEWS = ['side', 'front', 'rear'] as const;
export type CarPictureView = (typeof CAR_PICTURE_VIEWS)[number];

/** What to draw; `brand` and `model` are slugs (shown by their names) or already display names. */
export interface CarPictureOptions {
  readonly body: Body;
  readonly colour: Colour;
  readonly brand: string;
  readonly model: string;
  readonly view?: CarPictureView;
  /** Rendered size in px (the drawing keeps its 8:5 proportions); default 640 × 400. */
  readonly width?: number;
  readonly height?: number;
}

const W = 640;
const H = 400;
const GROUND = 318;
const CX = W / 2;

type Point = readonly [number, number];

/** Side silhouette: `u` runs 0 (rear) → 1 (front), `v` is px above the ground. */
interface SideShape {
  readonly length: number;
  /** `"u v, u v, …"` from the rear bumper over the roof to the front bumper. */
  readonly outline: string;
  /** Glass areas, each `"u v, u v, …"`. */
  readonly windows: readonly string[];
  readonly wheels: readonly [number, number];
  readonly radius: number;
  readonly belt: number;
  readonly sill: number;
  readonly doors: readonly number[];
}

const SIDE: Readonly<Record<Body, SideShape>> = {
  hatchback: {
    length: 420,
    outline:
      '0.005 30, 0 64, 0.008 100, 0.04 132, 0.12 149, 0.5 151, 0.69 106, 0.9 94, 0.99 76, 1 46, 0.985 30',
    windows: ['0.12 105, 0.15 139, 0.32 143, 0.32 105', '0.335 105, 0.335 143, 0.49 144, 0.655 106'],
    wheels: [0.17, 0.82],
    radius: 35,
    belt: 102,
    sill: 30,
    doors: [0.19, 0.327, 0.67],
  },
  sedan: {
    length: 470,
    outline:
      '0.005 30, 0 60, 0.01 90, 0.03 97, 0.17 101, 0.31 138, 0.58 140, 0.73 100, 0.94 86, 0.995 68, 1 44, 0.985 30',
    windows: ['0.225 103, 0.315 132, 0.44 135, 0.44 103', '0.455 103, 0.455 135, 0.575 135, 0.7 103'],
    wheels: [0.18, 0.8],
    radius: 34,
    belt: 100,
    sill: 30,
    doors: [0.24, 0.448, 0.71],
  },
  estate: {
    length: 470,
    outline:
      '0.005 30, 0 62, 0.005 100, 0.03 136, 0.08 143, 0.58 143, 0.73 100, 0.94 86, 0.995 68, 1 44, 0.985 30',
    windows: [
      '0.04 104, 0.07 135, 0.22 137, 0.22 104',
      '0.235 104, 0.235 137, 0.44 137, 0.44 104',
      '0.455 104, 0.455 137, 0.575 137, 0.7 104',
    ],
    wheels: [0.18, 0.8],
    radius: 34,
    belt: 101,
    sill: 30,
    doors: [0.228, 0.448, 0.71],
  },
  suv: {
    length: 460,
    outline:
      '0.005 36, 0 72, 0.006 118, 0.03 160, 0.09 172, 0.6 174, 0.745 128, 0.95 114, 0.995 92, 1 56, 0.985 36',
    windows: [
      '0.045 131, 0.075 163, 0.2 165, 0.2 131',
      '0.215 131, 0.215 165, 0.44 166, 0.44 131',
      '0.455 131, 0.455 166, 0.59 166, 0.715 131',
    ],
    wheels: [0.18, 0.81],
    radius: 40,
    belt: 127,
    sill: 38,
    doors: [0.208, 0.448, 0.73],
  },
  coupe: {
    length: 460,
    outline:
      '0.005 28, 0 58, 0.01 84, 0.08 92, 0.18 98, 0.36 128, 0.54 130, 0.72 92, 0.94 78, 0.995 62, 1 42, 0.985 28',
    windows: ['0.24 97, 0.35 121, 0.4 123, 0.4 97', '0.415 97, 0.415 124, 0.53 125, 0.69 96'],
    wheels: [0.18, 0.81],
    radius: 33,
    belt: 94,
    sill: 28,
    doors: [0.408, 0.715],
  },
  convertible: {
    length: 440,
    outline: '0.005 28, 0 58, 0.01 86, 0.1 93, 0.7 95, 0.94 79, 0.995 62, 1 42, 0.985 28',
    windows: ['0.585 96, 0.6 126, 0.622 126, 0.705 96'],
    wheels: [0.18, 0.81],
    radius: 33,
    belt: 93,
    sill: 28,
    doors: [0.4, 0.7],
  },
  mpv: {
    length: 460,
    outline:
      '0.005 32, 0 70, 0.005 120, 0.02 160, 0.07 170, 0.64 171, 0.8 122, 0.95 100, 0.995 84, 1 52, 0.985 32',
    windows: [
      '0.035 121, 0.055 160, 0.18 164, 0.18 121',
      '0.195 121, 0.195 164, 0.44 165, 0.44 121',
      '0.455 121, 0.455 165, 0.63 165, 0.77 122',
    ],
    wheels: [0.17, 0.82],
    radius: 35,
    belt: 119,
    sill: 32,
    doors: [0.188, 0.448, 0.79],
  },
  van: {
    length: 500,
    outline: '0.005 34, 0 80, 0 186, 0.015 200, 0.75 201, 0.86 128, 0.965 112, 0.995 92, 1 54, 0.985 34',
    windows: ['0.69 130, 0.69 186, 0.74 189, 0.835 130'],
    wheels: [0.16, 0.83],
    radius: 36,
    belt: 128,
    sill: 34,
    doors: [0.42, 0.675, 0.865],
  },
  pickup: {
    length: 520,
    outline:
      '0.005 42, 0 80, 0.003 118, 0.42 119, 0.425 170, 0.44 177, 0.66 177, 0.77 130, 0.96 118, 0.995 96, 1 60, 0.985 42',
    windows: ['0.45 132, 0.45 169, 0.54 171, 0.54 132', '0.555 132, 0.555 171, 0.655 171, 0.745 132'],
    wheels: [0.17, 0.8],
    radius: 41,
    belt: 128,
    sill: 42,
    doors: [0.548, 0.78],
  },
};

/** Front and rear outline: half width, sill, hood/boot line, roof and half width of the roof, in px. */
interface EndShape {
  readonly half: number;
  readonly sill: number;
  readonly belt: number;
  readonly roof: number;
  readonly roofHalf: number;
}

const END: Readonly<Record<Body, EndShape>> = {
  hatchback: { half: 150, sill: 30, belt: 100, roof: 148, roofHalf: 108 },
  sedan: { half: 156, sill: 28, belt: 96, roof: 141, roofHalf: 106 },
  estate: { half: 156, sill: 28, belt: 98, roof: 144, roofHalf: 110 },
  suv: { half: 166, sill: 40, belt: 124, roof: 176, roofHalf: 122 },
  coupe: { half: 158, sill: 26, belt: 90, roof: 128, roofHalf: 102 },
  convertible: { half: 152, sill: 28, belt: 92, roof: 124, roofHalf: 118 },
  mpv: { half: 160, sill: 32, belt: 114, roof: 172, roofHalf: 126 },
  van: { half: 166, sill: 34, belt: 120, roof: 204, roofHalf: 146 },
  pickup: { half: 172, sill: 46, belt: 128, roof: 182, roofHalf: 124 },
};

/** The SVG document for a car picture. */
export function carPicture(options: CarPictureOptions): string {
  const view = options.view ?? 'side';
  const paint = PAINT_COLOURS[options.colour];
  const id = `cp-${options.body}-${options.colour}-${view}`;
  const caption = `${brandName(options.brand)} ${modelName(options.brand, options.model)}`.trim();
  const width = size(options.width, W);
  const height = size(options.height, H);
  const drawing =
    view === 'side'
      ? side(SIDE[options.body], options.body, id)
      : end(END[options.body], options.body, view, id);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeXml(caption)}">`,
    `<title>${escapeXml(caption)}</title>`,
    defs(id, paint),
    background(id),
    drawing,
    `<text x="24" y="380" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" font-size="15" fill="#6b7480" letter-spacing="0.3">${escapeXml(caption)}</text>`,
    '</svg>',
  ].join('');
}

/** Escapes text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c] ?? c);
}

const XML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function size(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? Math.round(value) : fallback;
}

// Gradients: paint lit from above (light shoulder, dark sills), tinted glass, silver rims, soft shadow.
function defs(id: string, paint: string): string {
  return [
    '<defs>',
    `<linearGradient id="${id}-paint" x1="0" y1="0" x2="0" y2="1">`,
    `<stop offset="0" stop-color="${mix(paint, '#ffffff', 0.38)}"/><stop offset="0.42" stop-color="${paint}"/>`,
    `<stop offset="0.75" stop-color="${mix(paint, '#000000', 0.18)}"/><stop offset="1" stop-color="${mix(paint, '#000000', 0.45)}"/>`,
    '</linearGradient>',
    `<linearGradient id="${id}-glass" x1="0" y1="0" x2="1" y2="1">`,
    '<stop offset="0" stop-color="#5d6d7c"/><stop offset="0.55" stop-color="#2c3641"/><stop offset="1" stop-color="#1b222a"/>',
    '</linearGradient>',
    `<radialGradient id="${id}-rim" cx="0.4" cy="0.35" r="0.75">`,
    '<stop offset="0" stop-color="#eef1f4"/><stop offset="0.6" stop-color="#b4bac1"/><stop offset="1" stop-color="#7d848c"/>',
    '</radialGradient>',
    `<linearGradient id="${id}-bg" x1="0" y1="0" x2="0" y2="1">`,
    '<stop offset="0" stop-color="#f7f8fa"/><stop offset="0.78" stop-color="#e9ecf0"/><stop offset="1" stop-color="#dde1e6"/>',
    '</linearGradient>',
    `<radialGradient id="${id}-spot" cx="0.5" cy="0.62" r="0.55">`,
    '<stop offset="0" stop-color="#ffffff" stop-opacity="0.9"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/>',
    '</radialGradient>',
    `<filter id="${id}-blur" x="-20%" y="-200%" width="140%" height="500%"><feGaussianBlur stdDeviation="7"/></filter>`,
    '</defs>',
  ].join('');
}

function background(id: string): string {
  return (
    `<rect width="${W}" height="${H}" fill="url(#${id}-bg)"/>` +
    `<rect width="${W}" height="${H}" fill="url(#${id}-spot)"/>` +
    `<rect y="${GROUND}" width="${W}" height="${H - GROUND}" fill="#d9dde3" opacity="0.45"/>`
  );
}

function side(shape: SideShape, body: Body, id: string): string {
  const x0 = CX - shape.length / 2;
  const at = ([u, v]: Point): Point => [x0 + u * shape.length, GROUND - v];
  const outline = roundedPath(points(shape.outline).map(at), 14);
  const wheelX = shape.wheels.map((u) => x0 + u * shape.length);
  const wheelY = GROUND - shape.radius;
  const parts: string[] = [];
  parts.push(
    `<ellipse cx="${CX}" cy="${GROUND + 2}" rx="${shape.length / 2 + 18}" ry="11" fill="#000" opacity="0.32" filter="url(#${id}-blur)"/>`,
  );
  parts.push(`<clipPath id="${id}-body"><path d="${outline}"/></clipPath>`);
  parts.push(
    `<path d="${outline}" fill="url(#${id}-paint)" stroke="#0d0f12" stroke-opacity="0.35" stroke-width="1.5"/>`,
  );
  parts.push(`<g clip-path="url(#${id}-body)">`);
  // Door cuts, a shoulder reflection and a darker rocker panel, all kept inside the body.
  for (const u of shape.doors) {
    const [x] = at([u, 0]);
    parts.push(line(x, GROUND - shape.belt - 2, x - 2, GROUND - shape.sill, '#000', 0.28, 1.4));
  }
  const [sx1] = at([0.02, 0]);
  const [sx2] = at([0.97, 0]);
  parts.push(line(sx1, GROUND - shape.belt + 9, sx2, GROUND - shape.belt + 14, '#fff', 0.35, 2.5));
  parts.push(
    `<rect x="${x0}" y="${GROUND - shape.sill - 8}" width="${shape.length}" height="14" fill="#000" opacity="0.18"/>`,
  );
  for (const x of wheelX) {
    parts.push(`<circle cx="${x}" cy="${wheelY}" r="${shape.radius + 6}" fill="#17191c"/>`);
  }
  parts.push(lights(shape, body, at));
  parts.push('</g>');
  for (const window of shape.windows.map(points)) {
    parts.push(
      `<path d="${roundedPath(window.map(at), 4)}" fill="url(#${id}-glass)" stroke="#111418" stroke-width="2"/>`,
    );
  }
  parts.push(sideDetails(shape, body, at));
  for (const x of wheelX) parts.push(wheel(x, wheelY, shape.radius, id));
  return parts.join('');
}

// Head- and taillights, drawn inside the body's clip so they follow its edge.
function lights(shape: SideShape, body: Body, at: (p: Point) => Point): string {
  const outline = points(shape.outline);
  const hood = outline[outline.length - 4]!;
  const nose = outline[outline.length - 3]!;
  const [ax, ay] = at([hood[0] + (nose[0] - hood[0]) * 0.15, hood[1] + (nose[1] - hood[1]) * 0.15]);
  const [bx, by] = at(nose);
  // From just below the hood line to past the nose (the clip trims it to the body).
  const head = `M${n(ax)} ${n(ay + 5)}L${n(bx + 6)} ${n(by + 3)}l0 14L${n(ax + 8)} ${n(ay + 15)}Z`;
  const [tx, ty] = at([0, body === 'pickup' ? 108 : shape.belt - 6]);
  return (
    `<path d="${head}" fill="#f3f1e6" stroke="#5f646a" stroke-width="1"/>` +
    `<rect x="${n(tx - 4)}" y="${n(ty)}" width="12" height="${body === 'van' ? 34 : 14}" rx="2" fill="#b3161d"/>`
  );
}

function sideDetails(shape: SideShape, body: Body, at: (p: Point) => Point): string {
  const parts: string[] = [];
  for (const u of shape.doors.slice(0, -1)) {
    const [dx, dy] = at([u + 0.025, shape.belt - 12]);
    parts.push(`<rect x="${dx}" y="${dy}" width="16" height="4" rx="2" fill="#000" opacity="0.35"/>`);
  }
  const mirror = points(shape.windows[shape.windows.length - 1]!);
  const [mx, my] = at(mirror[mirror.length - 1]!);
  parts.push(`<path d="M${mx - 6} ${my - 2} q8 -12 18 -6 l-2 9 z" fill="#1d2024"/>`);
  if (body === 'convertible') {
    // Open cockpit: head restraints and the folded roof behind them.
    for (const u of [0.42, 0.5]) {
      const [x, y] = at([u, 118]);
      parts.push(`<rect x="${x}" y="${y}" width="16" height="24" rx="6" fill="#2a2d31"/>`);
    }
    const [fx, fy] = at([0.14, 100]);
    parts.push(`<rect x="${fx}" y="${fy}" width="${0.2 * shape.length}" height="9" rx="4" fill="#23262a"/>`);
  }
  if (body === 'pickup') {
    const [bx, by] = at([0.01, 118]);
    parts.push(
      `<rect x="${bx}" y="${by}" width="${0.41 * shape.length}" height="4" fill="#000" opacity="0.4"/>`,
    );
  }
  return parts.join('');
}

function wheel(x: number, y: number, r: number, id: string): string {
  const spokes: string[] = [];
  for (let i = 0; i < 5; i++) {
    const a = (i * 2 * Math.PI) / 5 - Math.PI / 2;
    spokes.push(
      line(
        x + Math.cos(a) * r * 0.18,
        y + Math.sin(a) * r * 0.18,
        x + Math.cos(a) * r * 0.58,
        y + Math.sin(a) * r * 0.58,
        '#6f767e',
        1,
        r * 0.16,
      ),
    );
  }
  return (
    `<circle cx="${x}" cy="${y}" r="${r}" fill="#1b1c1f"/>` +
    `<circle cx="${x}" cy="${y}" r="${r * 0.92}" fill="none" stroke="#2c2e32" stroke-width="2"/>` +
    `<circle cx="${x}" cy="${y}" r="${r * 0.64}" fill="url(#${id}-rim)"/>` +
    `<circle cx="${x}" cy="${y}" r="${r * 0.5}" fill="#3a3f45"/>` +
    spokes.join('') +
    `<circle cx="${x}" cy="${y}" r="${r * 0.15}" fill="#c6cbd1" stroke="#5a6068"/>`
  );
}

function end(shape: EndShape, body: Body, view: 'front' | 'rear', id: string): string {
  const { half, sill } = shape;
  const ySill = GROUND - sill;
  const parts: string[] = [
    `<ellipse cx="${CX}" cy="${GROUND + 2}" rx="${half + 30}" ry="12" fill="#000" opacity="0.35" filter="url(#${id}-blur)"/>`,
  ];
  // Tyres peek out under the body.
  for (const s of [-1, 1]) {
    const x = CX + s * (half - 30) - 18;
    parts.push(`<rect x="${x}" y="${ySill - 14}" width="36" height="${sill + 14}" rx="7" fill="#1b1c1f"/>`);
  }
  parts.push(endCabin(shape, body, view, id), endFace(shape, body, view, id));
  return parts.join('');
}

// Pillars in paint and the glass; a convertible only has its windscreen frame and head restraints.
function endCabin(shape: EndShape, body: Body, view: 'front' | 'rear', id: string): string {
  const { half, belt, roof, roofHalf } = shape;
  const yBelt = GROUND - belt;
  const yRoof = GROUND - roof;
  const open = body === 'convertible';
  // A pickup's cab stands behind the load bed, narrower than the tailgate.
  const cabinHalf = body === 'pickup' && view === 'rear' ? half - 34 : half - 14;
  const parts: string[] = [];
  if (open) {
    for (const s of [-1, 1]) {
      parts.push(
        `<rect x="${CX + s * 46 - 13}" y="${yBelt - 30}" width="26" height="32" rx="8" fill="#2a2d31"/>`,
      );
    }
  } else {
    const cabin: Point[] = [
      [CX - cabinHalf, yBelt + 2],
      [CX - roofHalf, yRoof],
      [CX + roofHalf, yRoof],
      [CX + cabinHalf, yBelt + 2],
    ];
    parts.push(
      `<path d="${roundedPath(cabin, 12)}" fill="url(#${id}-paint)" stroke="#0d0f12" stroke-opacity="0.3"/>`,
    );
  }
  const inset = open ? 4 : 9;
  // Rear screens of three-box cars and pickups are smaller than the windscreen.
  const small = view === 'rear' && (body === 'sedan' || body === 'coupe' || body === 'pickup');
  const top = yRoof + (open ? 0 : 8) + (small ? 5 : 0);
  const bottom = yBelt - (view === 'rear' ? 4 : 0) - (small ? 4 : 0);
  const topHalf = roofHalf - inset - (small ? 8 : 0);
  const bottomHalf = cabinHalf - inset - 6 - (small ? 12 : 0);
  const glass: Point[] = [
    [CX - topHalf, top],
    [CX + topHalf, top],
    [CX + bottomHalf, bottom],
    [CX - bottomHalf, bottom],
  ];
  parts.push(
    `<path d="${roundedPath(glass, 6)}" fill="url(#${id}-glass)" ${open ? 'opacity="0.75" ' : ''}stroke="#111418" stroke-width="${open ? 4 : 2}"/>`,
  );
  // Twin rear doors.
  if (view === 'rear' && body === 'van') parts.push(line(CX, top, CX, bottom, '#111418', 1, 3));
  return parts.join('');
}

// The lower body seen end-on: lights, grille or boot, number plate, mirrors.
function endFace(shape: EndShape, body: Body, view: 'front' | 'rear', id: string): string {
  const { half, sill, belt } = shape;
  const yBelt = GROUND - belt;
  const ySill = GROUND - sill;
  const face = belt - sill;
  const lower: Point[] = [
    [CX - half, ySill],
    [CX - half + 2, yBelt + 10],
    [CX - half + 16, yBelt],
    [CX + half - 16, yBelt],
    [CX + half - 2, yBelt + 10],
    [CX + half, ySill],
  ];
  const parts = [
    `<path d="${roundedPath(lower, 10)}" fill="url(#${id}-paint)" stroke="#0d0f12" stroke-opacity="0.35" stroke-width="1.5"/>`,
    line(CX - half + 20, yBelt + 6, CX + half - 20, yBelt + 6, '#fff', 0.4, 2),
  ];
  const mirrorFill = view === 'front' ? '#1d2024' : `url(#${id}-paint)`;
  for (const s of [-1, 1]) {
    parts.push(
      `<rect x="${CX + s * (half + 6) - 12}" y="${yBelt - 16}" width="24" height="14" rx="5" fill="${mirrorFill}" stroke="#0d0f12" stroke-opacity="0.4"/>`,
    );
  }
  const yLights = yBelt + face * 0.16;
  const lightH = Math.max(12, face * 0.18);
  const lightFill = view === 'front' ? '#f3f1e6' : '#b3161d';
  for (const s of [-1, 1]) {
    const outer = CX + s * (half - 14);
    const inner = CX + s * (half - 14 - half * 0.34);
    parts.push(
      `<path d="M${n(outer)} ${n(yLights)}L${n(inner)} ${n(yLights + 2)}L${n(inner)} ${n(yLights + lightH - 2)}L${n(outer)} ${n(yLights + lightH)}Z" fill="${lightFill}" stroke="#3f4348" stroke-width="1.2"/>`,
    );
  }
  if (view === 'front') {
    const grilleH = lightH + face * 0.12;
    parts.push(
      `<rect x="${n(CX - half * 0.42)}" y="${n(yLights + 2)}" width="${n(half * 0.84)}" height="${n(grilleH)}" rx="8" fill="#1f2226"/>`,
      `<circle cx="${CX}" cy="${n(yLights + 2 + grilleH / 2)}" r="6" fill="#c9ced4" stroke="#7b828a"/>`,
      `<rect x="${n(CX - half * 0.62)}" y="${n(ySill - face * 0.2)}" width="${n(half * 1.24)}" height="${n(face * 0.12)}" rx="5" fill="#1f2226" opacity="0.85"/>`,
    );
  } else if (body === 'pickup') {
    parts.push(
      line(CX - half + 14, yBelt + face * 0.45, CX + half - 14, yBelt + face * 0.45, '#000', 0.25, 1.5),
    );
  }
  const plateY = n(yBelt + face * 0.52);
  parts.push(
    `<rect x="${CX - 40}" y="${plateY}" width="80" height="17" rx="2" fill="#f4f5f2" stroke="#3a3f45" stroke-width="1.2"/>`,
    `<rect x="${CX - 40}" y="${plateY}" width="9" height="17" rx="2" fill="#1f4f8f"/>`,
    `<rect x="${CX - half + 6}" y="${ySill - 10}" width="${2 * half - 12}" height="10" rx="4" fill="#000" opacity="0.22"/>`,
  );
  return parts.join('');
}

function line(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stroke: string,
  opacity: number,
  width: number,
): string {
  return `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${stroke}" stroke-opacity="${opacity}" stroke-width="${n(width)}" stroke-linecap="round"/>`;
}

// `"u v, u v"` → points.
function points(spec: string): Point[] {
  return spec.split(',').map((pair) => {
    const [u, v] = pair.trim().split(' ').map(Number);
    return [u!, v!];
  });
}

// A closed path through `points` with every corner rounded by a quadratic curve.
function roundedPath(points: readonly Point[], radius: number): string {
  const count = points.length;
  const d: string[] = [];
  for (let i = 0; i < count; i++) {
    const prev = points[(i + count - 1) % count]!;
    const curr = points[i]!;
    const next = points[(i + 1) % count]!;
    const a = toward(curr, prev, radius);
    const b = toward(curr, next, radius);
    d.push(`${i === 0 ? 'M' : 'L'}${n(a[0])} ${n(a[1])}Q${n(curr[0])} ${n(curr[1])} ${n(b[0])} ${n(b[1])}`);
  }
  return `${d.join('')}Z`;
}

// The point `radius` px from `from` toward `to`, at most half-way.
function toward(from: Point, to: Point, radius: number): Point {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const length = Math.hypot(dx, dy) || 1;
  const t = Math.min(radius, length / 2) / length;
  return [from[0] + dx * t, from[1] + dy * t];
}

function n(value: number): string {
  return String(Math.round(value * 10) / 10);
}

// Mixes two #rrggbb colours (`t` = share of `other`).
function mix(hex: string, other: string, t: number): string {
  const a = rgb(hex);
  const b = rgb(other);
  return `#${a
    .map((c, i) =>
      Math.round(c + (b[i]! - c) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function rgb(hex: string): number[] {
  return [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
}
