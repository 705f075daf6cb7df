import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../src/config.ts';

/**
 * A local S3-compatible server for the tests and the crash test (decision 033): s3rver on a free
 * port of 127.0.0.1 in a process of its own (test/s3rver-process.mjs, which says why), its data in
 * a fresh temporary directory, one bucket created through the S3 API. `pendingUploads()` tells
 * whether a failed write left multipart parts behind.
 */
export async function startS3Server(options: { bucket?: string; prefix?: string } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ahente-s3rver-'));
  const bucket = options.bucket ?? 'ahente-test';
  const child = spawn(process.execPath, ['--openssl-legacy-provider', path.join(import.meta.dirname, 's3rver-process.mjs'), dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`s3rver exited with code ${code} before listening`)));
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const config: S3StorageConfig = {
    bucket,
    prefix: options.prefix ?? 'ahente',
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const client = new S3Client({
    endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  const uploadsDir = path.join(dir, bucket, '._S3rver_uploads');

  return {
    endpoint,
    bucket,
    dir,
    config,
    /** Multipart uploads begun and neither completed nor aborted. */
    pendingUploads(): string[] {
      return fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir) : [];
    },
    async close() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type S3Server = Awaited<ReturnType<typeof startS3Server>>;
