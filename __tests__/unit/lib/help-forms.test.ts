import { checkContactForm, checkSupportForm, FORM_MESSAGES } from '@/lib/help-forms';

describe('form messages (SPEC §5), word for word', () => {
  it('are the spec’s own words, including the two spaces in the designation message', () => {
    expect(FORM_MESSAGES).toMatchObject({
      emailRequired: 'Email field is required',
      emailInvalid: 'Please enter a valid email address',
      nameRequired: 'Name field is required',
      messageRequired: 'Message field is required',
      institutionRequired: 'organization Name field is required',
      designationRequired: 'Desigination  field is required',
      mobileRequired: 'Mobile number field is required',
    });
    expect(FORM_MESSAGES.designationRequired).toContain('Desigination  field');
  });
});

describe('the support form check', () => {
  it('names every empty field with its message', () => {
    const result = checkSupportForm({});
    expect(result.errors).toEqual({
      email: 'Email field is required',
      name: 'Name field is required',
      message: 'Message field is required',
    });
    expect(result.first).toEqual({ field: 'email', message: 'Email field is required' });
  });

  it('treats spaces as empty and refuses an invalid email', () => {
    const result = checkSupportForm({ email: 'not-an-address', name: '   ', message: 'Help' });
    expect(result.errors).toEqual({ email: 'Please enter a valid email address', name: 'Name field is required' });
  });

  it('passes a filled-in form with trimmed values', () => {
    const result = checkSupportForm({ email: ' reader@riverside.org ', name: ' Asha Verma ', message: '  The reader will not open.  ' });
    expect(result.first).toBeNull();
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ email: 'reader@riverside.org', name: 'Asha Verma', message: 'The reader will not open.' });
  });

  it('refuses a message over 5000 characters, saying so', () => {
    const result = checkSupportForm({ email: 'a@example.com', name: 'A', message: 'x'.repeat(5001) });
    expect(result.errors).toEqual({ message: 'Message must be at most 5000 characters' });
  });
});

describe('the contact-us form check', () => {
  it('names every empty field with the spec’s message', () => {
    const result = checkContactForm({});
    expect(result.errors).toEqual({
      emailId: 'Email field is required',
      userName: 'Name field is required',
      Message: 'Message field is required',
      institutionName: 'organization Name field is required',
      desigination: 'Desigination  field is required',
      mobile: 'Mobile number field is required',
    });
  });

  it('uses the same email rules as the support form', () => {
    expect(checkContactForm({ emailId: 'someone@example' }).errors.emailId).toBe('Please enter a valid email address');
  });

  it('asks for a mobile number that can be called back', () => {
    for (const mobile of ['12345', 'call me', '020 7946 0018 x4', '1234567890123456']) {
      expect(checkContactForm({ mobile }).errors.mobile).toBe('Please enter a valid mobile number');
    }
    for (const mobile of ['+44 20 7946 0018', '(020) 7946-0018', '9876543210']) {
      expect(checkContactForm({ mobile }).errors.mobile).toBeUndefined();
    }
  });

  it('passes a filled-in form', () => {
    const result = checkContactForm({
      emailId: 'head@harbourcity.org',
      userName: 'Grace Hopper',
      Message: 'We have 4,000 members.',
      institutionName: 'Harbour City Library',
      desigination: 'Head Librarian',
      mobile: '+44 20 7946 0018',
    });
    expect(result.first).toBeNull();
  });
});
