import { z } from 'zod';
import { route, type ServiceRoutes } from '../../http/handler';
import { HttpError } from '../../http/errors';
import { librariesForStaff, librariesInReach } from '../../context';
import { listAudit } from '../audit';
import { grantRole, listRoles, revokeRole } from '../roles';
import { emailField, id, listPageFields, pageField, pageSizeField } from '../schemas';

// What these routes answer on success (for /api/openapi.json and the contract check that holds every answer the
// API tests receive against them), written from the types their handlers return.

/** GET me */
const getMeBody = z.object({ status: z.string(), userId: z.number(), label: z.string(), operator: z.boolean(), libraryIds: z.array(z.number()) });

/** GET libraries */
const getLibrariesBody = z.object({ status: z.string(), libraries: z.array(z.object({ id: z.number(), name: z.string() })) });

/** GET roles */
const getRolesBody = z.object({
  status: z.string(),
  roles: z.array(z.object({
    userId: z.number(),
    email: z.string().nullable(),
    name: z.string(),
    role: z.enum(["staff", "operator"]),
    libraryId: z.number().nullable(),
  })),
});

/** POST roles */
const postRolesBody = z.object({ userId: z.number(), created: z.boolean(), status: z.string() });

/** DELETE roles */
const deleteRolesBody = z.object({ status: z.string() });

/** GET audit */
const getAuditBody = z.object({
  entries: z.array(z.object({
    target: z.string(),
    id: z.number(),
    at: z.string(),
    libraryId: z.number().nullable(),
    action: z.string(),
    actorUserId: z.number().nullable(),
    actorLabel: z.string(),
    before: z.unknown(),
    after: z.unknown(),
  })),
  ...listPageFields,
});

export const grantRoleBody = z
  .object({ email: emailField, role: z.enum(['operator', 'staff']), libraryId: id.optional() })
  .refine((body) => body.role === 'operator' || body.libraryId !== undefined, { message: 'is required for library staff', path: ['libraryId'] });
export const revokeRoleBody = z
  .object({ userId: id, role: z.enum(['operator', 'staff']), libraryId: id.optional() })
  .refine((body) => body.role === 'operator' || body.libraryId !== undefined, { message: 'is required for library staff', path: ['libraryId'] });
export const auditQuery = z.object({ libraryId: id.optional(), action: z.string().trim().max(60).optional(), page: pageField, pageSize: pageSizeField });

/** Who the console is talking to, and the roles and audit log (the foundation every console screen stands on). */
export const consoleRoutes: ServiceRoutes = {
  me: {
    GET: route({
      auth: 'staff',
      summary: 'The signed-in person’s console roles: operator (every library) or the libraries they are staff of',
      responses: { 200: { description: 'OK', body: getMeBody } },
      async handler({ staff }) {
        return { status: 'success', userId: staff.userId, label: staff.label, operator: staff.operator, libraryIds: staff.libraryIds };
      },
    }),
  },
  libraries: {
    GET: route({
      auth: 'staff',
      summary: 'The libraries this person manages (every library, for an operator)',
      responses: { 200: { description: 'OK', body: getLibrariesBody } },
      async handler({ staff }) {
        return { status: 'success', libraries: await librariesForStaff(librariesInReach(staff)) };
      },
    }),
  },
  roles: {
    GET: route({
      auth: 'staff',
      summary: 'Everyone with a console role (library staff see their libraries’ staff)',
      responses: { 200: { description: 'OK', body: getRolesBody } },
      async handler({ staff }) {
        return { status: 'success', roles: await listRoles(librariesInReach(staff)) };
      },
    }),
    POST: route({
      auth: 'staff',
      summary: 'Grants a role: operator (operators only) or staff of a library, to the account with this email (made if missing)',
      library: 'body.libraryId',
      responses: { 200: { description: 'OK', body: postRolesBody }, 403: { description: 'Refused: not allowed for this person or library' } },
      body: grantRoleBody,
      operator: true,
      async handler({ body, staff }) {
        const granted = await grantRole(staff, body.email, body.role, body.role === 'staff' ? body.libraryId! : null);
        return { status: 'success', ...granted };
      },
    }),
    DELETE: route({
      auth: 'staff',
      summary: 'Takes a console role away',
      responses: { 200: { description: 'OK', body: deleteRolesBody }, 403: { description: 'Refused: not allowed for this person or library' }, 404: { description: 'Not found, or not one this person may see' } },
      body: revokeRoleBody,
      operator: true,
      async handler({ body, staff }) {
        if (body.role === 'operator' && body.userId === staff.userId) throw new HttpError(400, 'userId: an operator cannot remove their own operator role', { field: 'userId' });
        const removed = await revokeRole(staff, body.userId, body.role, body.role === 'staff' ? body.libraryId! : null);
        if (!removed) throw new HttpError(404, 'No such role');
        return { status: 'success' };
      },
    }),
  },
  audit: {
    GET: route({
      auth: 'staff',
      summary: 'The audit log, newest first (library staff see their libraries’ rows)',
      library: 'query.libraryId',
      responses: { 200: { description: 'OK', body: getAuditBody }, 403: { description: 'Refused: not allowed for this person or library' } },
      query: auditQuery,
      async handler({ query, staff }) {
        return { status: 'success', ...(await listAudit({ libraries: librariesInReach(staff), ...query })) };
      },
    }),
  },
};

