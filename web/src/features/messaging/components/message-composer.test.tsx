import { MESSAGE_LIMITS } from '@hunted/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MessageComposer } from './message-composer';

describe('MessageComposer', () => {
  it('counts the characters near the limit, beside the box, and keeps Send off beyond it', () => {
    const onSend = vi.fn(() => Promise.resolve(true));
    render(<MessageComposer onSend={onSend} sending={false} />);
    const box = screen.getByLabelText('Message');
    const send = screen.getByRole('button', { name: 'Send' });

    fireEvent.change(box, { target: { value: 'x'.repeat(MESSAGE_LIMITS.maxLength - 201) } });
    expect(box.getAttribute('aria-describedby')).toBeNull();

    fireEvent.change(box, { target: { value: 'x'.repeat(MESSAGE_LIMITS.maxLength + 1) } });
    const counterId = box.getAttribute('aria-describedby')!;
    expect(document.getElementById(counterId)?.textContent).toBe('2,001 / 2,000');
    expect(send).toHaveProperty('disabled', true);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('clears the box at once on Enter, and puts the text back when the send fails', async () => {
    let answer: (taken: boolean) => void = () => undefined;
    const onSend = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    render(<MessageComposer onSend={onSend} sending={false} />);
    const box = screen.getByLabelText('Message');
    fireEvent.change(box, { target: { value: 'Hello there' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('Hello there');
    expect(box).toHaveProperty('value', '');
    answer(false);
    await waitFor(() => expect(box).toHaveProperty('value', 'Hello there'));
  });

  it('does not send while a send is on its way', () => {
    const onSend = vi.fn(() => Promise.resolve(true));
    render(<MessageComposer onSend={onSend} sending />);
    const box = screen.getByLabelText('Message');
    fireEvent.change(box, { target: { value: 'Twice?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveProperty('value', 'Twice?');
  });
});
