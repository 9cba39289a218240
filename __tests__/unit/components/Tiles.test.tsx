import { screen, within } from '@testing-library/react';
import { CategoryTile } from '@/components/ui/CategoryTile';
import { KeywordChipList } from '@/components/ui/KeywordChip';
import { storyCardMarkup, storyCardWideMarkup } from '@/components/ui/card-markup';
import { innerHtml } from '@/lib/html';
import type { StoryTile } from '@/lib/wire';
import { renderInFrame, renderWithTheme } from './render';

// The story cards are written as text into their list (a story's related stories, the story list, home's row).
const StoryCard = ({ story }: { story: StoryTile }) => <div dangerouslySetInnerHTML={innerHtml(storyCardMarkup(story))} />;
const StoryCardWide = ({ story }: { story: StoryTile }) => <div dangerouslySetInnerHTML={innerHtml(storyCardWideMarkup(story))} />;

const story: StoryTile = {
  imgPath: '/media/stories/5001',
  title: 'The quiet return of the bookshop',
  subTitle: 'Independent stores are opening again',
  readTime: '4 mins',
  browserLinkUrl: '/stories/the-quiet-return-of-the-bookshop',
  key: '5001',
  isShoppable: true,
  shortDesc: 'Across the country, small shops are back.',
  issueName: 'June 2025',
  isNews: false,
  magName: 'Reader Weekly',
};

describe('story cards (card-markup)', () => {
  it('writes the story’s text as text: markup in a title or subtitle is shown, never run', () => {
    const hostile = { ...story, title: '<img src=x onerror=alert(1)>"Quoted"', subTitle: '</p><script>alert(2)</script>', magName: 'A & B', browserLinkUrl: 'javascript:alert(3)' };
    renderInFrame(<StoryCard story={hostile} />);
    const article = screen.getByRole('article');
    expect(article.querySelectorAll('script')).toHaveLength(0);
    expect(article.querySelectorAll('img')).toHaveLength(1);
    const link = within(article).getByRole('link', { name: hostile.title });
    expect(link).toHaveAttribute('href', '#');
    expect(within(article).getByText(hostile.subTitle)).toBeInTheDocument();
    expect(within(article).getByText(/^A & B/)).toBeInTheDocument();
  });

  it('shows a 100x125 image, the title as an h3 link, subtitle, read time, magazine and issue', () => {
    renderInFrame(<StoryCard story={story} />);
    const article = screen.getByRole('article');
    const img = article.querySelector('img');
    expect(img).toHaveAttribute('width', '100');
    expect(img).toHaveAttribute('height', '125');
    expect(img).toHaveAttribute('src', '/media/stories/5001/view/1.jpg');
    const heading = within(article).getByRole('heading', { level: 3 });
    expect(within(heading).getByRole('link', { name: story.title })).toHaveAttribute('href', story.browserLinkUrl);
    expect(within(article).getByText(story.subTitle)).toBeInTheDocument();
    expect(within(article).getByText('4 mins', { exact: false })).toBeInTheDocument();
    expect(within(article).getByText('Reader Weekly · June 2025')).toBeInTheDocument();
  });

  it("marks a shoppable story with 'Shop' and leaves it off otherwise", () => {
    const { rerender } = renderInFrame(<StoryCard story={story} />);
    expect(screen.getByText('Shop')).toBeInTheDocument();
    rerender(<StoryCard story={{ ...story, isShoppable: false }} />);
    expect(screen.queryByText('Shop')).not.toBeInTheDocument();
  });

  it('uses a direct image URL as it is', () => {
    renderInFrame(<StoryCard story={{ ...story, imgPath: 'https://cdn.example.org/a/thumb.jpg' }} />);
    const img = screen.getByRole('article').querySelector('img');
    expect(img).toHaveAttribute('src', 'https://cdn.example.org/a/thumb.jpg');
    expect(img).not.toHaveAttribute('srcset');
  });

  it('shows the short description in the wide variant', () => {
    renderInFrame(<StoryCardWide story={story} />);
    expect(screen.getByText(story.shortDesc)).toBeInTheDocument();
  });
});

describe('CategoryTile', () => {
  it('is one link named by the category, with a fixed-size 1x/2x/3x image', () => {
    renderInFrame(<CategoryTile name="Business" imgPath="/media/categories/9" browserLinkUrl="/magazines/9/en" />);
    const link = screen.getByRole('link', { name: 'Business' });
    expect(link).toHaveAttribute('href', '/magazines/9/en');
    const img = link.querySelector('img');
    expect(img).toHaveAttribute('src', '/media/categories/9/view/1.jpg');
    expect(img?.getAttribute('srcset')).toContain('/media/categories/9/view/3.jpg 3x');
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
  });
});

describe('KeywordChipList', () => {
  it('renders a labelled list of link chips and marks the selected one', () => {
    renderWithTheme(
      <KeywordChipList
        label="Popular Languages"
        chips={[
          { label: 'English', href: '/magazines/BS/en', selected: true },
          { label: 'Hindi', href: '/magazines/BS/hi' },
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Popular Languages' });
    expect(within(list).getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'page');
    expect(within(list).getByRole('link', { name: 'Hindi' })).toHaveAttribute('href', '/magazines/BS/hi');
  });
});
