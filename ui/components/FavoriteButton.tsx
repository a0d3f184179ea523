/**
 * Adds a car to the browser's favorites or takes it off (SPEC §7 calls). Favorites are personal, so the
 * server renders the button in its neutral state and the browser asks for the real one after hydration.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_FAVORITES } from '../../domain/favorites/decide.ts';
import { ApiError } from '../api/ApiError.ts';
import { isFavorite, setFavorite } from '../api/favoriteCalls.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { Icon } from './Icon.tsx';

const inBrowser = typeof window !== 'undefined';

export function FavoriteButton(props: { readonly carId: string; readonly className?: string }) {
  const t = useTranslator();
  const queryClient = useQueryClient();
  const key = ['favorite', props.carId] as const;
  const status = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => isFavorite(t.locale, props.carId, signal),
    enabled: inBrowser,
    retry: false,
    staleTime: 60_000,
  });
  const toggle = useMutation({
    mutationFn: (favorite: boolean) => setFavorite(t.locale, props.carId, favorite),
    onSuccess: (result) => {
      queryClient.setQueryData(key, result.favorite);
      void queryClient.invalidateQueries({ queryKey: ['favorites'] });
    },
  });
  const on = toggle.isPending ? toggle.variables : status.data === true;
  const full = toggle.error instanceof ApiError && toggle.error.status === 409;
  return (
    <div className={props.className ? `favorite ${props.className}` : 'favorite'}>
      <button
        type="button"
        className={on ? 'btn btn--ghost favorite__button is-on' : 'btn btn--ghost favorite__button'}
        aria-pressed={on}
        disabled={!inBrowser || status.isPending || toggle.isPending}
        onClick={() => toggle.mutate(!on)}
      >
        <Icon name="heart" size={18} />
        <span>{on ? t.t('favorites.added') : t.t('favorites.add')}</span>
      </button>
      {toggle.isError ? (
        <p className="favorite__error" role="alert">
          {full ? t.t('favorites.full', { max: MAX_FAVORITES }) : t.t('favorites.failed')}
        </p>
      ) : null}
    </div>
  );
}
