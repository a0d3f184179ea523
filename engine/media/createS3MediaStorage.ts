/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, Scaleway, R2…): each key is an object of the bucket
 * (under an optional prefix) with its content type. A put is atomic on S3 (a reader sees the old or the
 * new object, never half of one); a missing key reads as undefined; removing an absent key is nothing.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { checkMediaKey, type MediaStorage } from './mediaStorage.ts';

export interface S3MediaStorageOptions {
  /** The service's URL (`http://127.0.0.1:9000` for MinIO); absent: AWS's own for the region. */
  readonly endpoint?: string;
  readonly region: string;
  readonly bucket: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** Keys under this folder of the bucket (no leading or trailing `/`). */
  readonly prefix?: string;
  /** `bucket` in the path rather than the host name (MinIO and most self-hosted services need it). */
  readonly forcePathStyle?: boolean;
}

const missing = (error: unknown) =>
  error instanceof NoSuchKey ||
  (error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404));

export function createS3MediaStorage(options: S3MediaStorageOptions): MediaStorage & { close(): void } {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
  const Bucket = options.bucket;
  const keyOf = (key: string) =>
    options.prefix ? `${options.prefix}/${checkMediaKey(key)}` : checkMediaKey(key);

  return {
    async put(key, media) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: keyOf(key), Body: media.bytes, ContentType: media.contentType }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        const bytes = Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
        return { bytes, contentType: answer.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    close() {
      client.destroy();
    },
  };
}
