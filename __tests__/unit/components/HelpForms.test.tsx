import '@testing-library/jest-dom';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ContactScreen } from '@/components/help/ContactScreen';
import { SupportScreen } from '@/components/help/SupportScreen';
import { renderWithTheme } from './render';

let received: { path: string; body: unknown }[] = [];
const SENT = () => HttpResponse.json({ status: 'success', message: 'Thank you, Asha Verma. We have received your request and will reply to asha@riverside.org.', id: 41 });
let answer: () => Response = SENT;
const server = setupServer(
  mswHttp.post('*/api/catalogue/librarySupport', async ({ request }) => {
    received.push({ path: 'librarySupport', body: await request.json() });
    return answer();
  }),
  mswHttp.post('*/api/user/contactUs', async ({ request }) => {
    received.push({ path: 'contactUs', body: await request.json() });
    return answer();
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  received = [];
});
afterEach(() => {
  server.resetHandlers();
  answer = SENT;
});
afterAll(() => server.close());

/** The message tied to a control, exactly as written (toHaveTextContent would fold the double space). */
function messageFor(control: HTMLElement): string | null {
  const id = (control.getAttribute('aria-describedby') ?? '').split(' ').find((part) => part.endsWith('-error'));
  // The element's whole text: the spec's message, letter for letter.
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

const support = (prefill = { name: '', email: '' }) =>
  renderWithTheme(<SupportScreen prefill={prefill} libraryName="Riverside Public Library" helpEmail="help@riverside.org" />);

describe('the support form (/helpsupport)', () => {
  it('shows every message when sent empty, marks the fields, focuses the first, and sends nothing', async () => {
    const user = userEvent.setup();
    support();
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const email = screen.getByLabelText('Email');
    expect(messageFor(email)).toBe('Email field is required');
    expect(messageFor(screen.getByLabelText('Name'))).toBe('Name field is required');
    expect(messageFor(screen.getByLabelText('Message'))).toBe('Message field is required');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.getByText('3 fields need your attention.')).toBeInTheDocument();
    expect(received).toEqual([]);
  });

  it("says 'Please enter a valid email address' and clears each message as it is fixed", async () => {
    const user = userEvent.setup();
    support();
    await user.type(screen.getByLabelText('Email'), 'asha@riverside');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(messageFor(screen.getByLabelText('Email'))).toBe('Please enter a valid email address');
    await user.type(screen.getByLabelText('Email'), '.org');
    expect(messageFor(screen.getByLabelText('Email'))).toBeNull();
    await user.type(screen.getByLabelText('Name'), 'Asha');
    expect(messageFor(screen.getByLabelText('Name'))).toBeNull();
    expect(screen.getByText('1 field needs your attention.')).toBeInTheDocument();
  });

  it('sends the trimmed fields through the library support form submit and shows the confirmation', async () => {
    const user = userEvent.setup();
    support();
    await user.type(screen.getByLabelText('Email'), '  asha@riverside.org ');
    await user.type(screen.getByLabelText('Name'), 'Asha Verma');
    await user.type(screen.getByLabelText('Message'), 'The reader shows a blank page.');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const done = await screen.findByRole('region', { name: 'Thank you, your request has been sent' });
    expect(received).toEqual([{ path: 'librarySupport', body: { email: 'asha@riverside.org', name: 'Asha Verma', message: 'The reader shows a blank page.' } }]);
    expect(done).toHaveTextContent('Thank you, Asha Verma. We have received your request and will reply to asha@riverside.org.');
    expect(done).toHaveTextContent('Your reference number is 41');
    expect(within(done).getByRole('heading')).toHaveFocus();
    await user.click(within(done).getByRole('button', { name: 'Send another request' }));
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('starts with a signed-in member’s name and email', () => {
    support({ name: 'Asha Verma', email: 'asha@riverside.org' });
    expect(screen.getByLabelText('Email')).toHaveValue('asha@riverside.org');
    expect(screen.getByLabelText('Name')).toHaveValue('Asha Verma');
  });

  it('puts the service’s 400 message under the field it names', async () => {
    answer = () => HttpResponse.json({ status: 400, message: 'Name field is required', field: 'name' }, { status: 400 });
    const user = userEvent.setup();
    support({ name: 'Asha', email: 'asha@riverside.org' });
    await user.type(screen.getByLabelText('Message'), 'Help');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await screen.findByText('Name field is required');
    expect(messageFor(screen.getByLabelText('Name'))).toBe('Name field is required');
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it.each([
    [() => HttpResponse.json({ status: 500, message: 'x' }, { status: 500 }), 'We could not send your message (Request failed with status code 500). Please try again.'],
    [() => HttpResponse.error(), 'We could not send your message (Network Error). Please try again.'],
    [() => HttpResponse.json({ status: 503, message: 'down' }, { status: 503 }), 'We can’t reach the help desk right now. Your message is still here; please try again in a few minutes.'],
    [
      () => HttpResponse.json({ status: 429, message: 'You have sent several requests in a short time. Please wait a few minutes and try again.' }, { status: 429 }),
      'You have sent several requests in a short time. Please wait a few minutes and try again.',
    ],
  ])('never shows a raw error, and keeps what was typed (%#)', async (reply, message) => {
    answer = reply;
    const user = userEvent.setup();
    support({ name: 'Asha', email: 'asha@riverside.org' });
    await user.type(screen.getByLabelText('Message'), 'Help');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Message')).toHaveValue('Help');
  });
});

describe('the contact-us form (/contact-us)', () => {
  beforeEach(() => {
    answer = () => HttpResponse.json({ status: 'success', message: 'Thank you, Grace Hopper. We have received your message and will reply to grace@harbourcity.org.', id: 7 });
  });

  it('shows all six messages word for word when sent empty', async () => {
    const user = userEvent.setup();
    renderWithTheme(<ContactScreen prefill={{ name: '', email: '' }} />);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(messageFor(screen.getByLabelText('Email'))).toBe('Email field is required');
    expect(messageFor(screen.getByLabelText('Name'))).toBe('Name field is required');
    expect(messageFor(screen.getByLabelText('Organization name'))).toBe('organization Name field is required');
    expect(messageFor(screen.getByLabelText('Designation'))).toBe('Desigination  field is required');
    expect(messageFor(screen.getByLabelText('Mobile number'))).toBe('Mobile number field is required');
    expect(messageFor(screen.getByLabelText('Message'))).toBe('Message field is required');
    expect(received).toEqual([]);
  });

  it('sends the spec’s field names and shows the confirmation', async () => {
    const user = userEvent.setup();
    renderWithTheme(<ContactScreen prefill={{ name: '', email: '' }} />);
    await user.type(screen.getByLabelText('Email'), 'grace@harbourcity.org');
    await user.type(screen.getByLabelText('Name'), 'Grace Hopper');
    await user.type(screen.getByLabelText('Organization name'), 'Harbour City Library');
    await user.type(screen.getByLabelText('Designation'), 'Head Librarian');
    await user.type(screen.getByLabelText('Mobile number'), '+44 20 7946 0018');
    await user.type(screen.getByLabelText('Message'), 'We have 4,000 members.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('region', { name: 'Thank you, your message has been sent' })).toHaveTextContent('Your reference number is 7');
    expect(received).toEqual([
      {
        path: 'contactUs',
        body: {
          emailId: 'grace@harbourcity.org',
          userName: 'Grace Hopper',
          institutionName: 'Harbour City Library',
          desigination: 'Head Librarian',
          mobile: '+44 20 7946 0018',
          Message: 'We have 4,000 members.',
        },
      },
    ]);
  });
});
