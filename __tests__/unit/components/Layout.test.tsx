import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Layout } from '@/components/layout/Layout';
import { renderWithTheme } from './render';

const router = { asPath: '/', push: jest.fn(() => Promise.resolve(true)), prefetch: jest.fn(() => Promise.resolve()) };
jest.mock('next/router', () => ({ useRouter: () => router }));

beforeEach(() => {
  router.push.mockClear();
  router.prefetch.mockClear();
});

describe('Layout', () => {
  it('puts a Skip to content link first, pointing at the focusable main landmark', async () => {
    const user = userEvent.setup();
    renderWithTheme(
      <Layout header={<header>Site header</header>}>
        <h1>Home</h1>
      </Layout>,
    );
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main');
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'main');
    expect(main).toHaveAttribute('tabindex', '-1');
    expect(main).toContainElement(screen.getByRole('heading', { name: 'Home' }));
  });

  it('renders the header and sidebar it is given and a footer with the help and legal links', () => {
    renderWithTheme(
      <Layout header={<header>Site header</header>} sidebar={<div>Sidebar here</div>}>
        <p>Body</p>
      </Layout>,
    );
    expect(screen.getByText('Site header')).toBeInTheDocument();
    expect(screen.getByText('Sidebar here')).toBeInTheDocument();
    const footer = screen.getByRole('navigation', { name: 'Footer' });
    const hrefs = Array.from(footer.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/faq', '/helpsupport', '/contact-us', '/terms-and-conditions', '/privacy-policy', '/accessibility']);
  });

  it('navigates its plain links in the app with one listener, prefetching on approach, and leaves the skip link to the browser', async () => {
    const user = userEvent.setup();
    const cardHref = '/magazine/1001';
    renderWithTheme(
      <Layout header={<header>Site header</header>}>
        <a href={cardHref}>A card</a>
      </Layout>,
    );
    const faq = screen.getByRole('link', { name: 'FAQ' });
    await user.hover(faq);
    expect(router.prefetch).toHaveBeenCalledWith('/faq');
    await user.click(faq);
    expect(router.push).toHaveBeenCalledWith('/faq');
    await user.click(screen.getByRole('link', { name: 'A card' }));
    expect(router.push).toHaveBeenLastCalledWith('/magazine/1001');
    router.push.mockClear();
    await user.click(screen.getByRole('link', { name: 'Skip to content' }));
    expect(router.push).not.toHaveBeenCalled();
  });
});
