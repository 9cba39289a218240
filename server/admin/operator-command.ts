import { findUserByEmail } from '../user/queries';
import type { Actor } from './audit';
import { grantRole, operatorSignInLink, revokeRole } from './roles';

/** How the audit log names a change made by `npm run operator`. */
export const COMMAND_LINE: Actor = { userId: null, label: 'npm run operator' };

/** `npm run operator -- add <email>`: the role, then a one-time link into the console through the partner-link sign-in. */
export async function addOperator(email: string, origin: string): Promise<{ userId: number; created: boolean; link: string }> {
  const granted = await grantRole(COMMAND_LINE, email, 'operator', null);
  return { ...granted, link: await operatorSignInLink(email, origin) };
}

export async function removeOperator(email: string): Promise<boolean> {
  const user = await findUserByEmail(email);
  return user ? revokeRole(COMMAND_LINE, user.id, 'operator', null) : false;
}
