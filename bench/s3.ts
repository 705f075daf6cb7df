/**
 * One s3rver for a bench run (the crash test's and the scale test's `--storage s3`, decision 033):
 * apps/server/test/s3-server.ts starts it in a process of its own with one bucket; here, the
 * variables a server needs to keep its files there (STORAGE_URL, S3_ENDPOINT and the keys), and
 * the same driver the server uses to read them back.
 */
import type { FileStorage } from '../apps/server/src/platform/storage.ts';

export async function startBenchS3(options: { bucket: string; prefix: string }) {
  const { startS3Server } = await import('../apps/server/test/s3-server.ts');
  const { createS3Storage } = await import('../apps/server/src/platform/s3-storage.ts');
  const server = await startS3Server(options);
  const storage: FileStorage = createS3Storage(server.config);
  const env: Record<string, string> = {
    STORAGE_URL: `s3://${server.bucket}/${server.config.prefix}`,
    S3_ENDPOINT: server.endpoint,
    S3_ACCESS_KEY_ID: server.config.accessKeyId!,
    S3_SECRET_ACCESS_KEY: server.config.secretAccessKey!,
  };
  return {
    server,
    /** The bucket, read as the server reads it (list(), get()). */
    storage,
    /** For each server's environment. */
    env,
    /** Shown in a bench's lines. */
    shown: `s3://${server.bucket}/${server.config.prefix} (s3rver)`,
    /** Multipart uploads begun and neither completed nor aborted. */
    pendingUploads: () => server.pendingUploads(),
    /** Stops s3rver and removes its data directory. */
    close: () => server.close(),
  };
}

export type BenchS3 = Awaited<ReturnType<typeof startBenchS3>>;
