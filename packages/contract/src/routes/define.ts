import { z } from 'zod';
import type { AccessKind } from '../privacy.ts';
import { errorResponse } from '../common.ts';

/**
 * What a route of the table is made of, shared by every feature's file of routes/ (index.ts gathers
 * them into the one table; docs/adding-a-route.md walks through adding one).
 */

/** Who may call a route: anyone, a logged-in member, or an administrator. */
export type Access = 'public' | 'member' | 'admin';
export type Method = 'GET' | 'POST' | 'DELETE';

/** A body the route answers with as a file (a download), not JSON. */
export const fileResponse = z.custom<Blob>(() => true, 'a file');
/** No body at all (204). */
export const noContent = z.undefined();

export interface RouteDef {
  method: Method;
  /** Fastify syntax: `/api/downloadmaterial/:id`. */
  path: string;
  access: Access;
  /** A call that names a member: where the member's id is read, after the request is parsed. */
  member?: { in: 'body' | 'params'; key: string };
  body?: z.ZodType;
  params?: z.ZodType;
  /**
   * multipart/form-data: its text fields and the name of its file field (or the names, when the
   * request may carry one file under any of them). A route with both `body` and `multipart` takes
   * either JSON or a form: its form fields are parsed with `fields`, and its owner is read from
   * them before any file is stored (platform/uploads.ts).
   */
  multipart?: { fields: z.ZodType; file: string | readonly string[] };
  /** Per status: successes, and errors with a shape other than `errorResponse`. */
  responses: Record<number, z.ZodType>;
  /**
   * A route that answers someone's sensitive personal data (decision 027): a read by anyone but its
   * owner, answered 2xx, is written to the access log, once. The owner is the member the route
   * names (`member`), or the one its handler reports when the route names a record instead (a
   * licence's scan).
   */
  sensitive?: AccessKind;
  /**
   * A route that creates (or changes, for the offline queue's edits) a record: it honours the
   * `Idempotency-Key` header (decision 029). The same key with the same request answers the first
   * answer again and does nothing; with another request, 422. The server's plugin reads this mark
   * from the matched route (platform/idempotency.ts).
   */
  idempotent?: true;
  /** OpenAPI grouping. */
  tag: string;
  summary: string;
}

/** Any status a route does not list answers with this shape (decision 008). */
export const defaultErrorResponse = errorResponse;

/** A route as declared: checked against RouteDef, its literal types kept (the web's types read them). */
export const route = <const R extends RouteDef>(r: R): R => r;
/** The member a route names is the body's `id` (most calls about a member). */
export const ownerInBody = { in: 'body', key: 'id' } as const;
