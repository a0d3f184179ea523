/**
 * The footer's links to facet pages as staff write them (the `link_facet` SEO kind, seoKinds.ts), read
 * without zod: the storefront's list pages show them.
 */

/** A list page's path (`/pl/kup/bmw/diesel`), without its query: its longest and its spelling. */
export const LIST_PATH_MAX = 200;
export const LIST_PATH = /^\/[a-z0-9/-]*$/i;

/** One link of the footer: `Label | /pl/kup/bmw`. */
export interface FooterLink {
  readonly label: string;
  readonly path: string;
}
export interface FooterLinkGroup {
  readonly title: string;
  readonly links: readonly FooterLink[];
}

/**
 * The footer's groups as staff write them: blocks parted by a blank line, each a title line and then one
 * link a line, `label | path`. Problems are said by line.
 */
export function readFooterLinks(source: string): { groups: FooterLinkGroup[]; problems: string[] } {
  const groups: FooterLinkGroup[] = [];
  const problems: string[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let current: { title: string; links: FooterLink[] } | null = null;
  lines.forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') {
      current = null;
      return;
    }
    const bar = line.indexOf('|');
    if (bar < 0) {
      current = { title: line.slice(0, 120), links: [] };
      groups.push(current);
      return;
    }
    const label = line.slice(0, bar).trim();
    const path = line.slice(bar + 1).trim();
    if (!current) {
      problems.push(`line ${index + 1}: a link needs its group's title on the line above`);
      return;
    }
    if (label === '' || label.length > 80) problems.push(`line ${index + 1}: a label of 1 to 80 characters`);
    else if (path.length > LIST_PATH_MAX || !LIST_PATH.test(path))
      problems.push(`line ${index + 1}: the path of a list page, such as /fr/acheter/bmw`);
    else current.links.push({ label, path });
  });
  for (const group of groups)
    if (group.links.length === 0) problems.push(`the group "${group.title}" has no link (label | path)`);
  return { groups, problems };
}
