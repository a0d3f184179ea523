/**
 * Parts of the blog's pages: the aside towards the cars, and an article's rating form (SPEC §7
 * `blog saveContentNote/{id}`: a real `<form method="post">` with its CSRF field that works without
 * JavaScript, answered by a 303 to the article with its thanks; with JavaScript it is sent in place and
 * the readers' average follows at once).
 */
import { type FormEvent, useRef, useState } from 'react';
import { BLOG_RATING_MAX } from '../../domain/content/blogRatings.ts';
import type { Locale } from '../../domain/markets.ts';
import { AppLink } from '../components/AppLink.tsx';
import { Icon } from '../components/Icon.tsx';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { listUrl } from '../router/listUrl.ts';
import { urlFor } from '../router/urlFor.ts';
import type { RatingSummary } from './blogData.ts';
import { CSRF_PLACEHOLDER } from './leads/csrfPlaceholder.ts';
import { newSendKey, sendLead } from './leads/leadSend.ts';

export function BlogAside({ locale }: { readonly locale: Locale }) {
  const t = useTranslator();
  return (
    <aside className="panel blog-layout__aside" aria-labelledby="blog-aside">
      <h2 id="blog-aside">{t.t('blog.asideTitle')}</h2>
      <p>{t.t('blog.asideText')}</p>
      <AppLink className="btn btn--primary btn--block" href={listUrl(locale, 'used')}>
        {t.t('nav.used')}
      </AppLink>
      <AppLink className="btn btn--ghost btn--block" href={listUrl(locale, 'new')}>
        {t.t('nav.new')}
      </AppLink>
      <AppLink className="more-link" href={urlFor('contact_form', locale)}>
        {t.t('footer.contact')} <Icon name="arrow" size={16} />
      </AppLink>
    </aside>
  );
}

/** What a plain post left in the URL: thanked, or refused. */
export type RatingOutcome = 'thanks' | 'refused' | null;

export function BlogRating(props: {
  readonly locale: Locale;
  readonly articleId: string;
  /** The article's page (the form comes back to it). */
  readonly page: string;
  readonly summary: RatingSummary | undefined;
  readonly outcome: RatingOutcome;
}) {
  const t = useTranslator();
  const [summary, setSummary] = useState(props.summary);
  const [outcome, setOutcome] = useState<RatingOutcome | 'failed'>(props.outcome);
  const [busy, setBusy] = useState(false);
  const plain = useRef(false);
  const action = urlFor('blog_save_content_note', props.locale, { id: props.articleId });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    if (plain.current) return;
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const stars = new FormData(form).get('stars');
    if (typeof stars !== 'string') {
      setOutcome('refused');
      return;
    }
    setBusy(true);
    let response: Response;
    try {
      response = await sendLead(action, new URLSearchParams({ stars }), newSendKey());
    } catch {
      setBusy(false);
      plain.current = true;
      form.requestSubmit();
      return;
    }
    setBusy(false);
    if (response.ok) {
      const answer = (await response.json()) as RatingSummary;
      setSummary({ average: answer.average, count: answer.count });
      setOutcome('thanks');
      return;
    }
    setOutcome(response.status === 400 || response.status === 429 ? 'refused' : 'failed');
  };

  const m = (key: 'thanks' | 'refused' | 'failed') => t.t(`blogContent.${key}`);
  return (
    <section id="rating" className="panel blog-rating" aria-labelledby="rating-title">
      <h2 id="rating-title">{t.t('blogContent.ratingTitle')}</h2>
      <p className="blog-rating__summary">
        {summary && summary.count > 0
          ? t.t('blogContent.average', {
              average: t.number(summary.average),
              count: t.number(summary.count),
            })
          : t.t('blogContent.noRating')}
      </p>
      <div role="status">{outcome === 'thanks' ? <p className="notice">{m('thanks')}</p> : null}</div>
      <div role="alert">
        {outcome === 'refused' || outcome === 'failed' ? (
          <p className="notice notice--warning">{m(outcome)}</p>
        ) : null}
      </div>
      <form method="post" action={action} onSubmit={onSubmit} aria-busy={busy || undefined}>
        {/* A cached page: the server puts the visitor's token in place of the placeholder. */}
        <input
          type="hidden"
          name="_csrf"
          defaultValue={typeof window === 'undefined' ? CSRF_PLACEHOLDER : undefined}
          suppressHydrationWarning
        />
        <input type="hidden" name="_next" value={`${props.page}?rating=thanks#rating`} />
        <input type="hidden" name="_back" value={`${props.page}?rating=refused#rating`} />
        <fieldset className="blog-rating__stars">
          <legend>{t.t('blogContent.ratingLegend')}</legend>
          {Array.from({ length: BLOG_RATING_MAX }, (_, i) => i + 1).map((stars) => (
            <label key={stars} className="blog-rating__star">
              <input type="radio" name="stars" value={stars} required />
              <span>{t.t('blogContent.star', { stars })}</span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn btn--primary">
          {t.t('blogContent.submit')}
        </button>
      </form>
    </section>
  );
}
