import type { ShellProps } from '@/lib/entities';
import { offersOf, VISITOR_OFFERS } from '@/lib/routes';
import type { Session } from '../auth/session';
import { cachedLibrary } from '../viewer';
import { libraryDetails } from '../user/present';

/** What the header and sidebar show for this session: the library's branding, the member's name, the links its flags offer. */
export async function shellProps(session: Session | null): Promise<ShellProps> {
  if (!session) return { signedIn: false, userName: '', library: null, hasPassword: false, offers: VISITOR_OFFERS };
  // The row the session check read: a name given or a password set in this process shows at once (updateUser forgets the kept row).
  const { user } = session;
  const library = await cachedLibrary(session.claims.libid);
  return {
    signedIn: true,
    userName: user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : '',
    library: library ? libraryDetails(library) : null,
    hasPassword: Boolean(user?.passwordHash),
    offers: offersOf(library),
  };
}
