/**
 * The saved views above a list: the caller's own and the shared ones as links to the list with their
 * filters (the one the URL shows now marked), "save the current filters as…" (a form: name, shared),
 * and, on the views the caller may change (their own; an admin any), rename, take the current filters,
 * share or stop sharing, delete. Writes go through http/routes/adminSavedViewsApi.ts; a save carries
 * one Idempotency-Key per filled-in form, so a double click makes one view.
 */

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { type SavedViewList, VIEW_NAME_MAX, type ViewFilters } from '../../../domain/staff/savedViews.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { useAdminT } from '../AdminContext.tsx';
import {
  AdminApiError,
  changeSavedView,
  createSavedView,
  deleteSavedView,
  meQuery,
  type SavedView,
  savedViewsQuery,
} from '../adminApi.ts';
import { sameFilters, viewSearch } from '../savedViewLists.ts';
import { type Notice, NoticeRegions } from './StatusViews.tsx';

type Editing = { readonly id: string; readonly mode: 'rename' | 'delete' };

const newKey = () => {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
};

export function SavedViews({
  list,
  search,
  hrefOf,
}: {
  list: SavedViewList;
  /** The list's search params now (the URL's). */
  search: Readonly<Record<string, string | number | undefined>>;
  /** The list's first page with these search params. */
  hrefOf: (search: Record<string, string | number>) => string;
}) {
  const t = useAdminT();
  const me = useQuery(meQuery);
  const views = useQuery(savedViewsQuery(list));
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [key, setKey] = useState(newKey);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [newName, setNewName] = useState('');
  const [renameError, setRenameError] = useState<string | null>(null);
  const busy = useRef(false);
  const nameRef = useRef<HTMLInputElement>(null);

  const current: ViewFilters = Object.fromEntries(
    Object.entries(search).filter((entry): entry is [string, string | number] => entry[1] !== undefined),
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'saved-views', list] });
  const checkName = (value: string) =>
    value.trim() === ''
      ? t.t('views.nameRequired')
      : value.trim().length > VIEW_NAME_MAX
        ? t.t('views.nameTooLong', { max: VIEW_NAME_MAX })
        : null;

  /** Runs one write at a time; a refusal becomes a notice (or the name field's message). */
  const write = async (run: () => Promise<string>, onName: (message: string) => void) => {
    if (busy.current) return;
    busy.current = true;
    try {
      setNotice({ ok: true, text: await run() });
      await refresh();
    } catch (error) {
      if (!(error instanceof AdminApiError)) return setNotice({ ok: false, text: t.t('views.failed') });
      const fields = Object.keys(error.body.fields ?? {});
      if (error.status === 409 && error.body.view)
        return onName(t.t('views.nameTaken', { name: error.body.view.name }));
      if (error.status === 400 && fields.some((f) => f.includes('name')))
        return onName(t.t('views.nameRequired'));
      if (error.status === 400) return setNotice({ ok: false, text: t.t('views.badFilters') });
      if (error.status === 403) return setNotice({ ok: false, text: t.t('views.forbidden') });
      if (error.status === 404) await refresh();
      setNotice({ ok: false, text: t.t('views.failed') });
    } finally {
      busy.current = false;
    }
  };

  const onSave = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = checkName(name);
    setNameError(problem);
    if (problem) return nameRef.current?.focus();
    void write(
      async () => {
        const view = await createSavedView({ list, name: name.trim(), filters: current, shared }, key);
        setName('');
        setShared(false);
        setKey(newKey());
        return t.t('views.saved', { name: view.name });
      },
      (message) => {
        setNameError(message);
        nameRef.current?.focus();
      },
    );
  };

  const onRename = (event: FormEvent<HTMLFormElement>, view: SavedView) => {
    event.preventDefault();
    const problem = checkName(newName);
    setRenameError(problem);
    if (problem) return;
    void write(async () => {
      const renamed = await changeSavedView(view.id, { name: newName.trim() });
      setEditing(null);
      return t.t('views.renamed', { name: renamed.name });
    }, setRenameError);
  };

  const change = (view: SavedView, what: 'replace' | 'share' | 'delete') =>
    void write(
      async () => {
        switch (what) {
          case 'replace':
            await changeSavedView(view.id, { filters: current });
            return t.t('views.replaced', { name: view.name });
          case 'share':
            await changeSavedView(view.id, { shared: !view.shared });
            return t.t(view.shared ? 'views.nowMine' : 'views.nowShared', { name: view.name });
          case 'delete':
            await deleteSavedView(view.id);
            setEditing(null);
            return t.t('views.deleted', { name: view.name });
          default: {
            const never: never = what;
            throw new Error(`unknown change ${never as string}`);
          }
        }
      },
      (message) => setNotice({ ok: false, text: message }),
    );

  const items = views.data ?? [];
  return (
    <section className="admin-card admin-views" aria-labelledby={`views-${list}-title`}>
      <h2 id={`views-${list}-title`}>{t.t('views.title')}</h2>
      <NoticeRegions notice={notice} />
      {views.isSuccess && items.length === 0 ? (
        <p className="admin-views__none">{t.t('views.none')}</p>
      ) : null}
      {items.length > 0 ? (
        <ul className="admin-views__list">
          {items.map((view) => {
            const target = viewSearch(list, view.filters);
            const active = sameFilters(target, search);
            const mine = view.owner.id === me.data?.id;
            const linkId = `view-${view.id}`;
            return (
              <li key={view.id} className={active ? 'is-active' : undefined}>
                <div className="admin-views__item">
                  <AppLink id={linkId} href={hrefOf(target)} aria-current={active ? 'true' : undefined}>
                    {view.name}
                  </AppLink>
                  {active ? <span className="admin-views__tag">{t.t('views.shown')}</span> : null}
                  <span className="admin-views__who">
                    {view.shared
                      ? mine
                        ? t.t('views.sharedMine')
                        : t.t('views.sharedBy', { owner: view.owner.name })
                      : t.t('views.mine')}
                  </span>
                  {view.mayChange && editing?.id !== view.id ? (
                    <span className="admin-views__actions">
                      <button
                        type="button"
                        className="admin-button admin-button--small"
                        aria-describedby={linkId}
                        onClick={() => {
                          setEditing({ id: view.id, mode: 'rename' });
                          setNewName(view.name);
                          setRenameError(null);
                        }}
                      >
                        {t.t('views.rename')}
                      </button>
                      {active ? null : (
                        <button
                          type="button"
                          className="admin-button admin-button--small"
                          aria-describedby={linkId}
                          onClick={() => change(view, 'replace')}
                        >
                          {t.t('views.replace')}
                        </button>
                      )}
                      <button
                        type="button"
                        className="admin-button admin-button--small"
                        aria-describedby={linkId}
                        onClick={() => change(view, 'share')}
                      >
                        {t.t(view.shared ? 'views.unshareAction' : 'views.shareAction')}
                      </button>
                      <button
                        type="button"
                        className="admin-button admin-button--small"
                        aria-describedby={linkId}
                        onClick={() => setEditing({ id: view.id, mode: 'delete' })}
                      >
                        {t.t('views.delete')}
                      </button>
                    </span>
                  ) : null}
                </div>
                {editing?.id === view.id && editing.mode === 'rename' ? (
                  <form className="admin-views__edit" noValidate onSubmit={(event) => onRename(event, view)}>
                    <div className="admin-field">
                      <label htmlFor={`${linkId}-name`}>{t.t('views.newName')}</label>
                      <input
                        id={`${linkId}-name`}
                        name="name"
                        maxLength={VIEW_NAME_MAX}
                        required
                        autoComplete="off"
                        value={newName}
                        onChange={(event) => setNewName(event.target.value)}
                        aria-invalid={renameError ? true : undefined}
                        aria-describedby={renameError ? `${linkId}-name-error` : undefined}
                      />
                      {renameError ? (
                        <p className="admin-field__error" id={`${linkId}-name-error`}>
                          {renameError}
                        </p>
                      ) : null}
                    </div>
                    <button type="submit" className="admin-button admin-button--primary">
                      {t.t('views.renameSave')}
                    </button>
                    <button type="button" className="admin-button" onClick={() => setEditing(null)}>
                      {t.t('views.cancel')}
                    </button>
                  </form>
                ) : null}
                {editing?.id === view.id && editing.mode === 'delete' ? (
                  <div className="admin-views__edit">
                    <p>{t.t('views.deleteConfirm', { name: view.name })}</p>
                    <button
                      type="button"
                      className="admin-button admin-button--primary"
                      onClick={() => change(view, 'delete')}
                    >
                      {t.t('views.deleteYes')}
                    </button>
                    <button type="button" className="admin-button" onClick={() => setEditing(null)}>
                      {t.t('views.cancel')}
                    </button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <form
        className="admin-views__save"
        noValidate
        onSubmit={onSave}
        aria-labelledby={`views-${list}-save-title`}
      >
        <h3 id={`views-${list}-save-title`}>{t.t('views.saveTitle')}</h3>
        <div className="admin-field">
          <label htmlFor={`views-${list}-name`}>{t.t('views.name')}</label>
          <input
            ref={nameRef}
            id={`views-${list}-name`}
            name="name"
            maxLength={VIEW_NAME_MAX}
            required
            autoComplete="off"
            value={name}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `views-${list}-name-error` : undefined}
          />
          {nameError ? (
            <p className="admin-field__error" id={`views-${list}-name-error`}>
              {nameError}
            </p>
          ) : null}
        </div>
        <label className="admin-choice admin-views__share">
          <input
            type="checkbox"
            name="shared"
            checked={shared}
            onChange={(event) => setShared(event.target.checked)}
          />{' '}
          {t.t('views.share')}
        </label>
        <button type="submit" className="admin-button admin-button--primary">
          {t.t('views.save')}
        </button>
      </form>
    </section>
  );
}
