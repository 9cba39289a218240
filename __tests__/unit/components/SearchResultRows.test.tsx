import { screen, within } from '@testing-library/react';
import { Highlight } from '@/components/search/Highlight';
import { magazineRowMarkup, storyRowMarkup } from '@/components/search/result-markup';
import { innerHtml } from '@/lib/html';
import type { SearchResult, StoryResult } from '@/lib/search-results';
import { renderInFrame } from './render';

// The result rows are written as text into their list items (SearchResults).
const Rows = ({ magazine, story }: { magazine?: SearchResult; story?: StoryResult }) => (
  <ul>
    {magazine ? <li dangerouslySetInnerHTML={innerHtml(magazineRowMarkup(magazine))} /> : null}
    {story ? <li dangerouslySetInnerHTML={innerHtml(storyRowMarkup(story))} /> : null}
  </ul>
);

const magazine: SearchResult = {
  name: 'People & Places',
  key: 'm-1',
  href: '/magazine/101',
  imageSrc: '/media/covers/101/view/1.jpg',
  imageSrcSet: '/media/covers/101/view/1.jpg 1x, /media/covers/101/view/2.jpg 2x',
  highlight: '<em>People</em> &amp; Places',
  isGold: true,
};

const story: StoryResult = {
  tile: {
    imgPath: '/media/stories/5001',
    title: 'Where people gather',
    subTitle: '',
    readTime: '4 mins',
    browserLinkUrl: '/stories/where-people-gather',
    key: '5001',
    isShoppable: false,
    shortDesc: '',
    issueName: 'June 2025',
    isNews: false,
    magName: 'Reader Weekly',
  },
  titleHighlight: 'Where <em>people</em> gather',
  snippet: 'Some <em>people</em> say &lt;b&gt;so&lt;/b&gt;',
};

describe('search result rows (result-markup)', () => {
  it('shows a magazine as one link with its cover, its name with the match marked, and Gold', () => {
    renderInFrame(<Rows magazine={magazine} />);
    const link = screen.getByRole('link', { name: 'People & Places Gold' });
    expect(link).toHaveAttribute('href', '/magazine/101');
    const img = link.querySelector('img');
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveAttribute('width', '60');
    expect(img).toHaveAttribute('srcset', magazine.imageSrcSet);
    expect(img).toHaveAttribute('loading', 'lazy');
    expect([...link.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['People']);
    expect(within(link).getByText('Gold')).toBeInTheDocument();
  });

  it('leaves Gold off a magazine that is not', () => {
    renderInFrame(<Rows magazine={{ ...magazine, isGold: false }} />);
    expect(screen.queryByText('Gold')).not.toBeInTheDocument();
  });

  it('shows a story with where it is from, its title as an h3 link, the words around the match and its read time', () => {
    renderInFrame(<Rows story={story} />);
    const heading = screen.getByRole('heading', { level: 3, name: 'Where people gather' });
    expect(within(heading).getByRole('link')).toHaveAttribute('href', '/stories/where-people-gather');
    expect(screen.getByText('Reader Weekly · June 2025')).toBeInTheDocument();
    const snippet = document.querySelector('.snippet')!;
    // Escaped markup in the service's text is shown as text, never run.
    expect(snippet.textContent).toBe('Some people say <b>so</b>');
    expect(snippet.querySelector('b')).toBeNull();
    expect(snippet.querySelector('mark')).toHaveTextContent('people');
    expect(screen.getByText('4 mins', { exact: false })).toBeInTheDocument();
  });

  it('writes hostile text as text: no element, handler or script address comes from a result', () => {
    const hostile: StoryResult = {
      ...story,
      tile: { ...story.tile, magName: '<img src=x onerror=alert(1)>', browserLinkUrl: 'javascript:alert(2)' },
      titleHighlight: '<em><script>alert(3)</script></em>',
      snippet: '<em>"quoted"</em> <img src=y>',
    };
    renderInFrame(<Rows story={hostile} />);
    const item = screen.getByRole('listitem');
    expect(item.querySelectorAll('script')).toHaveLength(0);
    expect(item.querySelectorAll('img')).toHaveLength(1);
    expect(within(item).getByRole('link')).toHaveAttribute('href', '#');
    expect(within(item).getByText(/^<img src=x onerror=alert\(1\)> · June 2025$/)).toBeInTheDocument();
  });

  it('marks the same words as text and as elements (Highlight and its markup agree)', () => {
    renderInFrame(
      <p data-testid="element">
        <Highlight value={story.snippet} />
      </p>,
    );
    const element = screen.getByTestId('element');
    const { container } = renderInFrame(<p dangerouslySetInnerHTML={innerHtml(magazineRowMarkup({ ...magazine, highlight: story.snippet }))} />);
    const written = container.querySelector('.row-title')!;
    expect(written.innerHTML).toBe(element.innerHTML);
  });
});
