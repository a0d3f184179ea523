/**
 * A content kind's fields as form inputs (contentApi.ts CONTENT_FORMS), with a refusal's messages by each
 * field. As staff type, a field is checked by the server's rules without saving (SPEC "form validation
 * (id, step)": the kind's rules and a slug's uniqueness), and a kind with a `slug` gets one suggested
 * from its title until staff write their own (SPEC "CMS slugify"); domain/content/README.md "The CMS core".
 * A picture or a PDF is uploaded as soon as it is chosen (adminContentMediaApi.ts) and its answer kept in
 * the form as JSON until the version is saved; a dealer is looked up by name, city or id.
 */
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { photoSources } from '../../../domain/catalogue/carPhotos.ts';
import type { ContentFile, ContentImage, ContentKind } from '../../../domain/content/items/contentKinds.ts';
import { suggestRangeSlug } from '../../../domain/content/items/seoKinds.ts';
import { isLocale, type Locale } from '../../../domain/markets.ts';
import { useAdminT } from '../AdminContext.tsx';
import { AdminApiError, uploadFile } from '../adminApi.ts';
import type { AdminKey } from '../adminTranslator.ts';
import {
  CONTENT_FORMS,
  dealerLookup,
  type FieldInput,
  fieldLabel,
  slugifyText,
  validateContent,
} from '../contentApi.ts';

/** The kind's fields from a form's data (numbers as numbers, uploads and lists as values; the server checks the rest). */
export function fieldsOf(kind: ContentKind, form: FormData): Record<string, unknown> {
  return Object.fromEntries(
    CONTENT_FORMS[kind].map((field) => {
      const value = String(form.get(field.name) ?? '');
      switch (field.input) {
        case 'number':
          return [field.name, value.trim() !== '' ? Number(value) : value];
        case 'image':
        case 'pdf':
          return [field.name, value === '' ? '' : (JSON.parse(value) as unknown)];
        case 'locales':
          return [
            field.name,
            value
              .split(/[\s,;]+/)
              .map((part) => part.trim())
              .filter(Boolean),
          ];
        case 'text':
        case 'textarea':
        case 'date':
        case 'dealer':
        case 'select':
          return [field.name, value];
        default: {
          const never: never = field;
          throw new Error(`unknown input ${JSON.stringify(never)}`);
        }
      }
    }),
  );
}

const HELP: Partial<Record<FieldInput['input'], AdminKey>> = {
  image: 'landing.help.image',
  pdf: 'landing.help.pdf',
  dealer: 'landing.help.dealer',
  locales: 'landing.help.locales',
};

/** An option's words (FAQ topics unless the field says where). */
export const optionLabel = (field: FieldInput, option: string): AdminKey =>
  (field.input === 'select' && field.labels
    ? `${field.labels}.${option}`
    : `contentItems.topics.${option}`) as AdminKey;

const TITLE_NAMES = ['title', 'question', 'heroTitle'];
const WAIT_MS = 300;

export function ContentFieldsForm(props: {
  kind: ContentKind;
  idPrefix: string;
  values: Readonly<Record<string, unknown>>;
  problems: Readonly<Record<string, readonly string[]>>;
  /** The item's locale (a new item's: the form's `locale` field). */
  locale?: Locale;
  /** The item edited (its own slug is not a clash). */
  itemId?: string;
}) {
  const t = useAdminT();
  const box = useRef<HTMLDivElement>(null);
  const [live, setLive] = useState<Readonly<Record<string, readonly string[] | null>>>({});
  const [notes, setNotes] = useState<Readonly<Record<string, string>>>({});
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const suggested = useRef<string | null>(null);
  const hasSlug = CONTENT_FORMS[props.kind].some((field) => field.name === 'slug');
  // A refusal from the server replaces what the live checks said.
  const [shownProblems, setShownProblems] = useState(props.problems);
  if (shownProblems !== props.problems) {
    setShownProblems(props.problems);
    setLive({});
  }
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  const formOf = () => box.current?.closest('form') ?? null;
  const localeNow = (): Locale | undefined => {
    if (props.locale) return props.locale;
    const chosen = formOf()?.querySelector<HTMLSelectElement>('select[name="locale"]')?.value;
    return isLocale(chosen) ? chosen : undefined;
  };
  const input = (name: string) =>
    box.current?.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`) ?? null;

  /** Asks the server about one field (`step`), after a pause in typing. */
  const check = (step: string) => {
    const form = formOf();
    const locale = localeNow();
    if (!form || !locale) return;
    clearTimeout(timers.current.get(step));
    timers.current.set(
      step,
      setTimeout(() => {
        const fields = fieldsOf(props.kind, new FormData(form));
        const body = { locale, fields, step, ...(props.itemId ? { id: props.itemId } : {}) };
        if (step === 'slug') setNotes((n) => ({ ...n, slug: t.t('seo.checking') }));
        validateContent(props.kind, body).then(
          () => {
            setLive((l) => ({ ...l, [step]: null }));
            if (step === 'slug') setNotes((n) => ({ ...n, slug: t.t('seo.free') }));
          },
          (error: unknown) => {
            if (step === 'slug') setNotes((n) => ({ ...n, slug: '' }));
            if (error instanceof AdminApiError && error.status === 400)
              setLive((l) => ({ ...l, [step]: error.body.fields?.[`fields.${step}`] ?? null }));
          },
        );
      }, WAIT_MS),
    );
  };

  /** A slug suggested from the title while the slug is empty or still the last suggestion. */
  const suggest = (title: string) => {
    const slug = input('slug');
    const locale = localeNow();
    if (!slug || !locale || (slug.value !== '' && slug.value !== suggested.current)) return;
    clearTimeout(timers.current.get('suggest'));
    timers.current.set(
      'suggest',
      setTimeout(() => {
        slugifyText(title, locale).then(
          ({ slug: titleSlug }) => {
            // A range's slug is its model's: the model the title names.
            const proposal =
              props.kind === 'range'
                ? suggestRangeSlug(input('brand')?.value.trim() ?? '', titleSlug)
                : titleSlug;
            const field = input('slug');
            if (!field || (field.value !== '' && field.value !== suggested.current)) return;
            field.value = proposal;
            suggested.current = proposal;
            if (proposal) check('slug');
          },
          () => undefined,
        );
      }, WAIT_MS),
    );
  };

  const typed = (event: FormEvent<HTMLDivElement>) => {
    const target = event.target as HTMLInputElement;
    if (!target.name) return;
    if (hasSlug && TITLE_NAMES.includes(target.name)) suggest(target.value);
    check(target.name);
    // A range's brand is part of its key: the slug is suggested (from the title) and checked again.
    if (props.kind === 'range' && target.name === 'brand') {
      const title = input('title')?.value ?? '';
      if (title.trim() !== '') suggest(title);
      check('slug');
    }
  };

  return (
    <div ref={box} onInput={typed} className="admin-fields">
      {CONTENT_FORMS[props.kind].map((field) => {
        const id = `${props.idPrefix}-${field.name}`;
        const said = live[field.name];
        const problem = said === undefined ? props.problems[`fields.${field.name}`] : (said ?? undefined);
        const note = notes[field.name];
        const value = props.values[field.name];
        const help = HELP[field.input] ?? (field.name === 'slug' ? 'landing.help.slug' : undefined);
        const described = [problem ? `${id}-error` : '', note ? `${id}-note` : '', help ? `${id}-help` : '']
          .filter(Boolean)
          .join(' ');
        const common = {
          id,
          name: field.name,
          'aria-invalid': problem ? true : undefined,
          'aria-describedby': described || undefined,
        } as const;
        return (
          <div className="admin-field" key={field.name}>
            <label htmlFor={id}>{fieldLabel(t, field)}</label>
            {field.input === 'select' ? (
              <select {...common} defaultValue={String(value ?? field.options[0])}>
                {field.options.map((option) => (
                  <option key={option} value={option}>
                    {t.t(optionLabel(field, option))}
                  </option>
                ))}
              </select>
            ) : field.input === 'textarea' ? (
              <textarea
                {...common}
                rows={field.name === 'links' ? 10 : 4}
                defaultValue={String(value ?? '')}
              />
            ) : field.input === 'image' || field.input === 'pdf' ? (
              <UploadInput kind={field.input} common={common} value={value} />
            ) : field.input === 'dealer' ? (
              <DealerInput common={common} value={String(value ?? '')} />
            ) : (
              <input
                {...common}
                type={field.input === 'number' ? 'number' : field.input === 'date' ? 'date' : 'text'}
                defaultValue={
                  value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value)
                }
              />
            )}
            {help ? (
              <p id={`${id}-help`} className="admin-field__help">
                {t.t(help)}
              </p>
            ) : null}
            {problem ? (
              <p id={`${id}-error`} className="admin-field__error">
                {problem.join(' ')}
              </p>
            ) : note ? (
              <p id={`${id}-note`} className="admin-field__hint" aria-live="polite">
                {note}
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

interface Common {
  readonly id: string;
  readonly name: string;
  readonly 'aria-invalid': true | undefined;
  readonly 'aria-describedby': string | undefined;
}

/** A picture's or a PDF's input: sent at once; its answer kept in a hidden field for the save. */
function UploadInput({ kind, common, value }: { kind: 'image' | 'pdf'; common: Common; value: unknown }) {
  const t = useAdminT();
  const [current, setCurrent] = useState<ContentImage | ContentFile | ''>(
    value && typeof value === 'object' ? (value as ContentImage | ContentFile) : '',
  );
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    setStatus({ ok: true, text: t.t('landing.uploading') });
    try {
      const answer =
        kind === 'image'
          ? (await uploadFile<{ image: ContentImage }>('/admin/api/content/images', file)).image
          : (await uploadFile<{ file: ContentFile }>('/admin/api/content/files', file)).file;
      setCurrent(answer);
      setStatus({ ok: true, text: t.t('landing.uploaded') });
    } catch (error) {
      const code =
        error instanceof AdminApiError && error.status === 400 ? error.body.fields?.file?.[0] : undefined;
      const key =
        code === undefined
          ? 'contentItems.failed'
          : kind === 'image'
            ? `media.problems.${code}`
            : `landing.pdfProblems.${code}`;
      setStatus({ ok: false, text: t.t(key as AdminKey) });
    }
  };
  const thumbnail =
    current && 'photoId' in current
      ? photoSources(current, 'content-images').find((s) => s.format === 'jpeg')?.files[0]?.url
      : undefined;
  return (
    <>
      <input type="hidden" name={common.name} value={current === '' ? '' : JSON.stringify(current)} />
      {current ? (
        <p className="admin-upload__current">
          {thumbnail ? <img src={thumbnail} alt="" width={160} className="admin-upload__thumb" /> : null}
          {t.t('landing.current', {
            name: 'name' in current ? current.name : `${current.width} × ${current.height} px`,
          })}{' '}
          <button type="button" className="admin-button" onClick={() => setCurrent('')}>
            {t.t('landing.removeFile')}
          </button>
        </p>
      ) : null}
      <input
        id={common.id}
        type="file"
        accept={kind === 'image' ? 'image/jpeg,image/png,image/webp,image/avif' : 'application/pdf'}
        aria-invalid={common['aria-invalid']}
        aria-describedby={common['aria-describedby']}
        onChange={(event) => void choose(event)}
      />
      <p role="status" className={`admin-upload__status${status && !status.ok ? ' admin-field__error' : ''}`}>
        {status?.text ?? ''}
      </p>
    </>
  );
}

/** A dealer id typed or chosen among the dealers whose name, city or id match what is typed. */
function DealerInput({ common, value }: { common: Common; value: string }) {
  const listId = useId();
  const [found, setFound] = useState<{ dealerId: string; name: string; city: string }[]>([]);
  const lookup = async (q: string) => {
    if (q.trim().length < 2) return;
    try {
      setFound((await dealerLookup(q.trim())).items);
    } catch {
      setFound([]);
    }
  };
  return (
    <>
      <input
        {...common}
        type="text"
        list={listId}
        autoComplete="off"
        defaultValue={value}
        onInput={(event) => void lookup(event.currentTarget.value)}
      />
      <datalist id={listId}>
        {found.map((dealer) => (
          <option key={dealer.dealerId} value={dealer.dealerId}>
            {`${dealer.name} · ${dealer.city}`}
          </option>
        ))}
      </datalist>
    </>
  );
}
