import { fixedStoryCategoryHref } from '@/lib/story-paths';
import { siteLayout } from '@/components/shell/siteLayout';
import { withPage } from '@/server/context';

/** /stories has no screen of its own: the Stories link of SPEC §2 opens the cover stories. */
export const getServerSideProps = withPage({ access: 'open', session: false, withoutDatabase: true }, async () => ({
  redirect: { destination: fixedStoryCategoryHref('cover'), permanent: false },
}));

export default function Stories() {
  return null;
}

Stories.getLayout = siteLayout;
