import type { GetServerSideProps } from 'next';
import { fixedStoryCategoryHref } from '@/lib/story-routes';
import { siteLayout } from '@/components/shell/siteLayout';

/** /stories has no screen of its own: the Stories link of SPEC §2 opens the cover stories. */
export const getServerSideProps = (async () => ({
  redirect: { destination: fixedStoryCategoryHref('cover'), permanent: false },
})) satisfies GetServerSideProps;

export default function Stories() {
  return null;
}

Stories.getLayout = siteLayout;
