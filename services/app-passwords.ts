import type { AppPasswordList, AppPasswordView } from '@/lib/wire';
import { http } from './http';
import { SERVICE_URL } from './keys';

const user = (path: string) => `${SERVICE_URL.user}/${path}`;

export async function listAppPasswords(): Promise<AppPasswordList> {
  const { data } = await http.get<AppPasswordList>(user('appPasswords'));
  return data;
}

export async function createAppPassword(name: string): Promise<{ login: string; appPassword: AppPasswordView & { password: string } }> {
  const { data } = await http.post<{ login: string; appPassword: AppPasswordView & { password: string } }>(user('appPasswords'), { name });
  return data;
}

export async function revokeAppPassword(id: number): Promise<void> {
  await http.delete(user(`appPasswords/${id}`));
}
