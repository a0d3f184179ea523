/**
 * A blog article's image in its form: the `imageId` text field (empty: no image), a file to upload
 * (http/routes/adminBlogImagesApi.ts: checked and resized once like a car photo) that fills it, and a
 * small preview of the image it names.
 */
import { useId, useRef, useState } from 'react';
import { photoVariantUrl } from '../../../domain/catalogue/carPhotos.ts';
import { blogImage } from '../../../domain/content/blog.ts';
import { useAdminT } from '../AdminContext.tsx';
import { AdminApiError } from '../adminApi.ts';
import { uploadBlogImage } from '../contentApi.ts';

type Problem = keyof ReturnType<typeof useAdminT>['messages']['media']['problems'];

export function BlogImageField(props: {
  readonly common: {
    readonly id: string;
    readonly name: string;
    readonly 'aria-invalid': true | undefined;
    readonly 'aria-describedby': string | undefined;
  };
  readonly value: string;
}) {
  const t = useAdminT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const [current, setCurrent] = useState(props.value);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const image = blogImage(current);

  const upload = async () => {
    const chosen = file.current?.files?.[0];
    if (!chosen) {
      setProblem(t.messages.media.problems.missing);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const { imageId } = await uploadBlogImage(chosen);
      if (input.current) input.current.value = imageId;
      setCurrent(imageId);
    } catch (caught) {
      const code =
        caught instanceof AdminApiError ? (caught.body.fields?.file?.[0] as Problem | undefined) : undefined;
      setProblem(code ? t.messages.media.problems[code] : t.t('contentItems.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="blog-image-field">
      <input
        {...props.common}
        ref={input}
        type="text"
        defaultValue={props.value}
        onChange={(event) => setCurrent(event.currentTarget.value)}
      />
      {image ? (
        <img
          className="blog-image-field__preview"
          src={photoVariantUrl(image.photoId, image.variants[0]!.width, 'jpeg')}
          alt={t.t('blogAdmin.imagePreview')}
          width={160}
          height={Math.round((160 * image.height) / image.width)}
        />
      ) : null}
      <label htmlFor={`${id}-file`}>{t.t('blogAdmin.imageFile')}</label>
      <input id={`${id}-file`} ref={file} type="file" accept="image/jpeg,image/png,image/webp,image/avif" />
      <button type="button" className="admin-button" onClick={() => void upload()} disabled={busy}>
        {busy ? t.t('blogAdmin.imageUploading') : t.t('blogAdmin.imageUpload')}
      </button>
      <div role="alert">{problem ? <p className="admin-field__error">{problem}</p> : null}</div>
    </div>
  );
}
