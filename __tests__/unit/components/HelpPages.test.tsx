import '@testing-library/jest-dom';
import { screen, within } from '@testing-library/react';
import { FaqScreen } from '@/components/help/FaqScreen';
import { PrivacyScreen } from '@/components/help/PrivacyScreen';
import { TermsScreen } from '@/components/help/TermsScreen';
import { ServiceUnavailable } from '@/components/shell/ServiceUnavailable';
import { COOKIE, SESSION_COOKIE, STORAGE } from '@/lib/cookies';
import ErrorPage from '@/pages/_error';
import { renderWithTheme } from './render';

describe('the FAQ', () => {
  it('answers what members ask, by topic', () => {
    renderWithTheme(<FaqScreen sessionDays={30} cardPayments={false} />);
    for (const topic of ['Signing in', 'Reading', 'Favourites', 'When access ends', 'Languages', 'Translation', 'Privacy']) {
      expect(screen.getByRole('heading', { level: 2, name: topic })).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'On this page' })).toContainElement(screen.getByRole('link', { name: topic }));
    }
    expect(screen.getByText(/A sign-in lasts 30 days on a device/)).toBeInTheDocument();
    expect(screen.getByText(/This site does not take payments/)).toBeInTheDocument();
  });

  it('mentions renewing by card only where the site takes cards', () => {
    renderWithTheme(<FaqScreen sessionDays={30} cardPayments />);
    expect(screen.getByText(/Renew with a card/)).toBeInTheDocument();
  });
});

describe('the privacy policy', () => {
  it('lists every cookie and local storage value of SPEC §3, each with how long it is kept', () => {
    renderWithTheme(<PrivacyScreen sessionDays={30} cardPayments={false} />);
    const table = screen.getByRole('table', { name: 'Cookies and local storage' });
    const names = [SESSION_COOKIE, ...Object.values(COOKIE), ...Object.values(STORAGE)];
    for (const name of names) expect(within(table).getByText(name, { selector: 'code' })).toBeInTheDocument();
    for (const row of within(table).getAllByRole('row').slice(1)) {
      expect(within(row).getAllByRole('cell')[2].textContent).toMatch(/days|year|hours|log out|clear/);
    }
    expect(within(table).getByText('30 days, or until you log out.')).toBeInTheDocument();
    expect(within(table).getAllByText(/1 year/).length).toBeGreaterThan(0);
    expect(within(table).getByText('24 hours.')).toBeInTheDocument();
  });

  it('says what the servers keep and for how long, payments only where cards are taken', () => {
    const { unmount } = renderWithTheme(<PrivacyScreen sessionDays={30} cardPayments={false} />);
    const servers = screen.getByRole('table', { name: 'Stored on our servers' });
    expect(servers).toHaveTextContent('scrypt hash');
    expect(servers).not.toHaveTextContent('Card payments');
    expect(screen.getByText(/Both are deleted 1 year after they were sent/)).toBeInTheDocument();
    unmount();
    renderWithTheme(<PrivacyScreen sessionDays={30} cardPayments />);
    expect(screen.getByRole('table', { name: 'Stored on our servers' })).toHaveTextContent(/Card payments.*Stripe/);
  });
});

describe('the terms', () => {
  it('state the plan’s price and length only where cards are taken', () => {
    const { unmount } = renderWithTheme(<TermsScreen plan={{ name: 'Basic plan', days: 30, price: 'US$4.99' }} />);
    expect(screen.getByText(/the Basic plan costs US\$4\.99 and adds 30 days/)).toBeInTheDocument();
    unmount();
    renderWithTheme(<TermsScreen plan={null} />);
    expect(screen.getByText('This site does not take payments. Your library pays for your access.')).toBeInTheDocument();
  });
});

describe('error screens', () => {
  it.each([
    [404, 'We can’t find that page'],
    [503, 'We can’t reach the library right now'],
    [500, 'Something went wrong'],
  ])('show %i in the site’s words with ways on, never the error itself', (statusCode, title) => {
    renderWithTheme(<ErrorPage statusCode={statusCode} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
    expect(screen.getByText(`Error ${statusCode}`)).toBeInTheDocument();
    const ways = screen.getByRole('navigation', { name: 'Ways on' });
    expect(within(ways).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(ways).getByRole('link', { name: 'Help & support' })).toHaveAttribute('href', '/helpsupport');
  });

  it('take the status from the response', () => {
    expect(ErrorPage.getInitialProps?.({ res: { statusCode: 502 }, err: null } as never)).toEqual({ statusCode: 502 });
    expect(ErrorPage.getInitialProps?.({ err: Object.assign(new Error('x'), { statusCode: 500 }) } as never)).toEqual({ statusCode: 500 });
  });

  it('offer Try again during an outage', () => {
    renderWithTheme(<ServiceUnavailable />);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
