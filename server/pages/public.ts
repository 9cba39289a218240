import type { GetServerSidePropsContext } from 'next';
import type { ShellProps } from '@/lib/entities';
import { VISITOR_OFFERS } from '@/lib/routes';
import type { Session } from '../auth/session';
import { isDatabaseOutage } from '../db/client';
import { pageSession } from './session';
import { shellProps } from './shell';

const ANONYMOUS_SHELL: ShellProps = { signedIn: false, userName: '', library: null, hasPassword: false, offers: VISITOR_OFFERS };

/**
 * The session and header of an open page whose content does not need the database (help, legal, payment
 * results): during an outage the page still shows, with a signed-out header, rather than the 503 screen.
 */
export async function publicShell(ctx: GetServerSidePropsContext): Promise<{ session: Session | null; shell: ShellProps }> {
  try {
    const session = await pageSession(ctx);
    return { session, shell: await shellProps(session) };
  } catch (error) {
    if (!isDatabaseOutage(error)) throw error;
    return { session: null, shell: ANONYMOUS_SHELL };
  }
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
