import type { Config } from '../config.ts';
import { createS3Storage } from './s3-storage.ts';
import { createLocalDiskStorage, type FileStorage } from './storage.ts';

/** The file store the server uses, chosen from the configuration (buildServices and the backup commands use this one choice): S3 with STORAGE_URL, else STORAGE_DIR. */
export function storageOf(config: Config): FileStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalDiskStorage(config.storageDir);
}

/** The store as a message may show it (no credentials). */
export function storageShown(config: Config): string {
  return config.s3 ? `s3://${config.s3.bucket}/${config.s3.prefix}` : config.storageDir;
}
