/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, Scaleway, R2…): each key is an object of the bucket
 * (under an optional prefix) with its content type. A put is atomic on S3 (a reader sees the old or the
 * new object, never half of one); a missing key reads as undefined; removing an absent key is nothing.
 * The AWS SDK is loaded with the first call, not at the server's start.
 */
import type { S3Client } from '@aws-sdk/client-s3';
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

type Sdk = typeof import('@aws-sdk/client-s3');

const missing = ({ NoSuchKey, S3ServiceException }: Sdk, error: unknown) =>
  error instanceof NoSuchKey ||
  (error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404));

export function createS3MediaStorage(options: S3MediaStorageOptions): MediaStorage & { close(): void } {
  let opened: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const open = () => {
    opened ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
        credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      }),
    }));
    return opened;
  };
  const Bucket = options.bucket;
  const keyOf = (key: string) =>
    options.prefix ? `${options.prefix}/${checkMediaKey(key)}` : checkMediaKey(key);

  return {
    async put(key, media) {
      const { sdk, client } = await open();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: keyOf(key),
          Body: media.bytes,
          ContentType: media.contentType,
        }),
      );
    },
    async get(key) {
      const { sdk, client } = await open();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: keyOf(key) }));
        const bytes = Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
        return { bytes, contentType: answer.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (missing(sdk, error)) return undefined;
        throw error;
      }
    },
    async remove(key) {
      const { sdk, client } = await open();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    close() {
      void opened?.then(({ client }) => client.destroy());
    },
  };
}
