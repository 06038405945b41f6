import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMPORT_LIMITS, importFormFields, importsApi } from '../../../shared/api/imports';
import { londonDate } from '../../../shared/domain/london-time';
import { badRequest, HttpError, payloadTooLarge } from '../../http/errors';
import { addRoute } from '../../http/route';
import { parseOrThrow } from '../../http/validation';
import type { AddMemberService } from './add-member.service';
import type { ImportsService, Upload } from './imports.service';
import type { InvitationsService } from './invitations.service';

const MEGABYTES = IMPORT_LIMITS.maxBytes / 1024 / 1024;
const TOO_LARGE = `A file may be at most ${MEGABYTES} MB: split the list and import each part`;
const FILE_FIELDS = new Set(['file', 'payments']);
const TEXT_FIELDS = new Set(['mapping', 'payments_mapping', 'date_format']);

/** The import form's parts: the two files (each at most 20 MB, held in memory while read) and the text fields. */
async function readForm(req: FastifyRequest) {
  // Refuse at once what announces itself as too big for two files and the fields.
  if (Number(req.headers['content-length'] ?? 0) > 2 * IMPORT_LIMITS.maxBytes + 256 * 1024) throw payloadTooLarge(TOO_LARGE);
  const files: Record<string, Upload> = {};
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({
      limits: { fileSize: IMPORT_LIMITS.maxBytes, files: 2, fields: 3, parts: 5, fieldSize: 20_000 },
    })) {
      if (part.type === 'file') {
        if (!FILE_FIELDS.has(part.fieldname) || files[part.fieldname]) {
          await part.toBuffer();
          throw badRequest(`Send the members file in the field "file" and the payments file in "payments" (not "${part.fieldname}")`);
        }
        const data = await part.toBuffer();
        files[part.fieldname] = { name: (part.filename || `${part.fieldname}.csv`).slice(0, 200), data };
      } else if (TEXT_FIELDS.has(part.fieldname)) fields[part.fieldname] = String(part.value);
      else throw badRequest(`Unknown field "${part.fieldname}"`);
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(TOO_LARGE);
    if (error instanceof HttpError || code?.startsWith('FST_')) throw error;
    throw badRequest('The upload could not be read: send the files as multipart/form-data in the fields "file" and "payments"');
  }
  if (!files.file) throw badRequest('Attach the members file in the form field "file"');
  return { files, fields: parseOrThrow(importFormFields, fields, 'body') };
}

/** The import of an association's existing members, invitations, and adding a person by hand (decisions 110, 111). */
export function importsRoutes(
  app: FastifyInstance,
  deps: { imports: ImportsService; invitations: InvitationsService; addMember: AddMemberService; clock: () => Date },
) {
  const { imports, invitations, addMember } = deps;

  addRoute(app, importsApi.create, {
    policy: 'admin',
    // The form's own limits (readForm) apply; this only lets the body through to them.
    bodyLimit: 2 * IMPORT_LIMITS.maxBytes + 256 * 1024,
    handler: async ({ req, user }) => {
      const { files, fields } = await readForm(req);
      return imports.dryRun(
        {
          members: files.file!,
          payments: files.payments,
          mapping: fields.mapping,
          paymentsMapping: fields.payments_mapping,
          dateFormat: fields.date_format,
        },
        user(),
      );
    },
  });

  addRoute(app, importsApi.list, { policy: 'admin', handler: () => imports.list() });

  addRoute(app, importsApi.one, { policy: 'admin', handler: ({ params }) => imports.response(params.id) });

  addRoute(app, importsApi.outcomes, {
    policy: 'admin',
    handler: async ({ params, reply }) => {
      const { name, csv } = await imports.outcomesCsv(params.id);
      const safe = name.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 60) || 'import';
      reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${safe}-outcomes-${londonDate(deps.clock())}.csv"`);
      return csv;
    },
  });

  addRoute(app, importsApi.commit, {
    policy: 'admin',
    handler: ({ params, body, user }) => imports.commit(params.id, body.on_error, user()),
  });

  addRoute(app, importsApi.undo, { policy: 'admin', handler: ({ params, user }) => imports.undo(params.id, user()) });

  addRoute(app, importsApi.people, {
    policy: 'admin',
    handler: ({ params, query }) => imports.people(params.id, query.page, query.page_size),
  });

  addRoute(app, importsApi.invite, {
    policy: 'admin',
    handler: async ({ body, user }) => {
      const ids = 'import_id' in body ? await invitations.importPeople(body.import_id) : body.member_ids;
      return invitations.invite(ids, 'import_id' in body ? body.import_id : null, user());
    },
  });

  addRoute(app, importsApi.addMember, { policy: 'admin', handler: ({ body, user }) => addMember.add(body, user()) });

  addRoute(app, importsApi.invitation, { policy: 'public', handler: ({ params }) => invitations.check(params.token) });

  addRoute(app, importsApi.acceptInvitation, {
    policy: 'public',
    handler: async ({ body, reply }) => {
      reply.header('cache-control', 'no-store');
      const { email } = await invitations.accept(body.token, body.new_password);
      return { succeeded: true, email };
    },
  });
}
