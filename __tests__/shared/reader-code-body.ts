/**
 * SPEC §7 reader code call, written out by hand once: the body the browser sends (__tests__/unit/services/reader.test.ts
 * expects exactly this) and the server takes (__tests__/api/reader-code.test.ts sends it), so the two cannot drift apart.
 */
export function readerCodeBody(userId: number, libraryId: number, issueId: number, overrides: Record<string, unknown> = {}) {
  return {
    user_id: userId,
    issue: issueId,
    store_id: 1,
    user_con: 'IN',
    readtype: 'reader',
    userLang: 'en',
    purType: 1,
    isnews: 0,
    ageRating: 5,
    device: 'web',
    clvr: 'web-1',
    lib_id: libraryId,
    'Is Gold': 1,
    ...overrides,
  };
}
