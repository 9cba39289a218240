import { clearSession, pathAfterLogout } from '@/lib/stored-session';

/**
 * Logs out: revokes the token on the server (best effort: a network failure must not keep the person
 * signed in here), clears storage and cookies, and returns where to go.
 */
export async function logout(currentPath: string): Promise<string> {
  try {
    // The user service (and axios) loads when someone logs out, not with every page.
    const { logoutOnServer } = await import('@/services/user');
    await logoutOnServer();
  } catch {
    // The token is cleared locally either way; the server refuses it once it expires.
  }
  clearSession();
  try {
    // Offline issues end with the session that downloaded them (issue 32); their code loads only now.
    const { clearDownloads } = await import('@/lib/offline');
    await clearDownloads();
  } catch {
    // Storage the browser refuses to open holds nothing to clear.
  }
  return pathAfterLogout(currentPath);
}
