import { checkEmail, EMAIL_MESSAGES } from '@/lib/email';

const decode = (encoded: string) => Buffer.from(encoded, 'base64').toString('utf8');

describe('the email check (SPEC §5)', () => {
  it('accepts an ordinary address and returns it base64-encoded', () => {
    const result = checkEmail('reader@riverside.org');
    expect(result).toEqual({ valid: true, message: '', email: 'reader@riverside.org', encoded: 'cmVhZGVyQHJpdmVyc2lkZS5vcmc=' });
    expect(decode(result.encoded)).toBe('reader@riverside.org');
  });

  it('accepts the allowed characters before the at sign and sub-domains', () => {
    for (const email of ['first.last@example.org', 'a_b-c+tag%x@mail.school.example.co', 'X9@EXAMPLE.COM']) {
      const result = checkEmail(email);
      expect(result.valid).toBe(true);
      expect(decode(result.encoded)).toBe(email);
    }
  });

  it("refuses an address without an at sign with 'Please enter a valid email address'", () => {
    expect(checkEmail('reader.riverside.example')).toEqual({ valid: false, message: 'Please enter a valid email address', email: 'reader.riverside.example', encoded: '' });
    expect(checkEmail('reader@@example.com').valid).toBe(false);
  });

  it('refuses an address without a domain', () => {
    for (const email of ['reader@', 'reader@.com', 'reader@example', '@example.com', 'reader@example..com', 'reader@-example.com']) {
      expect(checkEmail(email)).toMatchObject({ valid: false, message: EMAIL_MESSAGES.invalid });
    }
  });

  it('takes an ending of 2 to 6 letters, and refuses 1 or 7', () => {
    expect(checkEmail('a@example.c')).toMatchObject({ valid: false, message: 'Please enter a valid email address' });
    expect(checkEmail('a@example.co').valid).toBe(true);
    expect(checkEmail('a@example.museum').valid).toBe(true);
    expect(checkEmail('a@example.museums')).toMatchObject({ valid: false, message: 'Please enter a valid email address' });
    // So the reserved .example domain (7 letters) is not an address here.
    expect(checkEmail('reader@riverside.example').valid).toBe(false);
    expect(checkEmail('a@example.c0m').valid).toBe(false);
  });

  it('refuses spaces inside an address but drops them around it', () => {
    expect(checkEmail('read er@example.com').valid).toBe(false);
    expect(checkEmail('reader@exam ple.com').valid).toBe(false);
    const padded = checkEmail('  reader@example.com \t');
    expect(padded).toMatchObject({ valid: true, email: 'reader@example.com' });
    expect(decode(padded.encoded)).toBe('reader@example.com');
  });

  it('refuses characters outside the allowed set, unicode included', () => {
    for (const email of ['jürgen@example.de', 'reader@exämple.com', '读者@例子.公司', 'reader@example.com\u200b', 'a<b>@example.com', 'a"b@example.com', 'a..b@example.com', '.a@example.com']) {
      expect(checkEmail(email)).toMatchObject({ valid: false, message: 'Please enter a valid email address', encoded: '' });
    }
  });

  it("answers 'Email field is required' for nothing, only spaces, or a value that is not text", () => {
    for (const value of ['', '   ', undefined, null, 42]) {
      expect(checkEmail(value)).toMatchObject({ valid: false, message: 'Email field is required', encoded: '' });
    }
  });

  it('refuses an address longer than 254 characters', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(10)}.com`;
    expect(long.length).toBeGreaterThan(254);
    expect(checkEmail(long).valid).toBe(false);
  });
});
