import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { memberIdSchema } from '@ahente/contract/common';
import { ALL_TYPES, SNIFF_BYTES, fitExtension, sniffContentType, type ContentType } from './content-sniff.ts';
import { HttpError, badRequest } from './errors.ts';
import { requireSelfOrAdmin } from './guards.ts';
import { claimUpload } from './idempotency.ts';
import { sanitizeFileName } from './file-names.ts';
import { FileTooLargeError, newStorageKey, type FileStorage } from './storage.ts';

/** Texts of a refused upload (413 too large, 415 type not allowed). */
export const UPLOAD_ERRORS = {
  typeNotAllowed: 'This file type is not allowed',
  emptyFile: 'The file is empty',
  badFileName: 'The file name is empty or has no usable characters',
  oneFileOnly: 'Send one file only',
  tooManyFields: 'The form has too many fields',
  unreadable: 'The upload could not be read. Please try again.',
  tooLarge: (limitBytes: number) => `The file is too large (limit ${formatBytes(limitBytes)})`,
  fieldTooLong: (field: string) => `${field} is too long`,
  unexpectedFile: (field: string) => `Unexpected file field "${field}"`,
} as const;

/** 50 MB, 64 KB, 100 bytes: the limit as a person reads it. */
export function formatBytes(bytes: number): string {
  const units: [number, string][] = [
    [1024 * 1024 * 1024, 'GB'],
    [1024 * 1024, 'MB'],
    [1024, 'KB'],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}

/** A file received and stored under a generated key. */
export interface StoredUpload {
  /** The form field it came in. */
  field: string;
  key: string;
  size: number;
  /** Decided from the file's first bytes. */
  contentType: ContentType;
  /** The sanitised original name, its extension fitted to the content type. */
  fileName: string;
  /** SHA-256 (hex) of its bytes, taken while it streamed: a form's Idempotency-Key fingerprint. */
  sha256?: string;
}

export interface ReceivedUpload {
  /** Text fields, first value of each name. */
  fields: Record<string, string>;
  /** Null when no file (or an empty file input: no name, no bytes) was sent. */
  file: StoredUpload | null;
}

/** Where a file field's file is stored and which kinds it may be. */
export interface FileFieldRule {
  /** Storage key prefix, such as `materials`. */
  keyPrefix: string;
  allowedTypes?: readonly ContentType[];
}

export interface UploadOptions {
  /**
   * The file field(s): one name, with `keyPrefix` and `allowedTypes` below; or a rule per name,
   * when the form may carry its one file under any of them.
   */
  fileField: string | Record<string, FileFieldRule>;
  maxBytes: number;
  /** Storage key prefix, such as `materials` (for a single `fileField` name). */
  keyPrefix?: string;
  allowedTypes?: readonly ContentType[];
  maxFields?: number;
}

/** The rule of each accepted file field. */
function fileRules(options: UploadOptions): Record<string, FileFieldRule> {
  if (typeof options.fileField !== 'string') return options.fileField;
  if (!options.keyPrefix) throw new Error('receiveUpload: keyPrefix is required with a single fileField');
  return { [options.fileField]: { keyPrefix: options.keyPrefix, ...(options.allowedTypes ? { allowedTypes: options.allowedTypes } : {}) } };
}

/**
 * The owner rule of the route table for a form (platform/guards.ts defers it here for multipart
 * requests): the member named by the form's id field must be the caller or the caller an admin.
 * The id must come before the file, so that no byte of a stranger's file is stored.
 */
function ownerCheck(request: FastifyRequest, fields: Record<string, string>): () => void {
  const owner = request.routeOptions.config.route?.member;
  let checked = !owner;
  return () => {
    if (checked || !owner) return;
    const parsed = memberIdSchema.safeParse(fields[owner.key]);
    if (!parsed.success) throw badRequest(`${parsed.error.issues[0]?.message ?? `${owner.key} is required`} (send it before the file)`);
    requireSelfOrAdmin(request, parsed.data);
    checked = true;
  };
}

/** An error while reading the request body (malformed or cut-off multipart): the client's fault. */
class UploadReadError extends Error {
  constructor(readonly inner: unknown) {
    super('upload read failed');
  }
}

/**
 * Reads a multipart request: collects its text fields and streams its one file into `storage`
 * under a generated key, its type sniffed from the first bytes and its size capped while it
 * streams. Nothing of the file is kept in memory beyond the first SNIFF_BYTES. When this throws
 * nothing is left in storage; when it returns, the caller owns `file.key` and must delete it if
 * it then fails. A request that is not multipart yields no fields and no file.
 */
export async function receiveUpload(request: FastifyRequest, storage: FileStorage, options: UploadOptions): Promise<ReceivedUpload> {
  const fields: Record<string, string> = {};
  if (!request.isMultipart()) return { fields, file: null };
  const rules = fileRules(options);
  const checkOwner = ownerCheck(request, fields);
  let stored: StoredUpload | null = null;
  try {
    let parts: AsyncIterableIterator<Multipart>;
    try {
      parts = request.parts({ limits: { fileSize: options.maxBytes, files: 1, fields: options.maxFields ?? 20 } });
    } catch (err) {
      throw new UploadReadError(err); // a multipart content type without a usable boundary
    }
    for await (const part of readErrorsTagged(parts)) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw badRequest(UPLOAD_ERRORS.fieldTooLong(part.fieldname));
        if (!(part.fieldname in fields)) fields[part.fieldname] = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
        continue;
      }
      const rule = Object.hasOwn(rules, part.fieldname) ? rules[part.fieldname] : undefined;
      if (!rule) {
        await drain(part.file);
        throw badRequest(UPLOAD_ERRORS.unexpectedFile(part.fieldname));
      }
      checkOwner();
      stored = await storeFile(part, storage, rule, options.maxBytes);
    }
    checkOwner();
    // An Idempotency-Key (decision 029): claimed now that the whole form is known, before the
    // handler writes a record; a key used already throws the answer to give instead.
    const file = stored as StoredUpload | null;
    await claimUpload(request, { fields, file: file && { field: file.field, name: file.fileName, sha256: file.sha256 ?? '' } });
  } catch (err) {
    if (stored) await storage.delete(stored.key).catch(() => {});
    throw uploadError(err, options.maxBytes);
  }
  return { fields, file: stored };
}

async function storeFile(part: MultipartFile, storage: FileStorage, rule: FileFieldRule, maxBytes: number): Promise<StoredUpload | null> {
  const source = part.file;
  if (!part.filename) {
    // An empty file input sends a part with no name and no bytes: no file was chosen.
    const bytes = await drain(source);
    if (bytes === 0) return null;
    throw badRequest(UPLOAD_ERRORS.badFileName);
  }
  const name = sanitizeFileName(part.filename);
  if (!name) {
    await drain(source);
    throw badRequest(UPLOAD_ERRORS.badFileName);
  }

  const chunks = readErrorsTagged(source[Symbol.asyncIterator]() as AsyncIterator<Buffer>);
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let ended = false;
  while (headLength < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    headChunks.push(next.value);
    headLength += next.value.length;
  }
  const head = Buffer.concat(headChunks);
  if (head.length === 0) throw badRequest(UPLOAD_ERRORS.emptyFile);
  const contentType = sniffContentType(head.subarray(0, SNIFF_BYTES), name);
  if (!contentType || !(rule.allowedTypes ?? ALL_TYPES).includes(contentType)) {
    if (!ended) await drain(chunks);
    throw new HttpError(415, UPLOAD_ERRORS.typeNotAllowed);
  }

  const key = newStorageKey(rule.keyPrefix);
  const hash = createHash('sha256');
  const body = Readable.from(
    (async function* () {
      hash.update(head);
      yield head;
      if (ended) return;
      for await (const chunk of chunks) {
        hash.update(chunk);
        yield chunk;
      }
    })(),
  );
  const { size } = await storage.put(key, body, { maxBytes });
  if ((source as { truncated?: boolean }).truncated) {
    // The parser cut the file at the limit: what was stored is not the whole file.
    await storage.delete(key);
    throw new FileTooLargeError(maxBytes);
  }
  return { field: part.fieldname, key, size, contentType, fileName: fitExtension(name, contentType), sha256: hash.digest('hex') };
}

/**
 * Reads and discards the rest of a stream, returning how many bytes it had. A body cut short fails
 * here too (a file part nobody wanted, in a truncated form): that is the request's fault, a 400.
 */
async function drain(source: AsyncIterable<Buffer> | AsyncIterator<Buffer>): Promise<number> {
  const iterator = Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source;
  let bytes = 0;
  for await (const chunk of readErrorsTagged(iterator)) bytes += chunk.length;
  return bytes;
}

/** The same iteration, any error it raises marked as a fault of the request body. */
function readErrorsTagged<T>(inner: AsyncIterator<T>): AsyncIterableIterator<T> {
  const tagged: AsyncIterableIterator<T> = {
    async next() {
      try {
        return await inner.next();
      } catch (err) {
        throw err instanceof UploadReadError ? err : new UploadReadError(err);
      }
    },
    async return(value?: unknown) {
      await inner.return?.(value);
      return { done: true, value: undefined as T };
    },
    [Symbol.asyncIterator]: () => tagged,
  };
  return tagged;
}

const LIMIT_ERRORS: Record<string, (maxBytes: number) => HttpError> = {
  FST_REQ_FILE_TOO_LARGE: (max) => new HttpError(413, UPLOAD_ERRORS.tooLarge(max)),
  FST_FILES_LIMIT: () => badRequest(UPLOAD_ERRORS.oneFileOnly),
  FST_FIELDS_LIMIT: () => new HttpError(413, UPLOAD_ERRORS.tooManyFields),
  FST_PARTS_LIMIT: () => new HttpError(413, UPLOAD_ERRORS.tooManyFields),
};

/** The readable 4xx for a refused upload; a storage failure stays a 500. */
function uploadError(err: unknown, maxBytes: number): unknown {
  if (err instanceof HttpError) return err;
  if (err instanceof FileTooLargeError) return new HttpError(413, UPLOAD_ERRORS.tooLarge(maxBytes));
  const cause = err instanceof UploadReadError ? err.inner : err;
  const code = (cause as { code?: string } | null)?.code;
  if (cause instanceof HttpError) return cause;
  if (cause instanceof FileTooLargeError) return new HttpError(413, UPLOAD_ERRORS.tooLarge(maxBytes));
  if (code && LIMIT_ERRORS[code]) return LIMIT_ERRORS[code](maxBytes);
  if (err instanceof UploadReadError) return badRequest(UPLOAD_ERRORS.unreadable);
  return err;
}
