import styled from 'styled-components';
import { media } from '@/styles/breakpoints';
import { theme } from '@/styles/theme';

export const FOOTER_LINKS = [
  { label: 'FAQ', href: '/faq' },
  { label: 'Help & Support', href: '/helpsupport' },
  { label: 'Contact Us', href: '/contact-us' },
  { label: 'Terms & Conditions', href: '/terms-and-conditions' },
  { label: 'Privacy Policy', href: '/privacy-policy' },
  { label: 'Accessibility', href: '/accessibility' },
] as const;

export function Footer() {
  return (
    <Bar>
      <nav aria-label="Footer">
        <ul className="footer-list">
          {FOOTER_LINKS.map((link) => (
            <li key={link.href}>
              <a className="footer-link" href={link.href}>{link.label}</a>
            </li>
          ))}
        </ul>
      </nav>
    </Bar>
  );
}

const Bar = styled.footer`
  margin-top: auto;
  padding: ${theme.spacing.xl} ${theme.spacing.lg};
  background: ${theme.colors.surfaceAlt};
  border-top: 1px solid ${theme.colors.border};

  :where(.footer-list) {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: ${theme.spacing.xs} ${theme.spacing.sm};
    max-width: ${theme.sizes.contentMaxWidth};
    margin: 0 auto;
    padding: 0;
    list-style: none;

    ${media.up('md')} {
      gap: ${theme.spacing.xs} ${theme.spacing.xl};
    }
  }

  :where(.footer-link) {
    display: inline-flex;
    align-items: center;
    min-height: ${theme.sizes.tapTarget};
    padding: 0 ${theme.spacing.sm};
    color: ${theme.colors.muted};
    font-size: ${theme.fontSizes.sm};
    text-decoration: underline;
    text-underline-offset: 3px;

    &:hover {
      color: ${theme.colors.text};
    }
  }
`;

