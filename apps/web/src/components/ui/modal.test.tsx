import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithQuery } from '../../test/render.tsx';
import { Modal } from './modal.tsx';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open details
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Plan details">
        <p>Inside</p>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('gives focus back to the button that opened it when closed by Escape or its close button', async () => {
    const user = userEvent.setup();
    renderWithQuery(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open details' });

    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Plan details' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();

    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});
