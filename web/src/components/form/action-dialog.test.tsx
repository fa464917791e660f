import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ActionDialog, type ActionDialogProps, type ActionOutcome } from './action-dialog';

/** An action whose outcome the test decides, after looking at the dialog while it runs. */
function controlledAction() {
  let settle: (outcome: ActionOutcome) => void = () => undefined;
  const onConfirm = vi.fn(
    (_reason: string) =>
      new Promise<ActionOutcome>((resolve) => {
        settle = resolve;
      }),
  );
  return { onConfirm, settle: (outcome: ActionOutcome) => act(async () => settle(outcome)) };
}

const hide: Omit<ActionDialogProps, 'onConfirm' | 'onOpenChange'> = {
  title: 'Hide review by Bob S.',
  description: 'The review leaves the hunter’s public page.',
  reason: { maxLength: 500, placeholder: 'e.g. Personal details', requiredMessage: 'Give a reason' },
  confirmLabel: 'Hide review',
  pendingLabel: 'Hiding…',
};

const dialog = () => screen.getByRole('dialog', { name: 'Hide review by Bob S.' });
const confirm = () => fireEvent.click(within(dialog()).getByRole('button', { name: /Hide review|Hiding…/ }));
const typeReason = (text: string) =>
  fireEvent.change(within(dialog()).getByLabelText('Reason'), { target: { value: text } });

describe('ActionDialog', () => {
  it('refuses a blank reason before anything is sent, and sends the reason trimmed', async () => {
    const action = controlledAction();
    render(<ActionDialog {...hide} onConfirm={action.onConfirm} onOpenChange={() => undefined} />);
    typeReason('   ');
    confirm();
    expect(within(dialog()).getByRole('alert').textContent).toBe('Give a reason');
    expect(within(dialog()).getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(action.onConfirm).not.toHaveBeenCalled();

    typeReason('  Personal details  ');
    confirm();
    expect(action.onConfirm).toHaveBeenCalledWith('Personal details');
    expect(within(dialog()).queryByRole('alert')).toBeNull();
    await action.settle('done');
  });

  it('says it is working while the action runs, and cannot be confirmed twice meanwhile', async () => {
    const action = controlledAction();
    render(<ActionDialog {...hide} onConfirm={action.onConfirm} onOpenChange={() => undefined} />);
    typeReason('Personal details');
    confirm();
    const working = within(dialog()).getByRole('button', { name: 'Hiding…' });
    expect(working.hasAttribute('disabled')).toBe(true);
    await action.settle({ problem: 'The review was already hidden' });
    expect(within(dialog()).getByRole('button', { name: 'Hide review' }).hasAttribute('disabled')).toBe(false);
  });

  it("shows the server's refusal under the reason and keeps what was typed", async () => {
    const action = controlledAction();
    render(<ActionDialog {...hide} onConfirm={action.onConfirm} onOpenChange={() => undefined} />);
    typeReason('Personal details');
    confirm();
    await action.settle({ problem: 'The review was already hidden' });
    const reason = within(dialog()).getByLabelText('Reason');
    expect(within(dialog()).getByRole('alert').textContent).toBe('The review was already hidden');
    expect(reason.getAttribute('aria-describedby')).toBe(within(dialog()).getByRole('alert').parentElement!.id);
    expect((reason as HTMLTextAreaElement).value).toBe('Personal details');
  });

  it('starts afresh once the action is done, and says nothing of a dropped one', async () => {
    const action = controlledAction();
    function Reopened() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <ActionDialog {...hide} open={open} onOpenChange={setOpen} onConfirm={action.onConfirm} />
        </>
      );
    }
    render(<Reopened />);
    typeReason('Personal details');
    confirm();
    await action.settle('dropped');
    expect(within(dialog()).queryByRole('alert')).toBeNull();
    expect((within(dialog()).getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('Personal details');

    // Closed and opened again, a half-written reason is still there.
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect((within(dialog()).getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('Personal details');

    confirm();
    await action.settle('done');
    expect((within(dialog()).getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('');
  });

  it("runs the other fields' checks with the reason's, showing every message at once", () => {
    const onConfirm = vi.fn(() => Promise.resolve<ActionOutcome>('done'));
    function WithChoice() {
      const [missing, setMissing] = useState(false);
      return (
        <ActionDialog
          {...hide}
          onOpenChange={() => undefined}
          onConfirm={onConfirm}
          validate={() => {
            setMissing(true);
            return false;
          }}
        >
          {missing ? <p role="alert">Choose one</p> : null}
        </ActionDialog>
      );
    }
    render(<WithChoice />);
    confirm();
    expect(
      within(dialog())
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual(['Choose one', 'Give a reason']);
    typeReason('Personal details');
    confirm();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('without a reason, shows a refusal above the buttons, and waits for a choice when told to', async () => {
    const action = controlledAction();
    const { rerender } = render(
      <ActionDialog
        {...hide}
        reason={undefined}
        canConfirm={false}
        onConfirm={action.onConfirm}
        onOpenChange={() => undefined}
      />,
    );
    expect(within(dialog()).getByRole('button', { name: 'Hide review' }).hasAttribute('disabled')).toBe(true);
    rerender(<ActionDialog {...hide} reason={undefined} onConfirm={action.onConfirm} onOpenChange={() => undefined} />);
    confirm();
    expect(action.onConfirm).toHaveBeenCalledWith('');
    await action.settle({ problem: 'That time has gone' });
    expect(within(dialog()).getByRole('alert').textContent).toBe('That time has gone');
    expect(within(dialog()).queryByRole('textbox')).toBeNull();
  });

  it('closes on its cancel button, named as the caller says', () => {
    const onOpenChange = vi.fn();
    render(<ActionDialog {...hide} cancelLabel="Keep booking" onConfirm={vi.fn()} onOpenChange={onOpenChange} />);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Keep booking' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('counts the characters under the field, or beside its label as the forms do', () => {
    const { rerender } = render(
      <ActionDialog
        {...hide}
        reason={{ ...hide.reason!, maxLength: 1000, counter: 'below' }}
        onConfirm={vi.fn()}
        onOpenChange={() => undefined}
      />,
    );
    typeReason('Twelve chars');
    expect(within(dialog()).getByText('12 / 1000')).toBeTruthy();
    rerender(
      <ActionDialog
        {...hide}
        reason={{ ...hide.reason!, label: 'What happened?', maxLength: 1000, counter: 'beside-label' }}
        onConfirm={vi.fn()}
        onOpenChange={() => undefined}
      />,
    );
    expect(within(dialog()).getByText('12 / 1,000')).toBeTruthy();
    expect(within(dialog()).getByLabelText('What happened?')).toBeTruthy();
  });
});
