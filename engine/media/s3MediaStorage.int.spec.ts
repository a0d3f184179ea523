/**
 * The media storage contract against an S3-compatible service (the compose file's MinIO, or AWS), when
 * `S3_ENDPOINT` (or `S3_REGION` for AWS), `S3_BUCKET`, `S3_ACCESS_KEY_ID` and `S3_SECRET_ACCESS_KEY` are
 * set; skipped with the reason otherwise.
 */
import { describeMediaStorageContract } from './contract/mediaStorageContract.ts';
import { createS3MediaStorage } from './createS3MediaStorage.ts';

const env = process.env;
const missing = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => !env[name]);

describeMediaStorageContract({
  name: 'S3',
  skipReason:
    missing.length > 0 ? `${missing.join(', ')} unset: no S3-compatible service to test against` : undefined,
  async open() {
    const media = createS3MediaStorage({
      ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
      region: env.S3_REGION ?? 'us-east-1',
      bucket: env.S3_BUCKET!,
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      prefix: 'contract-tests',
    });
    return { media, close: async () => media.close() };
  },
});
