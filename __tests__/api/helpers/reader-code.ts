import { readerCodeBody } from '../../shared/reader-code-body';
import { call, type TestApp } from './app';

/** A member's reader code for an issue, asked for with the body the web reader sends (SPEC §7 genCode). */
export async function readerCodeFor(app: TestApp, member: { id: number; library: number; token: string }, issueId: number): Promise<string> {
  const res = await call<{ code: string }>(app, '/api/user/genCode?isLib=1', { token: member.token, body: readerCodeBody(member.id, member.library, issueId) });
  if (res.status !== 200) throw new Error(`genCode answered ${res.status}`);
  return res.body.code;
}
