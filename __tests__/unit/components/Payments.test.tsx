import '@testing-library/jest-dom';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ValidateUserScreen } from '@/components/account/ValidateUserScreen';
import { PaymentFailedScreen } from '@/components/payments/PaymentFailedScreen';
import { PaymentSuccessScreen } from '@/components/payments/PaymentSuccessScreen';
import { STORAGE } from '@/lib/cookies';
import { signedInAnswer } from '../../shared/signed-in-answer';
import { renderWithTheme } from './render';

const accessUntil = '2027-03-14T10:00:00.000Z';
const paid = {
  status: 'Success',
  message: 'Payment received',
  accessUntil,
  ...signedInAnswer({ fname: 'Tom', lname: 'Okafor', uid: 2, uuid: 'u-2', email: 'tom@riverside.org', enddate: accessUntil, jwtoken: 'fresh-token' }),
};

let orders: unknown[] = [];
let checkouts: unknown[] = [];
let orderAnswer: () => Response = () => HttpResponse.json(paid);
const server = setupServer(
  mswHttp.post('*/api/user/order', async ({ request }) => {
    orders.push(await request.json());
    return orderAnswer();
  }),
  mswHttp.post('*/api/user/checkout', async ({ request }) => {
    checkouts.push(await request.json());
    return HttpResponse.json({ status: 501, message: 'Card payments are not offered on this site' }, { status: 501 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  orders = [];
  checkouts = [];
  orderAnswer = () => HttpResponse.json(paid);
  window.localStorage.clear();
});
afterAll(() => server.close());

describe('/paymentsuccess', () => {
  it('confirms the order (type 3) with the server, stores the fresh session and shows the new end of access', async () => {
    renderWithTheme(<PaymentSuccessScreen order="cs_test_000001" signedIn />);
    expect(screen.getByRole('heading', { name: 'Confirming your payment…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Payment received, thank you' })).toHaveFocus();
    expect(screen.getByText('Your access has been extended. You can read until 14 March 2027.')).toBeInTheDocument();
    expect(orders).toEqual([{ type: 3, order: 'cs_test_000001' }]);
    expect(window.localStorage.getItem(STORAGE.userToken)).toBe('fresh-token');
    expect(Number(window.localStorage.getItem(STORAGE.expiration))).toBe(Date.parse(accessUntil) / 1000);
    expect(screen.getByRole('link', { name: 'Start reading' })).toHaveAttribute('href', '/');
  });

  it('says the payment is not complete when the provider has not confirmed it (402)', async () => {
    orderAnswer = () => HttpResponse.json({ status: 402, message: 'The payment has not been completed' }, { status: 402 });
    renderWithTheme(<PaymentSuccessScreen order="cs_test_000002" signedIn />);
    expect(await screen.findByRole('heading', { name: 'Your payment has not been completed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/validate-user?type=2');
    expect(window.localStorage.getItem(STORAGE.userToken)).toBeNull();
  });

  it('shows a plain message with the spec’s error text when the check fails', async () => {
    orderAnswer = () => HttpResponse.error();
    renderWithTheme(<PaymentSuccessScreen order="cs_test_000003" signedIn />);
    expect(await screen.findByRole('heading', { name: 'We couldn’t confirm your payment yet' })).toBeInTheDocument();
    expect(screen.getByText(/\(Network Error\)/)).toBeInTheDocument();
  });

  it('asks nothing without a payment reference or a session', async () => {
    const { unmount } = renderWithTheme(<PaymentSuccessScreen order={null} signedIn />);
    expect(screen.getByRole('heading', { name: 'We couldn’t find this payment' })).toBeInTheDocument();
    // The confirmation is asked for from an effect: give one the time to reach the server before looking.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    unmount();
    renderWithTheme(<PaymentSuccessScreen order="cs_test_000004" signedIn={false} />);
    expect(screen.getByRole('heading', { name: 'Sign in to finish' })).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(orders).toEqual([]);
  });
});

describe('/paymentfailed', () => {
  it('says nothing was charged, and offers a retry only to a member who can pay', () => {
    const { unmount } = renderWithTheme(<PaymentFailedScreen canRetry />);
    expect(screen.getByRole('heading', { name: 'Your payment did not go through' })).toBeInTheDocument();
    expect(screen.getByText('You have not been charged, and your access has not changed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/validate-user?type=2');
    unmount();
    renderWithTheme(<PaymentFailedScreen canRetry={false} />);
    expect(screen.queryByRole('link', { name: 'Try again' })).not.toBeInTheDocument();
  });
});

describe('Renew with a card on /validate-user?type=2', () => {
  it('is not offered when the site takes no cards', () => {
    renderWithTheme(<ValidateUserScreen type={2} libraryName="Riverside Public Library" helpEmail="help@riverside.org" renew={null} />);
    expect(screen.queryByRole('button', { name: 'Renew with a card' })).not.toBeInTheDocument();
  });

  it('offers the plan, starts checkout for basicPlan, and explains a refusal', async () => {
    const user = userEvent.setup();
    renderWithTheme(
      <ValidateUserScreen type={2} libraryName="Riverside Public Library" helpEmail="help@riverside.org" renew={{ planName: 'Basic plan', days: 30, price: 'US$4.99' }} />,
    );
    expect(screen.getByText(/The Basic plan adds 30 days of reading for US\$4\.99/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Renew with a card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not start the payment. Card payments are not offered on this site');
    expect(checkouts).toEqual([{ page: 'basicPlan' }]);
  });

  it('is never offered to a member without a library (type 1)', () => {
    renderWithTheme(<ValidateUserScreen type={1} libraryName="" helpEmail="help@riverside.org" renew={{ planName: 'Basic plan', days: 30, price: 'US$4.99' }} />);
    expect(screen.queryByRole('button', { name: 'Renew with a card' })).not.toBeInTheDocument();
  });
});
