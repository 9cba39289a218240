import { z } from 'zod';
import { checkContactForm, checkSupportForm, CONTACT_FIELDS, HELP_FORM_LIMIT, SUPPORT_FIELDS, type FormCheck } from '@/lib/help-forms';
import { helpRequestAnswer, type HelpRequestAnswer } from '@/lib/wire';
import { resolveSession, type Session } from '../../auth/session';
import { HttpError } from '../../http/errors';
import { route, type RouteContext, type ServiceRoutes } from '../../http/handler';
import { addContactRequest, addSupportRequest, countRequest } from '../queries';

/**
 * Every field is a string; whether it is filled in and well formed is the shared check's to say, so the 400 answer
 * carries the form's own message word for word (the wrapper would prefix zod's with the field name).
 */
function formBody<F extends string>(fields: Record<F, { label: string; maxLength: number }>) {
  const shape = Object.fromEntries(
    Object.entries<{ label: string; maxLength: number }>(fields).map(([field, rule]) => [
      field,
      // A generous cap: the shared check gives the precise limit and its message; this only stops junk early.
      z.string().max(rule.maxLength * 4).optional().describe(`${rule.label} (required)`),
    ]),
  );
  return z.object(shape as Record<F, z.ZodOptional<z.ZodString>>);
}

const supportFormBody = formBody(SUPPORT_FIELDS);
const contactFormBody = formBody(CONTACT_FIELDS);

function accepted<F extends string>(check: FormCheck<F>): Record<F, string> {
  if (check.first) throw new HttpError(400, check.first.message, { field: check.first.field });
  return check.values;
}

async function throttle(scope: string, ctx: RouteContext<unknown, unknown>): Promise<void> {
  const count = await countRequest(scope, ctx.ip, HELP_FORM_LIMIT.windowMinutes * 60);
  if (count > HELP_FORM_LIMIT.requests) {
    throw new HttpError(429, 'You have sent several requests in a short time. Please wait a few minutes and try again.', {
      headers: { 'Retry-After': String(HELP_FORM_LIMIT.windowMinutes * 60) },
    });
  }
}

/**
 * The member behind a help request, when there is one. A stale token or a missing XSRF header only means the
 * request is not tied to an account: someone who cannot sign in is exactly who needs this form to work.
 */
async function memberOf(ctx: RouteContext<unknown, unknown>): Promise<Session | null> {
  return resolveSession(ctx.req, 'POST').catch(() => null);
}

/** What a help form answers: the request kept, or too many requests from one address. */
const HELP_FORM_RESPONSES = {
  200: { description: 'The request is kept', body: helpRequestAnswer },
  429: { description: 'Too many requests from this address; try again in a few minutes' },
};

/**
 * A help request to the library (SPEC §5): the support form, one handler behind both names it has on the wire (the
 * user service's addLibSup and the catalogue's librarySupport).
 */
const supportRequestRoute = (summary: string) =>
  route({
    summary,
    responses: HELP_FORM_RESPONSES,
    auth: 'none',
    forms: true,
    body: supportFormBody,
    async handler(ctx): Promise<HelpRequestAnswer> {
      const values = accepted(checkSupportForm(ctx.body));
      await throttle('help', ctx);
      const member = await memberOf(ctx);
      const row = await addSupportRequest({ ...values, libraryId: member?.claims.libid || null, userId: member?.claims.uid ?? null });
      return {
        status: 'success',
        message: `Thank you, ${values.name}. We have received your request and will reply to ${values.email}.`,
        id: row.id,
      };
    },
  });

/** A request from an organisation through /contact-us (SPEC §5): the user service's contactUs. */
const contactUsRoute = route({
  summary: 'A request from an organisation through /contact-us (SPEC §5)',
  responses: HELP_FORM_RESPONSES,
  auth: 'none',
  forms: true,
  body: contactFormBody,
  async handler(ctx): Promise<HelpRequestAnswer> {
    const values = accepted(checkContactForm(ctx.body));
    await throttle('contact', ctx);
    const row = await addContactRequest({
      emailId: values.emailId,
      userName: values.userName,
      message: values.Message,
      institutionName: values.institutionName,
      designation: values.desigination,
      mobile: values.mobile,
    });
    return {
      status: 'success',
      message: `Thank you, ${values.userName}. We have received your message and will reply to ${values.emailId}.`,
      id: row.id,
    };
  },
});

/** The help forms of the user service, /api/user/... */
export const helpRoutes: ServiceRoutes = {
  // One handler serves both forms (the accounts module once had its own addLibSup, which a spread silently replaced).
  addLibSup: { POST: supportRequestRoute('addLibSup: a help request to the library, as the support form (SPEC §5, §7)') },
  contactUs: { POST: contactUsRoute },
};

/** The support form as the catalogue service serves it (SPEC §7, catalogue service; its path is ours), tabled there. */
export const librarySupportRoutes: ServiceRoutes = {
  librarySupport: { POST: supportRequestRoute('Library support form submit: a help request from /helpsupport (SPEC §5)') },
};
