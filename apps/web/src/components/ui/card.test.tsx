import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Inbox } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { Card, PageHeading, Section } from './card.tsx';
import { Field, Fields } from './detail-field.tsx';
import { EmptyState, ErrorState } from './query-states.tsx';

describe('the display pieces', () => {
  it('names a card region by its title only when asked, with its action beside the title', () => {
    render(
      <>
        <PageHeading title="My Plans" />
        <Card region title="Plan Information" action={<button type="button">Edit</button>}>
          <Fields>
            <Field label="Premium" value="₹18,250.00" />
            <Field label="Nominee" value={null} />
          </Fields>
        </Card>
        <Card title="Quiet">
          <Section title="Nominee">inside</Section>
        </Card>
      </>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'My Plans' })).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Plan Information' });
    expect(within(card).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(card).getByText('₹18,250.00')).toBeInTheDocument();
    // An empty value reads as a dash (spec §5).
    expect(within(card).getByText('Nominee').nextSibling).toHaveTextContent('—');
    expect(screen.queryByRole('region', { name: 'Quiet' })).toBeNull();
    expect(screen.getByRole('heading', { level: 3, name: 'Nominee' })).toBeInTheDocument();
  });

  it('gives a form card a level-3 heading', () => {
    render(
      <Card region variant="form" title="1. Client">
        x
      </Card>,
    );
    expect(screen.getByRole('heading', { level: 3, name: '1. Client' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '1. Client' })).toBeInTheDocument();
  });
});

describe('the states', () => {
  it('shows a titled error without Retry when there is nothing to retry, with its actions', () => {
    render(
      <ErrorState icon title="No plan details found" actions={<button type="button">Go Back</button>}>
        This plan is not on your record.
      </ErrorState>,
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'No plan details found' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('This plan is not on your record.');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(within(alert).getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it('retries from an error', async () => {
    const retry = vi.fn();
    render(<ErrorState onRetry={retry}>We could not load your plans.</ErrorState>);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('shows an empty box with an icon, its words and its action', () => {
    render(
      <EmptyState icon={Inbox} action={<button type="button">Clear filters</button>}>
        No plans match your search or filters.
      </EmptyState>,
    );
    expect(screen.getByText('No plans match your search or filters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  });
});
