import type { ContactForm, SupportForm } from '@/lib/help-forms';
import type { HelpRequestAnswer } from '@/lib/wire';
import { http } from './http';
import { SERVICE_URL } from './keys';

/** The support form (/helpsupport) through the library support form submit. */
export async function sendSupportRequest(form: SupportForm): Promise<HelpRequestAnswer> {
  const { data } = await http.post<HelpRequestAnswer>(`${SERVICE_URL.catalogue}/librarySupport`, form);
  return data;
}

/** addLibSup: the same request through the user service. */
export async function addLibSup(form: SupportForm): Promise<HelpRequestAnswer> {
  const { data } = await http.post<HelpRequestAnswer>(`${SERVICE_URL.user}/addLibSup`, form);
  return data;
}

/** The contact-us form (/contact-us). */
export async function sendContactRequest(form: ContactForm): Promise<HelpRequestAnswer> {
  const { data } = await http.post<HelpRequestAnswer>(`${SERVICE_URL.user}/contactUs`, form);
  return data;
}
