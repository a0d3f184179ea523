/**
 * Test helper: the funnel screens as a browser without JavaScript sees them: a page asked as HTML, its
 * forms (action and markup), one of them posted urlencoded with its hidden fields (`_csrf`, `_back`,
 * `_next`), and the answers checked: 303 and where to, or a page of ours that is never cached.
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestBrowser } from './testBrowser.ts';

export const HTML = { accept: 'text/html,application/xhtml+xml' };
const FORM = 'application/x-www-form-urlencoded';

const fromHtml = (text: string) => text.replaceAll('&amp;', '&');

/** The value of the first hidden field `name` in `html`. */
export const hidden = (html: string, name: string) => {
  const value = new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html)?.[1];
  return value === undefined ? undefined : fromHtml(value);
};

/** The page's forms: their action and what is inside them. */
export const forms = (html: string) =>
  [...html.matchAll(/<form[^>]*action="([^"]+)"[^>]*>(.*?)<\/form>/gs)].map((m) => ({
    action: fromHtml(m[1]!),
    body: m[2]!,
  }));

/** The action of the page's form that has `text` in it (`name="email"`, a hidden value, a label). */
export const formWith = (html: string, text: string) =>
  forms(html).find((form) => form.body.includes(text))?.action;

/** A page as a browser asks for it. */
export const pageOf = (b: TestBrowser, url: string) => b.call({ method: 'GET', url, headers: HTML });

/** Posts the form of `html` whose action is `action`: its hidden fields, then `fields`. */
export function submit(
  b: TestBrowser,
  html: string,
  action: string,
  fields: Readonly<Record<string, string | readonly string[]>> = {},
) {
  const form = forms(html).find((f) => f.action === action)?.body ?? html;
  const body = new URLSearchParams();
  for (const name of ['_csrf', '_back', '_next']) {
    const value = hidden(form, name);
    if (value !== undefined) body.append(name, value);
  }
  for (const [name, value] of Object.entries(fields))
    for (const one of typeof value === 'string' ? [value] : value) body.append(name, one);
  return b.call({
    method: 'POST',
    url: action,
    payload: body.toString(),
    headers: { 'content-type': FORM, ...HTML },
  });
}

/** A 303's location. */
export function seeOther(response: LightMyRequestResponse): string {
  expect(response.statusCode, response.body).toBe(303);
  return String(response.headers.location);
}

/** A screen's HTML (200, never kept by a cache). */
export function htmlOf(response: LightMyRequestResponse): string {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.body;
}

/** `text` as React writes it into HTML: the five characters it escapes. */
const asHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#x27' }[c]};`);

/**
 * What is wrong with a screen meant to be in `language`: another `lang`, one of `texts` missing, or a
 * French `foreign` text showing through a page in another language (none: an empty list).
 */
export function languageProblems(
  url: string,
  screen: string,
  language: string,
  texts: readonly string[],
  foreign: string,
): string[] {
  const problems: string[] = [];
  const lang = /<html lang="([^"]+)"/.exec(screen)?.[1];
  if (lang !== language) problems.push(`${url}: lang ${lang}`);
  for (const text of texts) if (!screen.includes(asHtml(text))) problems.push(`${url}: no "${text}"`);
  if (!language.startsWith('fr') && screen.includes(asHtml(foreign))) problems.push(`${url}: French words`);
  return problems;
}
