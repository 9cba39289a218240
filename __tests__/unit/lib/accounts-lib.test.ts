import { COUNTRY_CODES, flagOf, maskMobile, toE164 } from '@/lib/country-codes';
import { checkEmail, decodeEmail, INVALID_EMAIL_MESSAGE } from '@/lib/email';
import { PASSWORD_MESSAGES, passwordProblem } from '@/lib/password-rules';
import { isCommonPassword } from '@/server/auth/common-passwords';

describe('email check (SPEC §5)', () => {
  it('returns a valid address base64-encoded, and decodes it lower-cased', () => {
    const result = checkEmail(' Reader@Riverside.Test ');
    expect(result).toEqual({ valid: true, message: '', email: 'Reader@Riverside.Test', encoded: btoa('Reader@Riverside.Test') });
    expect(decodeEmail(result.encoded)).toBe('reader@riverside.test');
  });

  it.each(['', 'plain', 'a@b', 'a@b.c', 'a@b.abcdefg', 'a b@c.org', 'a@-b.org', 'a@b..org', '<a>@b.org'])('refuses %p with the spec message', (value) => {
    expect(checkEmail(value)).toMatchObject({ valid: false, message: value === '' ? 'Email field is required' : INVALID_EMAIL_MESSAGE });
  });

  it.each(['a@b.co', 'first.last+tag@sub.domain.museum', 'x_y%z@ex-ample.org'])('accepts %p (an ending of 2 to 6 letters)', (value) => {
    expect(checkEmail(value).valid).toBe(true);
  });

  it('decodes nothing that is not a valid address', () => {
    expect(decodeEmail('%%%')).toBeNull();
    expect(decodeEmail(btoa('nope'))).toBeNull();
    expect(decodeEmail(undefined)).toBeNull();
  });
});

describe('country codes and mobile numbers', () => {
  it('lists entries with mobileCode, flag and store_id, India first', () => {
    expect(COUNTRY_CODES[0]).toEqual({ mobileCode: '+91', flag: '🇮🇳', store_id: 1, iso: 'IN', name: 'India' });
    expect(COUNTRY_CODES.find((c) => c.iso === 'GB')).toMatchObject({ mobileCode: '+44', store_id: 3 });
    expect(flagOf('us')).toBe('🇺🇸');
  });

  it('makes E.164 numbers from what people type, and refuses what cannot be a number', () => {
    expect(toE164('+91', '098765 43210')).toBe('+919876543210');
    expect(toE164('+44', '(07700) 900-123')).toBe('+447700900123');
    expect(toE164('+91', '12345')).toBeNull();
    expect(toE164('+91', 'call me')).toBeNull();
    expect(toE164('+999', '9876543210')).toBeNull();
    expect(toE164('+91', '1234567890123456')).toBeNull();
    expect(maskMobile('+919876543210')).toBe('+91 ••••••3210');
  });
});

describe('password rules', () => {
  it('needs at least 8 characters and at most 128', () => {
    expect(passwordProblem('seven77')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem('x'.repeat(129))).toBe(PASSWORD_MESSAGES.tooLong);
    expect(passwordProblem('eight888')).toBeNull();
  });

  it.each(['password', 'Password1', 'PASSWORD123!', 'qwertyuiop', 'iloveyou2024', '12345678', '98765432', 'aaaaaaaa', 'letmein!!', 'welcome2026'])('refuses the common %p', (value) => {
    expect(isCommonPassword(value)).toBe(true);
  });

  it.each(['reading-room-2026', 'correct horse battery', 'quokka lighthouse', '73915408'])('accepts the uncommon %p', (value) => {
    expect(isCommonPassword(value)).toBe(false);
  });
});
