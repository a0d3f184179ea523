/**
 * The car photos page in the browser (`admin_image_upload`): CarPhotosPanel.tsx's forms sent through
 * the JSON API (the upload by XMLHttpRequest with a progress bar, order and removal as calls), the list
 * refreshed from each answer; a refused post's problem shown by the file field. A post sent without
 * JavaScript comes back with what it did or its problem in the boot data (shown once).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type CarPhoto, movePhoto } from '../../../domain/catalogue/carPhotos.ts';
import { useAdminT } from '../AdminContext.tsx';
import { AdminApiError, call, carPhotosQuery, currentCsrfToken, uploadCarPhoto } from '../adminApi.ts';
import { type AdminBoot, bootData } from '../boot.ts';
import { CarPhotosPanel, type PhotoIntent } from './CarPhotosPanel.tsx';
import { ErrorNotice, Loading } from './StatusViews.tsx';

let bootFlashTaken = false;
function takeBootFlash(): AdminBoot['flash'] {
  if (bootFlashTaken) return undefined;
  bootFlashTaken = true;
  return bootData().flash;
}

export function CarPhotosView({ carId }: { carId: string }) {
  const t = useAdminT();
  const queryClient = useQueryClient();
  const query = useQuery(carPhotosQuery(carId));
  const [flash] = useState(takeBootFlash);
  const [problem, setProblem] = useState<string | undefined>(flash?.fields.file?.[0]);
  const [done, setDone] = useState<string | undefined>(flash?.values.done);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorNotice onRetry={() => void query.refetch()} />;
  const photos = query.data.photos;
  const path = `/admin/api/cars/${encodeURIComponent(carId)}/photos`;

  const onSubmit = async (event: FormEvent<HTMLFormElement>, intent: PhotoIntent, photoId?: string) => {
    event.preventDefault();
    setProblem(undefined);
    setDone(undefined);
    let answer: { photos: CarPhoto[] };
    try {
      setBusy(true);
      if (intent === 'upload') {
        const input = event.currentTarget.elements.namedItem('file') as HTMLInputElement | null;
        const file = input?.files?.[0];
        if (!file) {
          setProblem('missing');
          input?.focus();
          return;
        }
        setProgress(0);
        answer = await uploadCarPhoto(carId, file, setProgress);
        if (input) input.value = '';
      } else if (intent === 'remove') {
        answer = await call('DELETE', `${path}/${photoId}`);
      } else {
        const order = movePhoto(
          photos.map((p) => p.photoId),
          photoId ?? '',
          intent === 'up' ? -1 : 1,
        );
        answer = await call('PUT', `${path}/order`, { photoIds: order });
      }
      queryClient.setQueryData(carPhotosQuery(carId).queryKey, answer);
      setDone(intent);
    } catch (error) {
      const code =
        error instanceof AdminApiError && error.status === 400 ? error.body.fields?.file?.[0] : undefined;
      setProblem(code ?? 'unknown');
    } finally {
      setBusy(false);
      setProgress(undefined);
    }
  };

  return (
    <CarPhotosPanel
      t={t}
      locale={t.locale}
      carId={carId}
      csrfToken={currentCsrfToken() || bootData().csrfToken}
      photos={photos}
      problem={problem}
      done={done}
      progress={progress}
      busy={busy}
      onSubmit={(event, intent, photoId) => void onSubmit(event, intent, photoId)}
    />
  );
}
