/**
 * The footer's SEO links to facet pages (kind `link_facet`, one item per locale: domain/content/README.md
 * "SEO content"): its groups of plain links, each with a "more" link to its second level. Without
 * JavaScript that link leads to the facet page (the call's GET answers 303 there); with it, a click asks
 * `seo-footer/second-link-facets` (POST, JSON) and shows the links in place. Nothing while none is published.
 */
import { useEffect, useRef, useState } from 'react';
import { readFooterLinks } from '../../domain/content/items/footerLinks.ts';
import type { Locale } from '../../domain/markets.ts';
import { generateUrl } from '../../domain/routes/index.ts';
import { contentQuery } from '../api/queries.ts';
import { useOptionalQuery } from '../api/useOptionalQuery.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { AppLink } from './AppLink.tsx';

/** The query a page's loader prefetches for `SeoFooterLinks`. */
export const footerLinksQuery = (locale: Locale) => contentQuery('link_facet', locale);

interface Link {
  readonly label: string;
  readonly href: string;
  readonly count: number;
}

/** One link and its second level, asked for on a click. */
function FooterLink({ locale, label, path }: { locale: Locale; label: string; path: string }) {
  const t = useTranslator();
  const [second, setSecond] = useState<readonly Link[] | null>(null);
  const list = useRef<HTMLUListElement>(null);
  // The "more" link gives way to the links it asked for: the focus goes to the first of them.
  useEffect(() => {
    if (second && second.length > 0) list.current?.querySelector('a')?.focus();
  }, [second]);
  const call = generateUrl(`seo_footer_second_link_facets.${locale}`);
  const href = `${call}?facet=${encodeURIComponent(path)}`;
  const open = async (event: React.MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    try {
      const answer = await fetch(call, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ facet: path }),
      });
      if (!answer.ok) throw new Error(String(answer.status));
      setSecond(((await answer.json()) as { links: Link[] }).links);
    } catch {
      window.location.assign(href);
    }
  };
  return (
    <li>
      <AppLink href={path}>{label}</AppLink>
      {second === null ? (
        <>
          {' '}
          <a className="seo-links__more" href={href} onClick={(event) => void open(event)}>
            {t.t('seo.more', { label })}
          </a>
        </>
      ) : second.length > 0 ? (
        <ul className="seo-links__second" ref={list}>
          {second.map((link) => (
            <li key={link.href}>
              <AppLink href={link.href}>{link.label}</AppLink>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function SeoFooterLinks({ locale }: { locale: Locale }) {
  const t = useTranslator();
  const item = useOptionalQuery(footerLinksQuery(locale)).data?.[0];
  if (!item) return null;
  const { groups } = readFooterLinks(String(item.fields.links ?? ''));
  if (groups.length === 0) return null;
  return (
    <nav className="container section seo-links" aria-labelledby="seo-links-title">
      <h2 id="seo-links-title">{t.t('seo.linksTitle')}</h2>
      <div className="seo-links__groups">
        {groups.map((group) => (
          <section key={group.title} className="seo-links__group">
            <h3>{group.title}</h3>
            <ul>
              {group.links.map((link) => (
                <FooterLink key={link.path} locale={locale} label={link.label} path={link.path} />
              ))}
            </ul>
          </section>
        ))}
      </div>
    </nav>
  );
}
