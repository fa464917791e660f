import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, toast, Toaster } from './toast';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => dismissToast());
    vi.useRealTimers();
  });

  it('shows one toast at a time, the newest replacing the previous', () => {
    render(<Toaster />);
    act(() => toast({ title: 'Brand saved!', description: 'You can find it in your saved brands.' }));
    act(() => toast({ variant: 'destructive', title: 'Error', description: 'Failed to save brand' }));

    const shown = screen.getAllByRole('status');
    expect(shown).toHaveLength(1);
    expect(shown[0]?.textContent).toContain('Failed to save brand');
    expect(shown[0]?.getAttribute('data-variant')).toBe('destructive');
    expect(screen.queryByText('Brand saved!')).toBeNull();
  });

  it('disappears after 5000 ms', () => {
    render(<Toaster />);
    act(() => toast({ title: 'Image uploaded' }));
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(screen.getByText('Image uploaded')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Image uploaded')).toBeNull();
  });

  it('restarts the clock for a replacing toast', () => {
    render(<Toaster />);
    act(() => toast({ title: 'First' }));
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    act(() => toast({ title: 'Second' }));
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(screen.getByText('Second')).toBeTruthy();
  });
});
