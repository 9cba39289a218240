import { call, type TestApp } from './app';

/** A member's reader code for an issue, asked for as the web reader asks (SPEC §3 genCode). */
export async function readerCodeFor(app: TestApp, member: { id: number; library: number; token: string }, issueId: number): Promise<string> {
  const res = await call<{ code: string }>(app, '/api/user/genCode?isLib=1', {
    token: member.token,
    body: { user_id: member.id, issue: issueId, lib_id: member.library, ageRating: 5, readtype: 'reader', store_id: 1, user_con: 'IN', userLang: 'en', purType: 1, isnews: 0, device: 'web', clvr: 't', 'Is Gold': 1 },
  });
  if (res.status !== 200) throw new Error(`genCode answered ${res.status}`);
  return res.body.code;
}
