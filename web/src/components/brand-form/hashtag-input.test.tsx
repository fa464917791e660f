import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { HashtagInput } from './hashtag-input';

function Harness({ initial = [] }: { initial?: string[] }) {
  const [hashtags, setHashtags] = useState(initial);
  return (
    <>
      <label htmlFor="tags">Hashtags</label>
      <HashtagInput id="tags" value={hashtags} onChange={setHashtags} />
      <output data-testid="value">{hashtags.join(' ')}</output>
    </>
  );
}

const box = () => screen.getByLabelText('Hashtags') as HTMLInputElement;
const value = () => screen.getByTestId('value').textContent;

function type(text: string) {
  fireEvent.change(box(), { target: { value: text } });
}

describe('HashtagInput', () => {
  it.each([['Enter'], [' '], [',']])('finishes a hashtag on %j and empties the box', (key) => {
    render(<Harness />);
    type('slowfashion');
    fireEvent.keyDown(box(), { key });
    expect(value()).toBe('#slowfashion');
    expect(box().value).toBe('');
  });

  it('finishes a hashtag when the box loses focus', () => {
    render(<Harness />);
    type('#madeinuk');
    fireEvent.blur(box());
    expect(value()).toBe('#madeinuk');
  });

  it('ignores a duplicate', () => {
    render(<Harness initial={['#linen']} />);
    type('Linen');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(value()).toBe('#linen');
    expect(box().value).toBe('');
  });

  it('splits pasted text on spaces and commas', () => {
    render(<Harness />);
    type('one, two three ');
    expect(value()).toBe('#one #two #three');
  });

  it('removes a chip with its button, and the last one with Backspace in an empty box', () => {
    render(<Harness initial={['#one', '#two', '#three']} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove #two' }));
    expect(value()).toBe('#one #three');
    fireEvent.keyDown(box(), { key: 'Backspace' });
    expect(value()).toBe('#one');
    expect(within(screen.getByRole('list', { name: 'Hashtags added' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('explains a hashtag it cannot take and keeps the text', () => {
    render(<Harness />);
    type('no-dashes');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(screen.getByText('Hashtags may contain only letters, numbers and underscores')).toBeTruthy();
    expect(box().value).toBe('no-dashes');
    expect(box().getAttribute('aria-invalid')).toBe('true');
  });
});
