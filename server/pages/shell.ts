import type { ShellProps } from '@/lib/entities';
import type { Session } from '../auth/session';
import { findUserById } from '../user/queries';
import { cachedLibrary } from '../viewer';
import { libraryDetails } from '../user/present';

/** What the header and sidebar show for this session: the library's branding and the member's name. */
export async function shellProps(session: Session | null): Promise<ShellProps> {
  if (!session) return { signedIn: false, userName: '', library: null, hasPassword: false };
  const [user, library] = await Promise.all([
    // Read fresh: a name given or a password set a moment ago must show in the header at once (one key lookup).
    findUserById(session.claims.uid),
    cachedLibrary(session.claims.libid),
  ]);
  return {
    signedIn: true,
    userName: user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : '',
    library: library ? libraryDetails(library) : null,
    hasPassword: Boolean(user?.passwordHash),
  };
}
