import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateField } from './date-field.tsx';

// Issue 24 item 6: the native date input showed mm/dd/yyyy in an en-IN browser and saved 01/04/2014 as
// 4 January. The field takes the day first, says what it understood, and hands its form an ISO date.

function Harness({ initial = '', min }: { initial?: string; min?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <form>
      <DateField
        label="Start Date"
        name="start_date"
        value={value}
        min={min}
        onChange={(e) => setValue(e.target.value)}
      />
      <output aria-label="held">{value}</output>
      <button type="button" onClick={() => setValue('2026-11-21')}>
        Load stored plan
      </button>
    </form>
  );
}

const held = () => screen.getByRole('status', { name: 'held' });

describe('DateField', () => {
  it.each([
    ['01/04/2014', '01/04/2014'],
    ['1-4-2014', '01/04/2014'],
    ['01.04.2014', '01/04/2014'],
    ['1-Apr-2014', '01/04/2014'],
    ['01 apr 2014', '01/04/2014'],
  ])('reads %j as 1 April 2014 and shows it as %s once left', async (typed, shown) => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Start Date');
    expect(input).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    expect(input).toHaveAccessibleDescription('DD/MM/YYYY');
    await user.type(input, typed);
    expect(input).toHaveAccessibleDescription('1 April 2014');
    expect(held()).toHaveTextContent('2014-04-01');
    await user.tab();
    expect(input).toHaveValue(shown);
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('says an impossible date is one, naming the field, once the user leaves it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Start Date');
    await user.type(input, '31/02/2020');
    // Still typing: no error yet, and the form does not hold a date.
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(held()).toHaveTextContent('31/02/2020');
    await user.tab();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Start Date must be a real date: February 2020 has 29 days.');
    await user.clear(input);
    await user.type(input, '29/02/2020');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('29 February 2020');
    expect(held()).toHaveTextContent('2020-02-29');
  });

  it('shows a date the form puts in, day first', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2014-04-01" />);
    expect(screen.getByLabelText('Start Date')).toHaveValue('01/04/2014');
    await user.click(screen.getByRole('button', { name: 'Load stored plan' }));
    expect(screen.getByLabelText('Start Date')).toHaveValue('21/11/2026');
    expect(screen.getByLabelText('Start Date')).toHaveAccessibleDescription('21 November 2026');
  });

  it('opens a calendar by keyboard on the date held, picks a day with the keys and gives focus back', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2014-04-01" />);
    await user.tab();
    await user.tab();
    const open = screen.getByRole('button', { name: 'Open calendar' });
    expect(open).toHaveFocus();
    expect(open).toHaveAccessibleDescription('Start Date');
    await user.keyboard('{Enter}');
    const calendar = await screen.findByRole('dialog', { name: 'Start Date: calendar' });
    // Weeks start on Sunday, as en-IN's calendar has them.
    const weekdays = within(calendar)
      .getAllByRole('columnheader', { hidden: true })
      .map((h) => h.getAttribute('aria-label'));
    expect(weekdays[0]).toBe('Sunday');
    await waitFor(() =>
      expect(within(calendar).getByRole('button', { name: /\b1 April 2014/ })).toHaveFocus(),
    );
    await user.keyboard('{ArrowRight}{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(held()).toHaveTextContent('2014-04-02');
    expect(screen.getByLabelText('Start Date')).toHaveValue('02/04/2014');
    await waitFor(() => expect(open).toHaveFocus());

    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Start Date: calendar' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(held()).toHaveTextContent('2014-04-02');
    await waitFor(() => expect(open).toHaveFocus());
  });

  it('offers no day before its earliest', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2026-11-21" min="2026-11-20" />);
    await user.click(screen.getByRole('button', { name: 'Open calendar' }));
    const calendar = await screen.findByRole('dialog', { name: 'Start Date: calendar' });
    expect(within(calendar).getByRole('button', { name: /19 November 2026/ })).toBeDisabled();
    expect(within(calendar).getByRole('button', { name: /20 November 2026/ })).toBeEnabled();
  });
});
