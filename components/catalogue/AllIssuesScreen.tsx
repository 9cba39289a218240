import Head from 'next/head';
import { useCallback } from 'react';
import styled from 'styled-components';
import type { AllIssuesScreenProps } from '@/lib/catalogue-screens';
import { media } from '@/styles/breakpoints';
import { theme } from '@/styles/theme';
import { TileGrid } from './TileGrid';

/** Every issue of a title, newest first, 20 at a time (/all-issues/{mid}, /q/temp/all-issues/{mid}). */
export function AllIssuesScreen({ magazine, tiles, nbPages, total, libid }: AllIssuesScreenProps) {
  const loadPage = useCallback(
    async (page: number) => {
      const { issueListPage } = await import('@/services/catalogue');
      return issueListPage(magazine.mid, libid, page);
    },
    [magazine.mid, libid],
  );
  return (
    <Page>
      <Head>
        <title>{`${magazine.magName}: all issues | Library Reader`}</title>
      </Head>
      <div>
        <Title>All issues of {magazine.magName}</Title>
        <Sub>
          {total} {total === 1 ? 'issue' : 'issues'} · <a href={magazine.href}>About {magazine.magName}</a>
        </Sub>
      </div>
      <TileGrid key={`${magazine.mid}|${libid}`} label={`Issues of ${magazine.magName}`} first={{ items: tiles, nbPages }} loadPage={loadPage} emptyText="No issues yet." />
    </Page>
  );
}

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.spacing.lg};
  padding: ${theme.spacing.lg};

  ${media.up('md')} {
    padding: ${theme.spacing.xl};
  }
`;

const Title = styled.h1`
  font-size: ${theme.fontSizes.xxl};
  overflow-wrap: anywhere;
`;

const Sub = styled.p`
  color: ${theme.colors.muted};

  a {
    color: ${theme.colors.brand};
  }
`;
