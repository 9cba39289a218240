import Link from 'next/link';
import styled from 'styled-components';
import { OfflineDownloads } from '@/components/offline/OfflineDownloads';
import type { AccountSummary } from '@/lib/wire';
import { media } from '@/styles/breakpoints';
import { theme } from '@/styles/theme';
import { DashboardLayout } from './DashboardLayout';

export interface DashboardScreenProps {
  account: AccountSummary;
  favouriteCount: number;
  helpEmail: string;
}

/** /dashboard: who is reading, through which library until when, and the member's own pages. */
export function DashboardScreen({ account, favouriteCount, helpEmail }: DashboardScreenProps) {
  const name = [account.firstName, account.lastName].filter(Boolean).join(' ') || 'User';
  const cards = [
    { href: '/dashboard/myAccount', title: 'My Account', text: 'Your name, email, mobile number and library.' },
    {
      href: '/dashboard/myFavorites',
      title: 'My Favorites',
      text: favouriteCount === 0 ? 'No favourites yet: keep the magazines you follow in one place.' : `${favouriteCount} favourite ${favouriteCount === 1 ? 'magazine' : 'magazines'} with their latest issues.`,
    },
    ...(account.hasPassword ? [{ href: '/dashboard/manage-password', title: 'Manage Password', text: 'Change the password you sign in with.' }] : []),
    { href: '/accesscode', title: 'Access code', text: 'Join another library with a code it gave you.' },
  ];
  return (
    <DashboardLayout title={`Hello, ${name}`} current="/dashboard" showPassword={account.hasPassword}>
      <Summary>
        {account.libraryName
          ? `You read through ${account.libraryName}${account.membershipEnds ? ` until ${account.membershipEnds}` : ''}.`
          : 'Your account is not linked to a library yet.'}
      </Summary>
      <Cards>
        {cards.map((card) => (
          <li key={card.href}>
            <Card href={card.href}>
              <strong>{card.title}</strong>
              <span>{card.text}</span>
            </Card>
          </li>
        ))}
        <li>
          <Card as="a" href={`mailto:${helpEmail}`}>
            <strong>Help</strong>
            <span>Write to {helpEmail}.</span>
          </Card>
        </li>
      </Cards>
      <OfflineDownloads />
    </DashboardLayout>
  );
}

const Summary = styled.p`
  font-size: ${theme.fontSizes.lg};
`;

const Cards = styled.ul`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.spacing.lg};
  margin: ${theme.spacing.xl} 0;
  padding: 0;
  list-style: none;

  ${media.up('md')} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }

  ${media.up('xl')} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Card = styled(Link)`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.xs};
  height: 100%;
  padding: ${theme.spacing.xl};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  color: ${theme.colors.text};
  text-decoration: none;
  overflow-wrap: anywhere;

  strong {
    font-size: ${theme.fontSizes.lg};
    color: ${theme.colors.brand};
  }

  span {
    color: ${theme.colors.muted};
  }

  &:hover {
    background: ${theme.colors.surfaceAlt};
  }
`;
