import type { GetServerSideProps, InferGetServerSidePropsType } from 'next';
import type { ReactElement } from 'react';
import { ReaderRefused } from '@/components/reader/ReaderRefused';
import { ReaderScreen } from '@/components/reader/ReaderScreen';
import { readerProps } from '@/server/reader/pages';
import { withPage } from '@/server/context';

/** /q/temp/tpreader?code={code}&issue={issue}: the reader of libraries that read under /q/temp (the demo's 2083), the same screen as /reader/{code}/{issue}. */
export const getServerSideProps = withPage({ access: 'open' }, (page, ctx) => readerProps(page, ctx, true)) satisfies GetServerSideProps;

export default function TempReaderPage(props: InferGetServerSidePropsType<typeof getServerSideProps>) {
  if ('unavailable' in props) return null;
  return props.screen === 'reader' ? <ReaderScreen code={props.code} issue={props.issue} /> : <ReaderRefused {...props} />;
}

TempReaderPage.getLayout = (page: ReactElement) => page;
