import Head from 'next/head';
import { StoryScreen, type StoryScreenProps } from './StoryScreen';

/** A story page: its title and canonical address in the head, then the story. */
export function StoryPageView(props: StoryScreenProps) {
  return (
    <>
      <Head>
        <title>{`${props.story.title} · ${props.story.magName}`}</title>
        <link rel="canonical" href={props.story.href} />
      </Head>
      <StoryScreen {...props} />
    </>
  );
}
