/**
 * Uploads' kinds and limits, and the names of downloaded files: no zod and no schema, so that the web's first load (the dashboard, the layout) can use
 * them without building the route table's schemas (decision 014). Re-exported by the schema module
 * of the same domain, which the server and the forms import.
 */

/** What a profile photo and a valid ID may be: the server decides from the file's first bytes. */
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const VALID_ID_CONTENT_TYPES = [...PHOTO_CONTENT_TYPES, 'application/pdf'] as const;
/** The default size limit of both (PHOTO_MAX_MB), which a browser checks before sending. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** The file fields of a multipart editMember: at most one per request (decision 015). */
export const EDIT_MEMBER_FILE_FIELDS = { photo: 'photo', validId: 'valid_id' } as const;

/** Files: what the statement's downloads are called. */
export const statementFileName = (period: string, memberId: number, ext: 'pdf' | 'xlsx') => `statement_${period}_${memberId}.${ext}`;
export const payoutFileName = (period: string) => `payouts_${period}.xlsx`;

/** The download name of a member's copy of their data. */
export const myDataFileName = (id: number) => `my-data-${id}.zip`;

/** The workbook's file name (one sheet, 'Access log'). */
export const ACCESS_LOG_EXPORT_FILE_NAME = 'access-log.xlsx';
