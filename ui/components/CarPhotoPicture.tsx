/**
 * A car photo as a `<picture>`: AVIF and WebP sources, the JPEG as the `<img>` fallback, each with every
 * stored width in `srcset` and the slot's `sizes`, so the browser fetches the smallest file that fills
 * the slot at the screen's density (a 390 px phone takes the 960 px AVIF for a full-width picture).
 */
import type { ImgHTMLAttributes } from 'react';
import { type CarPhoto, type PhotoCollection, photoSources } from '../../domain/catalogue/carPhotos.ts';

const MIME = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' } as const;

export function CarPhotoPicture(
  props: {
    readonly photo: Omit<CarPhoto, 'sourceUrl'>;
    /** Where it is stored: a car's photos (default) or a content item's pictures. */
    readonly collection?: PhotoCollection;
    readonly alt: string;
    /** The slot's width, as `<img sizes>` takes it. */
    readonly sizes: string;
  } & Pick<ImgHTMLAttributes<HTMLImageElement>, 'loading' | 'className' | 'fetchPriority'>,
) {
  const { photo, alt, sizes, collection, ...img } = props;
  const sources = photoSources(photo, collection);
  const srcset = (files: (typeof sources)[number]['files']) =>
    files.map((file) => `${file.url} ${file.width}w`).join(', ');
  const fallback = sources.find((s) => s.format === 'jpeg') ?? sources.at(-1);
  // The fallback `src`: a middle size, for browsers without `srcset`.
  const src = fallback?.files[Math.min(1, fallback.files.length - 1)]?.url;
  return (
    <picture className="car-photo">
      {sources
        .filter((s) => s !== fallback)
        .map((s) => (
          <source key={s.format} type={MIME[s.format]} srcSet={srcset(s.files)} sizes={sizes} />
        ))}
      <img
        {...img}
        src={src}
        srcSet={fallback ? srcset(fallback.files) : undefined}
        sizes={sizes}
        alt={alt}
        width={photo.width}
        height={photo.height}
        decoding="async"
      />
    </picture>
  );
}

/** A home banner's or a promotion's picture (a content image), if it has one: decorative, its title says what it is about. */
export function BannerPicture({ image }: { readonly image: Omit<CarPhoto, 'sourceUrl'> | '' | undefined }) {
  if (!image) return null;
  return (
    <CarPhotoPicture
      className="banner__image"
      photo={image}
      collection="content-images"
      alt=""
      sizes="(min-width: 800px) 560px, calc(100vw - 32px)"
      loading="lazy"
    />
  );
}
