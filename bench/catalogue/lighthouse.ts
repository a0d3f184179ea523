/**
 * Lighthouse (the `lighthouse` package, its default mobile configuration: a Moto G Power's screen,
 * simulated slow 4G and a 4× slower CPU) on pages of a running site, in Debian's Chromium
 * (`/usr/bin/chromium`, headless, no sandbox) started here with a DevTools port. Each page is audited
 * `runs` times after one request that warms the app (a page the app keeps in its page cache is what most
 * visitors get); the run of median performance score is the page's result.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { type Result } from 'lighthouse';

export const CHROMIUM = '/usr/bin/chromium';
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** The metrics printed with each page's scores (Lighthouse's audit ids, in ms except CLS). */
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
  ['interactive', 'TTI'],
] as const;

export interface PageAudit {
  readonly name: string;
  readonly url: string;
  /** Category scores, 0–100. */
  readonly scores: Readonly<Record<Category, number>>;
  /** FCP, LCP, TBT, SI, TTI in ms; CLS unitless. */
  readonly metrics: Readonly<Record<string, number>>;
  /** Audits of the run that do not pass (score below 0.9), with their display value. */
  readonly failing: readonly string[];
  /** Audits that could not run (they count in no score: diagnostics that read Chromium's trace). */
  readonly errors: readonly string[];
}

interface Chromium {
  readonly port: number;
  close(): Promise<void>;
}

async function launchChromium(): Promise<Chromium> {
  const profile = await mkdtemp(join(tmpdir(), 'lighthouse-chromium-'));
  const child: ChildProcess = spawn(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-extensions',
      '--disable-sync',
      '--disable-default-apps',
      '--no-first-run',
      '--no-default-browser-check',
      '--mute-audio',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(profile, { recursive: true, force: true });
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`chromium gave no DevTools port:\n${output}`)), 30_000);
      child.stderr!.on('data', (chunk) => {
        output += chunk;
        const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`chromium exited (${code}):\n${output}`));
      });
    });
    return { port, close };
  } catch (error) {
    await close();
    throw error;
  }
}

function summarise(name: string, lhr: Result): PageAudit {
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const metrics = Object.fromEntries(
    METRICS.map(([id, short]) => [short, lhr.audits[id]?.numericValue ?? Number.NaN]),
  );
  const failing: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue;
      const shown = audit.displayValue ? ` (${audit.displayValue})` : '';
      failing.push(`${category}: ${audit.id} ${audit.score}${shown}`);
    }
  }
  const errors = Object.values(lhr.audits)
    .filter((audit) => audit.scoreDisplayMode === 'error')
    .map((audit) => audit.id);
  return { name, url: lhr.finalDisplayedUrl, scores, metrics, failing, errors };
}

/** A page to audit; `cookie` for a personal page (a purchase step is one visitor's). */
export interface AuditedPage {
  readonly name: string;
  readonly url: string;
  readonly cookie?: string;
}

/**
 * Audits each page (`name` → absolute URL) `runs` times with Lighthouse's mobile defaults and returns,
 * per page, the run with the median performance score.
 */
export async function auditPages(
  pages: readonly AuditedPage[],
  options: { readonly runs?: number; readonly log?: (line: string) => void } = {},
): Promise<PageAudit[]> {
  const runs = Math.max(1, options.runs ?? 3);
  const chromium = await launchChromium();
  const results: PageAudit[] = [];
  try {
    for (const page of pages) {
      const headers: Record<string, string> = page.cookie ? { cookie: page.cookie } : {};
      const warm = await fetch(page.url, { headers });
      await warm.arrayBuffer();
      if (!warm.ok) throw new Error(`${page.url} answered ${warm.status}`);
      const audits: PageAudit[] = [];
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(page.url, {
          port: chromium.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          extraHeaders: headers,
        });
        if (!result) throw new Error(`lighthouse returned nothing for ${page.url}`);
        if (result.lhr.runtimeError) {
          throw new Error(`lighthouse on ${page.url}: ${result.lhr.runtimeError.message}`);
        }
        const audit = summarise(page.name, result.lhr);
        options.log?.(
          `${page.name} run ${run + 1}: ${CATEGORIES.map((c) => `${c} ${audit.scores[c]}`).join(', ')}`,
        );
        audits.push(audit);
      }
      audits.sort((a, b) => a.scores.performance - b.scores.performance);
      results.push(audits[Math.floor((audits.length - 1) / 2)]!);
    }
  } finally {
    await chromium.close();
  }
  return results;
}

/** Prints a page's figures (`bench lighthouse.<page>.<category> <score> score`) and, as comments, its metrics and the audits it fails. */
export function printAudit(audit: PageAudit, out = console.log, comment = console.error): void {
  for (const category of CATEGORIES) {
    out(`bench lighthouse.${audit.name}.${category} ${audit.scores[category]} score`);
  }
  const metrics = METRICS.map(([, short]) => {
    const value = audit.metrics[short] ?? Number.NaN;
    return short === 'CLS' ? `${short} ${value.toFixed(3)}` : `${short} ${Math.round(value)} ms`;
  });
  comment(`# ${audit.name} ${audit.url}: ${metrics.join(', ')}`);
  for (const line of audit.failing) comment(`#   ${line}`);
  if (audit.errors.length > 0) comment(`#   could not run (not scored): ${audit.errors.join(', ')}`);
}
