import type { ShellProps } from '@/lib/wire';
import { offersOf, VISITOR_OFFERS } from '@/lib/navigation';
import type { Session } from '../auth/session';
import type { Library } from '../db/schema';
import { libraryDetails } from '../user/present';
import { cachedLibrary } from './viewer';

/** The header of a visitor: signed out, no library. */
export const VISITOR_SHELL: ShellProps = { signedIn: false, userName: '', library: null, hasPassword: false, offers: VISITOR_OFFERS };

/** The header of a visitor reading under a public library's branding (the open /q/temp catalogue). */
export function visitorShellOf(library: Library | null): ShellProps {
  return { ...VISITOR_SHELL, library: library ? libraryDetails(library) : null };
}

/** What the header and sidebar show for this session: the library's branding, the member's name, the links its flags offer. */
export async function shellProps(session: Session | null): Promise<ShellProps> {
  if (!session) return { ...VISITOR_SHELL };
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

/** A signed-in member's name and email for a form to start with; nothing for guests, who have neither. */
export function memberContact(session: Session | null): { name: string; email: string } {
  if (!session || session.claims.guest) return { name: '', email: '' };
  const { user } = session;
  return { name: user ? [user.firstName, user.lastName].filter(Boolean).join(' ') : '', email: user?.email ?? '' };
}

/** The help address: the member's library's, or the site's. */
export function helpEmailFor(shell: ShellProps): string {
  return shell.library?.supportEmail || process.env.NEXT_PUBLIC_HELP_EMAIL || 'help@library-reader.example';
}
