import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { EmailScreen } from '@/components/account/EmailScreen';
import { FullNameScreen } from '@/components/account/FullNameScreen';
import { LoginScreen } from '@/components/account/LoginScreen';
import { OtpScreen } from '@/components/account/OtpScreen';
import { renderWithTheme } from './render';

const calls: string[] = [];
const server = setupServer(
  mswHttp.post('*/api/user/verifyotp', () => {
    calls.push('verifyotp');
    return HttpResponse.json({ status: 401, message: 'That code is not right. Please check it and try again.', field: 'otp' }, { status: 401 });
  }),
  mswHttp.post('*/api/user/sendotp', () => {
    calls.push('sendotp');
    return HttpResponse.json({ status: 'Success', message: 'sent', expiresIn: 600, resendAfter: 30 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  calls.length = 0;
});
afterAll(() => server.close());

describe('/login', () => {
  it('offers the ways the library allows, and only those', () => {
    renderWithTheme(
      <LoginScreen
        libraryName="Eastgate College Library"
        guestLibraryId={4001}
        guestAvailable={false}
        ways={{ email: true, mobile: false, card: '/login/librarycard?lib=4001', sso: null }}
        libQuery="?lib=4001"
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with your library card' })).toHaveAttribute('href', '/login/librarycard?lib=4001');
    expect(screen.getByRole('link', { name: 'Continue with email' })).toHaveAttribute('href', '/login/email?lib=4001');
    expect(screen.queryByRole('link', { name: 'Continue with mobile number' })).toBeNull();
    expect(screen.queryByRole('link', { name: /library account/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue as guest' })).toBeNull();
  });

  it('names the library on its own single sign-on', () => {
    renderWithTheme(<LoginScreen libraryName="Lakeside University" guestLibraryId={9} guestAvailable ways={{ email: false, mobile: true, card: null, sso: '/login/sso?lib=9' }} libQuery="?lib=9" />);
    expect(screen.getByRole('link', { name: 'Sign in with your Lakeside University account' })).toHaveAttribute('href', '/login/sso?lib=9');
    expect(screen.getByRole('link', { name: 'Continue with mobile number' })).toHaveAttribute('href', '/login/linkmobile?lib=9');
    expect(screen.getByRole('button', { name: 'Continue as guest' })).toBeInTheDocument();
  });
});

describe('/login/email', () => {
  it('checks the address in the browser with the spec’s message, without asking the server', async () => {
    renderWithTheme(<EmailScreen libid={null} link={false} initialEmail="" ways={{ code: true, password: true }} />);
    const field = screen.getByLabelText('Email address');
    await userEvent.type(field, 'reader@nowhere');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Please enter a valid email address');
    expect(calls).toEqual([]);
  });

  it('offers only what the library chose: the code alone, or the password alone', () => {
    const { unmount } = renderWithTheme(<EmailScreen libid={5} link={false} initialEmail="" ways={{ code: true, password: false }} />);
    expect(screen.getByRole('button', { name: 'Email me a code' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with my password' })).toBeNull();
    unmount();
    renderWithTheme(<EmailScreen libid={5} link={false} initialEmail="" ways={{ code: false, password: true }} />);
    expect(screen.getByRole('button', { name: 'Sign in with my password' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Email me a code' })).toBeNull();
  });
});

describe('/login/verify/emailotp', () => {
  const props = { channel: 'email' as const, address: { email: 'a@b.org' }, shownAs: 'a@b.org', libid: null, link: false, next: null, resendAfter: 0 };

  it('asks for six digits before sending anything', async () => {
    renderWithTheme(<OtpScreen {...props} />);
    await userEvent.type(screen.getByLabelText('Sign-in code'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Sign-in code')).toHaveAccessibleDescription('Please enter the 6-digit code we sent you');
    expect(calls).toEqual([]);
  });

  it('shows the server’s words for a wrong code', async () => {
    renderWithTheme(<OtpScreen {...props} />);
    await userEvent.type(screen.getByLabelText('Sign-in code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right. Please check it and try again.');
    expect(calls).toEqual(['verifyotp']);
  });

  it('lets the person ask for a new code only after 30 seconds', async () => {
    jest.useFakeTimers();
    try {
      renderWithTheme(<OtpScreen {...props} resendAfter={30} />);
      const resend = screen.getByRole('button', { name: 'Send a new code' });
      expect(resend).toBeDisabled();
      expect(screen.getByText('You can ask for a new code in 30 seconds.')).toBeInTheDocument();
      for (let i = 0; i < 30; i += 1) {
        await act(async () => {
          jest.advanceTimersByTime(1000);
        });
      }
      expect(resend).toBeEnabled();
    } finally {
      jest.useRealTimers();
    }
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(calls).toEqual(['sendotp']));
    expect(await screen.findByRole('status')).toHaveTextContent('We have emailed you a new code. The earlier one no longer works.');
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
  });
});

describe('/update/fullName', () => {
  it('is open to a visitor (SPEC §2), who is asked to sign in first and offered no form', () => {
    renderWithTheme(<FullNameScreen signedIn={false} />);
    expect(screen.getByRole('heading', { level: 1, name: 'What should we call you?' })).toBeInTheDocument();
    expect(screen.getByText('Sign in first, so your name is saved to your own account.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
  });

  it('asks a signed-in member for their name, filled in with the one they have', () => {
    renderWithTheme(<FullNameScreen signedIn firstName="Asha" lastName="Verma" />);
    expect(screen.getByRole('heading', { level: 1, name: 'What should we call you?' })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Asha');
    expect(screen.getByLabelText('Last name (optional)')).toHaveValue('Verma');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});
