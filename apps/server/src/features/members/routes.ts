import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EDIT_MEMBER_FILE_FIELDS, PHOTO_CONTENT_TYPES, VALID_ID_CONTENT_TYPES } from '@ahente/contract/members';
import { routes } from '@ahente/contract/routes';
import type { Config } from '../../config.ts';
import { apiRoute } from '../../platform/api-route.ts';
import { attachmentDisposition } from '../../platform/file-names.ts';
import { requireAuth } from '../../platform/guards.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { receiveUpload } from '../../platform/uploads.ts';
import type { AccountService } from './account-service.ts';
import { PHOTO_KEY_PREFIX, VALID_ID_KEY_PREFIX, type MemberFilesService, type OpenedFile } from './member-files-service.ts';
import type { ProfileService } from './profile-service.ts';
import type { TeamService } from './team-service.ts';

/** Sends a stored file: its sniffed type, never re-sniffed by the browser, kept by no shared cache. */
function sendFile(request: FastifyRequest, reply: FastifyReply, file: OpenedFile, cacheControl: string) {
  const etag = `"${file.tag}"`;
  reply.header('etag', etag).header('cache-control', cacheControl).header('x-content-type-options', 'nosniff');
  if (request.headers['if-none-match'] === etag) {
    file.stream.destroy();
    return reply.code(304).send();
  }
  return reply.header('content-type', file.contentType).header('content-length', file.size).send(file.stream);
}

/**
 * Ownership (`id` names the member) is enforced by the API scope from the route table; for a form,
 * by receiveUpload before it stores the file.
 */
/**
 * editMember's answer carries the photo at the top level as well as in the member. The member's
 * record holds their contact number and address: named for the access log (decision 027), which
 * records it when the reader is someone else (an administrator's edit).
 */
const saved = <M extends { id: number; photo: string | null }>(request: FastifyRequest, member: M) => {
  request.accessSubject(member.id, 'Member record, after an edit');
  return { success: true as const, photo: member.photo, member };
};

export function membersRoutes(
  app: FastifyInstance,
  services: {
    members: Pick<ProfileService, 'edit' | 'editForm' | 'details' | 'history'>;
    files: Pick<MemberFilesService, 'openPhoto' | 'openValidId'>;
    team: Pick<TeamService, 'listAll' | 'search' | 'counts' | 'recruits' | 'hierarchy' | 'teamSize'>;
    accounts: Pick<AccountService, 'approve' | 'deactivate' | 'reportEmailChange'>;
  },
  deps: { storage: FileStorage; config: Config },
) {
  const { members, files, team, accounts } = services;
  /**
   * JSON (the admin's edit, a photo's removal) or multipart/form-data with a photo or a valid ID.
   */
  apiRoute(app, routes.editMember, async (request) => {
    const auth = requireAuth(request);
    if (!request.isMultipart()) return saved(request, await members.edit(auth, request.body, request.log));
    const upload = await receiveUpload(request, deps.storage, {
      fileField: {
        [EDIT_MEMBER_FILE_FIELDS.photo]: { keyPrefix: PHOTO_KEY_PREFIX, allowedTypes: PHOTO_CONTENT_TYPES },
        [EDIT_MEMBER_FILE_FIELDS.validId]: { keyPrefix: VALID_ID_KEY_PREFIX, allowedTypes: VALID_ID_CONTENT_TYPES },
      },
      maxBytes: deps.config.uploads.photoBytes,
      maxFields: 40,
    });
    return saved(request, await members.editForm(auth, upload, request.log));
  });

  apiRoute(app, routes.getUserDetails, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return members.details(request.body.id);
  });

  /** The photo: revalidated each time (its ETag changes with the file), never from a public path. */
  apiRoute(app, routes.photo, async (request, reply) =>
    sendFile(request, reply, await files.openPhoto(request.params.id), 'private, no-cache'),
  );

  apiRoute(app, routes.downloadValidId, async (request, reply) => {
    const file = await files.openValidId(request.params.id);
    reply.header('content-disposition', attachmentDisposition(file.fileName));
    return sendFile(request, reply, file, 'private, no-store');
  });

  // The lists carry names and e-mails, never an address or a phone (decision 027): each member
  // listed is named for the access log, once per read.
  apiRoute(app, routes.adminMemberRecords, async (request) => {
    const list = await team.listAll();
    request.accessSubject(
      list.map((m) => m.id),
      'Members list',
    );
    return list;
  });

  apiRoute(app, routes.adminMemberSearch, async (request) => {
    const page = await team.search(request.body);
    request.accessSubject(
      page.rows.map((m) => m.id),
      'Members search',
    );
    return page;
  });

  apiRoute(app, routes.adminMemberCounts, async () => team.counts());

  apiRoute(app, routes.membersRecord, async (request) => team.recruits(request.body.id));

  apiRoute(app, routes.getHierarchy, async (request) => team.hierarchy(request.body.id));

  apiRoute(app, routes.teamSize, async (request) => team.teamSize(request.body.id));

  apiRoute(app, routes.approveMember, async (request) => ({
    success: true as const,
    member: await accounts.approve(requireAuth(request), request.body.id),
  }));

  apiRoute(app, routes.deactivateMember, async (request) => {
    await accounts.deactivate(requireAuth(request), request.body.id);
    return { success: true as const };
  });

  // The changes it lists hold the values edits replaced (an address, a phone, an e-mail): logged.
  apiRoute(app, routes.memberHistory, async (request) => {
    const history = await members.history(request.body.id);
    request.accessSubject(request.body.id, 'Member history');
    return history;
  });

  // "This wasn't me", from the notice sent to the address an e-mail change replaced (decision 027).
  apiRoute(app, routes.reportEmailChange, async (request) => accounts.reportEmailChange(request.body.token));
}
