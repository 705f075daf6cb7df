import { Readable, Transform, pipeline } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, paginateListObjectsV2 } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3StorageConfig } from '../config.ts';
import { FileTooLargeError, isStorageKey, type FileStorage } from './storage.ts';

/**
 * The multipart part size: the smallest S3 takes (5 MiB). With QUEUE_SIZE parts in flight, an
 * upload holds at most about (QUEUE_SIZE + 1) × PART_SIZE in memory, whatever the file's size; a
 * file smaller than one part goes in one PutObject (docs/decisions/033-s3-storage.md).
 */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

/** The HTTP status of an SDK error (404 for a missing key or bucket), if it has one. */
function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

/**
 * Files in an S3-compatible bucket under a prefix, the same contract as the local disk store
 * (storage.ts): a put streams through lib-storage's Upload (multipart past one part, never the
 * whole file in memory), counting bytes; over the limit or on any failure the upload is aborted,
 * so nothing is left under the key and no parts are left in the bucket. The object appears only
 * when the upload completes.
 */
export function createS3Storage(config: S3StorageConfig, options: { listPageSize?: number } = {}): FileStorage {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: the SDK's default CRC32 trailers (aws-chunked
    // bodies) are not understood by every S3-compatible store (s3rver, older MinIO, others).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const base = config.prefix ? `${config.prefix}/` : '';
  const Bucket = config.bucket;

  /** The object key of a storage key; a bad one never reaches the store. */
  function objectKey(key: string): string {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return base + key;
  }

  async function head(Key: string): Promise<boolean> {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key }));
      return true;
    } catch (err) {
      if (statusOf(err) === 404) return false;
      throw err;
    }
  }

  return {
    async put(key, body, options = {}) {
      const Key = objectKey(key);
      if (await head(Key)) throw new Error(`Storage key already in use: ${key}`);
      const limit = options.maxBytes;
      let size = 0;
      // The first failure: the source's own error, or FileTooLargeError past the limit. It is what
      // the caller gets, not whatever the upload then reports (an aborted request, a failed abort).
      let failure: unknown = null;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (limit === undefined || size <= limit) return callback(null, chunk);
          failure ??= new FileTooLargeError(limit);
          callback(failure as Error);
        },
      });
      const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      // An error of either stream destroys both and ends the counter's reading with it. A premature
      // close is the upload having stopped reading (its own failure, reported by done()).
      pipeline(source, counter, (err) => {
        if (err && failure === null && (err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') failure = err;
      });
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: counter },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        // Stop reading the client; the upload has aborted its parts (or the bucket's lifecycle rule will).
        counter.destroy();
        throw failure ?? err;
      }
      if (failure !== null) {
        // The source failed after the last byte was read: the object must not stay.
        await client.send(new DeleteObjectCommand({ Bucket, Key })).catch(() => {});
        throw failure;
      }
      return { size };
    },

    async get(key) {
      const Key = objectKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key }));
        if (!(res.Body instanceof Readable)) throw new Error('S3 GetObject returned no stream');
        return { stream: res.Body, size: res.ContentLength ?? 0 };
      } catch (err) {
        if (statusOf(err) === 404 && (err as { name?: string }).name !== 'NoSuchBucket') return null;
        throw err;
      }
    },

    async delete(key) {
      // S3 answers 204 for a key with nothing under it too.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },

    exists: async (key) => head(objectKey(key)),

    async *list() {
      const pages = paginateListObjectsV2(
        { client, ...(options.listPageSize ? { pageSize: options.listPageSize } : {}) },
        { Bucket, ...(base ? { Prefix: base } : {}) },
      );
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          const key = object.Key.slice(base.length);
          // Anything not named like one of our keys (another tool's files under the prefix) is not ours.
          if (!isStorageKey(key)) continue;
          yield { key, modifiedAt: object.LastModified?.getTime() ?? 0 };
        }
      }
    },
  };
}
