import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from './file-names.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A generated file (a statement, a form, a payout or an alphalist): never cached (what it says changes), never sniffed. */
export function sendGeneratedFile(reply: FastifyReply, bytes: Buffer | string, type: string, name: string) {
  return reply
    .header('content-type', type)
    .header('content-length', Buffer.byteLength(bytes))
    .header('content-disposition', attachmentDisposition(name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(bytes);
}
