/**
 * The support form (/helpsupport) and the contact-us form (/contact-us) of SPEC §5: field names as the wire spells
 * them, the messages word for word, and one validator each, run by the form before sending and by the service again.
 */
import { checkEmail, EMAIL_MAX_LENGTH, EMAIL_MESSAGES } from './email';

export const FORM_MESSAGES = {
  emailRequired: EMAIL_MESSAGES.required,
  emailInvalid: EMAIL_MESSAGES.invalid,
  nameRequired: 'Name field is required',
  messageRequired: 'Message field is required',
  institutionRequired: 'organization Name field is required',
  // Two spaces, as the spec writes it.
  designationRequired: 'Desigination  field is required',
  mobileRequired: 'Mobile number field is required',
  /** Not in the spec, which only asks for a number: one without 7 to 15 digits cannot be called back. */
  mobileInvalid: 'Please enter a valid mobile number',
} as const;

interface FieldRule {
  label: string;
  maxLength: number;
  required: string;
  kind?: 'email' | 'mobile';
}

export const SUPPORT_FIELDS = {
  email: { label: 'Email', maxLength: EMAIL_MAX_LENGTH, required: FORM_MESSAGES.emailRequired, kind: 'email' },
  name: { label: 'Name', maxLength: 100, required: FORM_MESSAGES.nameRequired },
  message: { label: 'Message', maxLength: 5000, required: FORM_MESSAGES.messageRequired },
} as const satisfies Record<string, FieldRule>;

/** Spelled as SPEC §5 spells them, `Message` and `desigination` included; in the order the form shows them. */
export const CONTACT_FIELDS = {
  emailId: { label: 'Email', maxLength: EMAIL_MAX_LENGTH, required: FORM_MESSAGES.emailRequired, kind: 'email' },
  userName: { label: 'Name', maxLength: 100, required: FORM_MESSAGES.nameRequired },
  institutionName: { label: 'Organization name', maxLength: 200, required: FORM_MESSAGES.institutionRequired },
  desigination: { label: 'Designation', maxLength: 100, required: FORM_MESSAGES.designationRequired },
  mobile: { label: 'Mobile number', maxLength: 20, required: FORM_MESSAGES.mobileRequired, kind: 'mobile' },
  Message: { label: 'Message', maxLength: 5000, required: FORM_MESSAGES.messageRequired },
} as const satisfies Record<string, FieldRule>;

export type SupportField = keyof typeof SUPPORT_FIELDS;
export type ContactField = keyof typeof CONTACT_FIELDS;
export type SupportForm = Record<SupportField, string>;
export type ContactForm = Record<ContactField, string>;

export interface FormCheck<F extends string> {
  /** Trimmed values, ready to store. */
  values: Record<F, string>;
  /** One message per field that is wrong, in form order. */
  errors: Partial<Record<F, string>>;
  /** The first wrong field, the one the service names in its 400 answer. */
  first: { field: F; message: string } | null;
}

const MOBILE_CHARACTERS = /^\+?[0-9 ()-]+$/;

function checkField(rule: FieldRule, raw: unknown): { value: string; error: string | null } {
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (value === '') return { value, error: rule.required };
  if (rule.kind === 'email') {
    const email = checkEmail(value);
    return { value: email.email, error: email.valid ? null : email.message };
  }
  if (value.length > rule.maxLength) return { value, error: `${rule.label} must be at most ${rule.maxLength} characters` };
  if (rule.kind === 'mobile') {
    const digits = value.replace(/\D/g, '').length;
    if (!MOBILE_CHARACTERS.test(value) || digits < 7 || digits > 15) return { value, error: FORM_MESSAGES.mobileInvalid };
  }
  return { value, error: null };
}

function checkForm<F extends string>(rules: Record<F, FieldRule>, input: Partial<Record<string, unknown>>): FormCheck<F> {
  const values = {} as Record<F, string>;
  const errors: Partial<Record<F, string>> = {};
  let first: FormCheck<F>['first'] = null;
  for (const field of Object.keys(rules) as F[]) {
    const { value, error } = checkField(rules[field], input[field]);
    values[field] = value;
    if (error) {
      errors[field] = error;
      first ??= { field, message: error };
    }
  }
  return { values, errors, first };
}

export function checkSupportForm(input: Partial<Record<string, unknown>>): FormCheck<SupportField> {
  return checkForm(SUPPORT_FIELDS, input);
}

export function checkContactForm(input: Partial<Record<string, unknown>>): FormCheck<ContactField> {
  return checkForm(CONTACT_FIELDS, input);
}

/** Help and contact requests are deleted this many days after they were sent (the privacy policy states it). */
export const HELP_REQUEST_RETENTION_DAYS = 365;

/** How many requests one sender may send in a window, so an open form cannot be used to flood the help desk. */
export const HELP_FORM_LIMIT = { requests: 5, windowMinutes: 10 } as const;
