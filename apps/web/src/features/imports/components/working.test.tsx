import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './working.tsx';

// The commit's bar: rows done of rows as a value and as words, and no false 0 % before the rows are counted.

describe('the import’s progress bar', () => {
  it('shows rows done of rows, as a value with its maximum and as words', () => {
    render(<ProgressBar done={40} total={109} />);
    const bar = screen.getByRole('progressbar', { name: 'Rows imported' });
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '109');
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuetext', '40 of 109 rows');
    expect(screen.getByText('40 of 109 rows')).toBeVisible();
    expect(screen.getByText('36%')).toBeVisible();
  });

  it('has no value, and says no 0 %, before the rows to write are counted', () => {
    render(<ProgressBar done={0} total={0} />);
    const bar = screen.getByRole('progressbar', { name: 'Rows imported' });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(bar).not.toHaveAttribute('aria-valuemax');
    expect(bar).toHaveAttribute('aria-valuetext', 'Counting the rows');
    expect(screen.queryByText(/%$/)).toBeNull();
  });

  it('never shows more done than there are rows', () => {
    render(<ProgressBar done={112} total={109} />);
    const bar = screen.getByRole('progressbar', { name: 'Rows imported' });
    expect(bar).toHaveAttribute('aria-valuenow', '109');
    expect(screen.getByText('109 of 109 rows')).toBeVisible();
    expect(screen.getByText('100%')).toBeVisible();
  });
});
