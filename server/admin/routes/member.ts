import { z } from 'zod';
import { accessCodeRow, memberRow } from '@/lib/wire';
import { HttpError } from '../../http/errors';
import { route, type ServiceRoutes } from '../../http/handler';
import { accessCodeUsesOf, createAccessCode, listAccessCodes, revokeAccessCode } from '../access-codes';
import { addMember, commitImport, deleteMember, endOfDay, findMembers, previewImport, setMembershipEnd } from '../members';
import { emailField, id, listPageFields, pageField, pageSizeField, searchField } from '../schemas';

// What these routes answer on success (for /api/openapi.json and the contract check that holds every answer the
// API tests receive against them), written from the types their handlers return.

/** GET libraries/:libraryId/members */
const getLibrariesLibraryIdMembersBody = z.object({
  members: z.array(memberRow),
  ...listPageFields,
});

/** POST libraries/:libraryId/members */
const postLibrariesLibraryIdMembersBody = z.object({
  status: z.string(),
  member: memberRow,
});

/** PUT libraries/:libraryId/members/:userId: the same answer as postLibrariesLibraryIdMembersBody. */
const putLibrariesLibraryIdMembersUserIdBody = postLibrariesLibraryIdMembersBody;

/** DELETE libraries/:libraryId/members/:userId */
const deleteLibrariesLibraryIdMembersUserIdBody = z.object({ userId: z.number(), removed: z.record(z.string(), z.number()), status: z.string() });

/** POST libraries/:libraryId/members/:userId/end: the same answer as postLibrariesLibraryIdMembersBody. */
const postLibrariesLibraryIdMembersUserIdEndBody = postLibrariesLibraryIdMembersBody;

/** POST libraries/:libraryId/member-import/preview */
const postLibrariesLibraryIdMemberImportPreviewBody = z.object({
  summary: z.object({ rows: z.number(), add: z.number(), change: z.number(), unchanged: z.number(), refuse: z.number() }),
  rows: z.array(z.object({
    line: z.number(),
    identifier: z.string(),
    name: z.string(),
    endDate: z.string(),
    outcome: z.enum(["add", "change", "unchanged", "refuse"]),
    reason: z.string(),
  })),
  status: z.string(),
});

/** POST libraries/:libraryId/member-import: the same answer as postLibrariesLibraryIdMemberImportPreviewBody. */
const postLibrariesLibraryIdMemberImportBody = postLibrariesLibraryIdMemberImportPreviewBody;

/** GET libraries/:libraryId/access-codes */
const getLibrariesLibraryIdAccessCodesBody = z.object({
  codes: z.array(accessCodeRow),
  ...listPageFields,
});

/** POST libraries/:libraryId/access-codes */
const postLibrariesLibraryIdAccessCodesBody = z.object({
  status: z.string(),
  code: accessCodeRow,
});

/** GET libraries/:libraryId/access-codes/:codeId */
const getLibrariesLibraryIdAccessCodesCodeIdBody = z.object({
  code: accessCodeRow,
  uses: z.array(z.object({
    usedAt: z.string(),
    userId: z.number().nullable(),
    email: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
  })),
  status: z.string(),
});

/** DELETE libraries/:libraryId/access-codes/:codeId: the same answer as postLibrariesLibraryIdAccessCodesBody. */
const deleteLibrariesLibraryIdAccessCodesCodeIdBody = postLibrariesLibraryIdAccessCodesBody;

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'is not a real date');
const name = z.string().trim().max(100);

export const libraryParams = z.object({ libraryId: id });
export const memberQuery = z.object({ q: searchField, page: pageField, pageSize: pageSizeField });
export const addMemberBody = z
  .object({
    email: emailField.optional(),
    mobile: z.string().trim().regex(/^\+?\d{6,15}$/, 'must be a mobile number in digits').optional(),
    cardNumber: z.string().trim().regex(/^[A-Za-z0-9-]{3,32}$/, 'must be 3 to 32 letters, digits or dashes').optional(),
    firstName: name.default(''),
    lastName: name.default(''),
    endDate: isoDate,
  })
  .refine((body) => body.email || body.mobile || body.cardNumber, { message: 'give an email, a mobile number or a card number', path: ['email'] });
export const endDateBody = z.object({ endDate: isoDate });
export const importBody = z.object({ csv: z.string().min(1, 'is empty').max(4 * 1024 * 1024) });
export const accessCodeBody = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{4,40}$/, 'must be 4 to 40 letters, digits or dashes')
    .optional(),
  days: z.coerce.number().int().min(1).max(3650),
  useLimit: z.coerce.number().int().min(1).max(1_000_000),
  expiresOn: isoDate.optional(),
});

/** 4 MB of CSV: 10,000 members with long names fit several times over. */
const CSV_BODY_LIMIT = 5 * 1024 * 1024;

function userOf(params: Record<string, string>): number {
  const parsed = id.safeParse(params.userId);
  if (!parsed.success) throw new HttpError(400, 'userId: must be a member id', { field: 'userId' });
  return parsed.data;
}

function codeOf(params: Record<string, string>): number {
  const parsed = id.safeParse(params.codeId);
  if (!parsed.success) throw new HttpError(400, 'codeId: must be an access code id', { field: 'codeId' });
  return parsed.data;
}

/** Members and access codes of one library: staff of that library and operators. */
export const memberRoutes: ServiceRoutes = {
  'libraries/:libraryId/members': {
    GET: route({
      auth: 'staff',
      library: 'libraryId',
      summary: 'A page of a library’s members, found by name, email, mobile or card number',
      responses: { 200: { description: 'OK', body: getLibrariesLibraryIdMembersBody }, 403: { description: 'Refused: not allowed for this person or library' } },
      query: memberQuery,
      async handler({ query, libraryId }) {
        return { status: 'success', ...(await findMembers(libraryId, query.q, query.page, query.pageSize)) };
      },
    }),
    POST: route({
      auth: 'staff',
      library: 'libraryId',
      summary: 'Adds one member (an email, mobile or card number; the account is made when there is none)',
      responses: { 200: { description: 'OK', body: postLibrariesLibraryIdMembersBody }, 403: { description: 'Refused: not allowed for this person or library' }, 409: { description: 'In conflict with what is already stored' } },
      body: addMemberBody,
      async handler({ body, staff, libraryId }) {
        const member = await addMember(staff, libraryId, { ...body, expiresAt: endOfDay(body.endDate) });
        return { status: 'success', member };
      },
    }),
  },
  'libraries/:libraryId/members/:userId': {
    PUT: route({
      auth: 'staff',
      library: 'libraryId',
      summary: 'Moves a membership’s end date (a member moved into the future reads again at once)',
      responses: { 200: { description: 'OK', body: putLibrariesLibraryIdMembersUserIdBody }, 403: { description: 'Refused: not allowed for this person or library' }, 404: { description: 'Not found, or not one this person may see' } },
      body: endDateBody,
      async handler({ params, body, staff, libraryId }) {
        return { status: 'success', member: await setMembershipEnd(staff, libraryId, userOf(params), endOfDay(body.endDate), 'member.end_date') };
      },
    }),
    DELETE: route({
      auth: 'staff',
      library: 'libraryId',
      summary: 'Deletes a member’s account and what is tied to it (as npm run delete-account does)',
      responses: { 200: { description: 'OK', body: deleteLibrariesLibraryIdMembersUserIdBody }, 403: { description: 'Refused: not allowed for this person or library' }, 404: { description: 'Not found, or not one this person may see' } },
      async handler({ params, staff, libraryId }) {
        const deleted = await deleteMember(staff, libraryId, userOf(params));
        return { status: 'success', ...deleted };
      },
    }),
  },
  'libraries/:libraryId/members/:userId/end': {
    POST: route({
      auth: 'staff',
      library: 'libraryId',
      summary: 'Ends a membership now (the account stays)',
      responses: { 200: { description: 'OK', body: postLibrariesLibraryIdMembersUserIdEndBody }, 403: { description: 'Refused: not allowed for this person or library' }, 404: { description: 'Not found, or not one this person may see' } },
      async handler({ params, staff, libraryId }) {
        return { status: 'success', member: await setMembershipEnd(staff, libraryId, userOf(params), new Date(), 'member.end') };
      },
    }),
  },
  'libraries/:libraryId/member-import/preview': {
    POST: route({
      auth: 'staff',
      library: 'libraryId',
      summary: 'What importing a CSV of members (email or card number, name, end date) would do, row by row; writes nothing',
      responses: { 200: { description: 'OK', body: postLibrariesLibraryIdMemberImportPreviewBody }, 403: { description: 'Refused: not allowed for this person or library' } },
      body: importBody,
      bodyLimit: CSV_BODY_LIMIT,
      async handler({ body, libraryId }) {
        return { status: 'success', ...(await previewImport(libraryId, body.csv)) };
      },
    }),
  },
  'libraries/:libraryId/member-import': {
    POST: route({
      auth: 'staff',
      library: 'libraryId',
      summary: 'Imports a CSV of members in one transaction; answers the same per-row report as the preview',
      responses: { 200: { description: 'OK', body: postLibrariesLibraryIdMemberImportBody }, 403: { description: 'Refused: not allowed for this person or library' } },
      body: importBody,
      bodyLimit: CSV_BODY_LIMIT,
      async handler({ body, staff, libraryId }) {
        return { status: 'success', ...(await commitImport(staff, libraryId, body.csv)) };
      },
    }),
  },
  'libraries/:libraryId/access-codes': {
    GET: route({
      auth: 'staff',
      library: 'libraryId',
      summary: 'A library’s access codes with their uses',
      responses: { 200: { description: 'OK', body: getLibrariesLibraryIdAccessCodesBody }, 403: { description: 'Refused: not allowed for this person or library' } },
      query: z.object({ page: pageField, pageSize: pageSizeField }),
      async handler({ query, libraryId }) {
        return { status: 'success', ...(await listAccessCodes(libraryId, query.page, query.pageSize)) };
      },
    }),
    POST: route({
      auth: 'staff',
      library: 'libraryId',
      summary: 'Creates an access code with a use limit and an expiry (the code is made up when not given)',
      responses: { 200: { description: 'OK', body: postLibrariesLibraryIdAccessCodesBody }, 403: { description: 'Refused: not allowed for this person or library' }, 409: { description: 'In conflict with what is already stored' } },
      body: accessCodeBody,
      async handler({ body, staff, libraryId }) {
        const code = await createAccessCode(staff, libraryId, { code: body.code, days: body.days, useLimit: body.useLimit, expiresAt: body.expiresOn ? endOfDay(body.expiresOn) : null });
        return { status: 'success', code };
      },
    }),
  },
  'libraries/:libraryId/access-codes/:codeId': {
    GET: route({
      auth: 'staff',
      library: 'libraryId',
      summary: 'An access code and who used it when',
      responses: { 200: { description: 'OK', body: getLibrariesLibraryIdAccessCodesCodeIdBody }, 403: { description: 'Refused: not allowed for this person or library' }, 404: { description: 'Not found, or not one this person may see' } },
      async handler({ params, libraryId }) {
        return { status: 'success', ...(await accessCodeUsesOf(libraryId, codeOf(params))) };
      },
    }),
    DELETE: route({
      auth: 'staff',
      library: 'libraryId',
      summary: 'Revokes an access code: no one can use it from now on',
      responses: { 200: { description: 'OK', body: deleteLibrariesLibraryIdAccessCodesCodeIdBody }, 403: { description: 'Refused: not allowed for this person or library' }, 404: { description: 'Not found, or not one this person may see' } },
      async handler({ params, staff, libraryId }) {
        return { status: 'success', code: await revokeAccessCode(staff, libraryId, codeOf(params)) };
      },
    }),
  },
};

/** The libraries the console lets this person manage (all, for an operator). */
