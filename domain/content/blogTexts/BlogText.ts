/** The shape of the blog's words in one locale (facts are in `../blog.ts`). */

/** The slugs of the articles: every locale writes each of them. */
export type BlogArticleSlug =
  | 'used-car-checklist'
  | 'financing-loan-or-lease'
  | 'ev-home-charging'
  | 'trade-in-value'
  | 'ev-winter-range'
  | 'hybrid-or-plug-in'
  | 'tyres-all-seasons'
  | 'service-and-warranty';

/** What an article says in one locale. */
export interface BlogText {
  readonly title: string;
  readonly summary: string;
  /** Paragraphs. */
  readonly body: readonly string[];
}

/** Every article of one locale. */
export type BlogTexts = Readonly<Record<BlogArticleSlug, BlogText>>;
