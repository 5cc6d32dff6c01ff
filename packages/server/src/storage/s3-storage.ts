// S3-compatible storage (AWS S3, MinIO, R2...) with presigned URLs, used when S3_BUCKET is set.
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Config } from '../config.js';
import { assertSafeKey, DEFAULT_URL_TTL_SECONDS, UPLOAD_MAX_BYTES, type FileStorage } from './file-storage.js';
import type { FilesRecord } from './files-table.js';

type S3Config = Pick<Config, 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'>;

export function createS3Storage(config: S3Config & { S3_BUCKET: string }, files: FilesRecord, clock: () => Date): FileStorage {
  const client = new S3Client({
    region: config.S3_REGION,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT, forcePathStyle: true } : {}),
    ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } }
      : {}),
  });
  const Bucket = config.S3_BUCKET;
  const expiry = (seconds: number) => new Date(clock().getTime() + seconds * 1000).toISOString();

  return {
    kind: 's3',
    async presignUpload(key, options) {
      assertSafeKey(key);
      const ttl = options.expiresInSeconds ?? DEFAULT_URL_TTL_SECONDS;
      await files.expect(key, options.fileName ?? key.split('/').pop() ?? key, options.contentType, options.ownerUserId ?? null);
      const url = await getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key, ContentType: options.contentType }), {
        expiresIn: ttl,
        signableHeaders: new Set(['content-type']),
      });
      return { url, method: 'PUT', headers: { 'content-type': options.contentType }, key, expiresAt: expiry(ttl), maxBytes: UPLOAD_MAX_BYTES };
    },
    async presignDownload(key, options = {}) {
      assertSafeKey(key);
      const ttl = options.expiresInSeconds ?? DEFAULT_URL_TTL_SECONDS;
      const url = await getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ...(options.fileName ? { ResponseContentDisposition: `attachment; filename="${options.fileName.replace(/"/g, '')}"` } : {}),
        }),
        { expiresIn: ttl },
      );
      return { url, expiresAt: expiry(ttl) };
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertSafeKey(key) }));
      await files.removed(key);
    },
    async head(key) {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: assertSafeKey(key) }));
        const object = { key, size: out.ContentLength ?? 0, contentType: out.ContentType ?? 'application/octet-stream' };
        await files.uploaded(key, object.size, object.contentType);
        return object;
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 404) return null;
        throw error;
      }
    },
  };
}
