import { attributes, escapeHtml, html, HtmlFragment, innerHtml, safeHref } from '@/lib/html';

describe('escapeHtml', () => {
  it('escapes the five characters that end text or a quoted attribute value', () => {
    expect(escapeHtml(`Tom & "Jerry" <b>'s</b>`)).toBe('Tom &amp; &quot;Jerry&quot; &lt;b&gt;&#39;s&lt;/b&gt;');
    expect(escapeHtml('plain text · 1 min')).toBe('plain text · 1 min');
  });
});

describe('html', () => {
  it('escapes every value put in, as text and inside attributes', () => {
    const title = '<script>alert(1)</script>';
    const href = '/x" onmouseover="alert(1)';
    const fragment = html`<a href="${href}">${title}</a>`;
    expect(fragment).toBeInstanceOf(HtmlFragment);
    expect(fragment.markup).toBe('<a href="/x&quot; onmouseover=&quot;alert(1)">&lt;script&gt;alert(1)&lt;/script&gt;</a>');
    // What a browser makes of it: one link, its text the title, no other attribute.
    const holder = document.createElement('div');
    holder.innerHTML = fragment.markup;
    expect(holder.querySelectorAll('*')).toHaveLength(1);
    expect(holder.querySelector('a')?.getAttributeNames()).toEqual(['href']);
    expect(holder.textContent).toBe(title);
  });

  it('keeps fragments as they are, writes numbers, joins lists and leaves out false, null and undefined', () => {
    const items = ['a&b', 'c'].map((item) => html`<li>${item}</li>`);
    expect(html`<ul>${items}</ul>${false}${null}${undefined}<p>${3}</p>`.markup).toBe('<ul><li>a&amp;b</li><li>c</li></ul><p>3</p>');
    expect(String(html`<b>${'x'}</b>`)).toBe('<b>x</b>');
  });
});

describe('attributes', () => {
  it('writes the attributes that have a value, escaped, in order', () => {
    expect(attributes({ src: '/a.jpg', srcset: undefined, width: 150, alt: 'Tom "&" Jerry', hidden: true, loading: false, title: '', id: null }).markup).toBe(
      ' src="/a.jpg" width="150" alt="Tom &quot;&amp;&quot; Jerry" hidden',
    );
  });

  it('refuses a name that is not a plain attribute name', () => {
    expect(() => attributes({ 'onclick=alert(1) x': 'y' })).toThrow('not an attribute name');
  });
});

describe('safeHref', () => {
  it('keeps paths on this site, fragments and http(s) addresses, and turns anything else into #', () => {
    expect(safeHref('/stories/a/b')).toBe('/stories/a/b');
    expect(safeHref('#main')).toBe('#main');
    expect(safeHref('https://example.org/x')).toBe('https://example.org/x');
    expect(safeHref('javascript:alert(1)')).toBe('#');
    expect(safeHref(' javascript:alert(1)')).toBe('#');
    expect(safeHref('//evil.example/x')).toBe('#');
    expect(safeHref('data:text/html,x')).toBe('#');
  });
});

describe('innerHtml', () => {
  it('is the prop React sets a fragment with', () => {
    expect(innerHtml(html`<i>${'<'}</i>`)).toEqual({ __html: '<i>&lt;</i>' });
  });
});
