import { http } from './http';
import { SERVICE_URL } from './keys';

/** An app password as My Account lists it: never the password itself, which is shown once when made. */
export interface AppPassword {
  id: number;
  name: string;
  /** Its last four characters. */
  hint: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface AppPasswordList {
  status: 'success';
  /** The user name reading apps take with an app password. */
  login: string;
  catalogues: Array<{ libraryId: number; name: string; url: string }>;
  syncServer: string;
  passwords: AppPassword[];
}

const user = (path: string) => `${SERVICE_URL.user}/${path}`;

export async function listAppPasswords(): Promise<AppPasswordList> {
  const { data } = await http.get<AppPasswordList>(user('appPasswords'));
  return data;
}

export async function createAppPassword(name: string): Promise<{ login: string; appPassword: AppPassword & { password: string } }> {
  const { data } = await http.post<{ login: string; appPassword: AppPassword & { password: string } }>(user('appPasswords'), { name });
  return data;
}

export async function revokeAppPassword(id: number): Promise<void> {
  await http.delete(user(`appPasswords/${id}`));
}
