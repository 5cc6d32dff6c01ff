import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LinkedText } from './linked-text.js';

afterEach(() => cleanup());

describe('LinkedText', () => {
  it('links each web address, shows a long one truncated to 15 characters and keeps the rest of the text', () => {
    const { container } = render(
      <p>
        <LinkedText text="Plans at https://files.example.com/plans/set-2.pdf, and the city's form: http://city.gov." />
      </p>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['https://files.e...', 'http://city.gov']);
    expect(links[0]?.getAttribute('href')).toBe('https://files.example.com/plans/set-2.pdf');
    expect(links[0]?.getAttribute('title')).toBe('https://files.example.com/plans/set-2.pdf');
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(container.textContent).toBe("Plans at https://files.e..., and the city's form: http://city.gov.");
  });

  it('never links other schemes', () => {
    render(<p><LinkedText text="javascript:alert(1) and data:text/html,hi" /></p>);
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });
});
