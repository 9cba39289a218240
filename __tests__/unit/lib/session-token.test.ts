/** @jest-environment node */
import { signSessionToken, verifySessionToken } from '@/lib/session-token';
import { withAlteredSignature } from '../../shared/tamper';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const OTHER = 'another-secret-that-is-long-enough-for-hs256';
const claims = { uid: 7, libid: 1001, mexp: 1_900_000_000, guest: false };

describe('session token verification', () => {
  afterEach(() => jest.useRealTimers());

  it('accepts the same token again without losing a claim', async () => {
    const { token, jti } = await signSessionToken(claims, SECRET, 60);
    const first = await verifySessionToken(token, SECRET);
    const again = await verifySessionToken(token, SECRET);
    expect(first).toEqual({ ...claims, jti, exp: expect.any(Number), iat: expect.any(Number) });
    expect(again).toEqual(first);
  });

  it('refuses a token once it has expired, even one verified before', async () => {
    const { token } = await signSessionToken(claims, SECRET, 60);
    expect(await verifySessionToken(token, SECRET)).not.toBeNull();
    jest.useFakeTimers({ now: Date.now() + 61_000 });
    expect(await verifySessionToken(token, SECRET)).toBeNull();
  });

  it('refuses a token verified with another secret', async () => {
    const { token } = await signSessionToken(claims, SECRET, 60);
    expect(await verifySessionToken(token, SECRET)).not.toBeNull();
    expect(await verifySessionToken(token, OTHER)).toBeNull();
    expect(await verifySessionToken(withAlteredSignature(token), SECRET)).toBeNull();
  });

  it('follows a change of secret both ways (the imported key is always the current secret’s)', async () => {
    const signedWithSecret = (await signSessionToken(claims, SECRET, 60)).token;
    const signedWithOther = (await signSessionToken(claims, OTHER, 60)).token;
    expect(await verifySessionToken(signedWithSecret, SECRET)).not.toBeNull();
    expect(await verifySessionToken(signedWithOther, OTHER)).not.toBeNull();
    expect(await verifySessionToken(signedWithSecret, OTHER)).toBeNull();
    expect(await verifySessionToken(signedWithSecret, SECRET)).not.toBeNull();
    expect(await verifySessionToken(signedWithOther, SECRET)).toBeNull();
  });

  it('refuses every token when the secret is too short', async () => {
    const { token } = await signSessionToken(claims, SECRET, 60);
    expect(await verifySessionToken(token, 'short')).toBeNull();
    expect(await verifySessionToken(token, SECRET)).not.toBeNull();
  });
});
