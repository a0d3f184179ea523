/**
 * A page's text staff edit in the back office (content items of an editor's kind: the dealer locator's,
 * the "sell your car" page's, the promotions page's SEO text; domain/content/README.md "Content items"):
 * a heading, its paragraphs (blank lines part them) and an optional link; nothing while none is published (or when it cannot be read).
 */
import type { ContentKind } from '../../domain/content/items/contentKinds.ts';
import type { Locale } from '../../domain/markets.ts';
import { contentQuery } from '../api/queries.ts';
import { useOptionalQuery } from '../api/useOptionalQuery.ts';
import { AppLink } from './AppLink.tsx';

export type TextKind = Extract<ContentKind, 'dealer_locator' | 'recovery_text' | 'seo_promo'>;

/** The query a page's loader prefetches for `ContentText` (the same key). */
export const contentTextQuery = (kind: TextKind, locale: Locale, preview: string | null) =>
  contentQuery(kind, locale, preview ?? undefined);

export function ContentText(props: { kind: TextKind; locale: Locale; preview: string | null }) {
  const item = useOptionalQuery(contentTextQuery(props.kind, props.locale, props.preview)).data?.[0];
  if (!item) return null;
  const fields = item.fields as { title: string; body: string; linkUrl?: string; linkLabel?: string };
  const id = `${props.kind}-text`;
  return (
    <section className="container section content-text" aria-labelledby={id}>
      <h2 id={id}>{fields.title}</h2>
      {fields.body
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean)
        .map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      {fields.linkUrl && fields.linkLabel ? (
        <AppLink className="btn btn--primary" href={fields.linkUrl}>
          {fields.linkLabel}
        </AppLink>
      ) : null}
    </section>
  );
}
