import { fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithQuery } from '../../../test/render.tsx';
import { family } from './fixtures.test-kit.ts';
import { SecondaryList } from './secondary-list.tsx';

const members = family([
  {
    secondaryclientid: '00000000-0000-4000-8000-000000000101',
    firstname: 'Arjun',
    lastname: 'Sharma',
    secondaryclientemail: 'arjun@example.in',
    relationship: 'Spouse',
    phonenumber: '9876512345',
  },
  {
    secondaryclientid: '00000000-0000-4000-8000-000000000102',
    firstname: 'Kabir',
    lastname: null,
    secondaryclientemail: null,
    relationship: 'Son',
    phonenumber: null,
  },
]);

function show(list: typeof members) {
  const router = createMemoryRouter([{ path: '*', element: <SecondaryList members={list} /> }]);
  renderWithQuery(<RouterProvider router={router} />);
}

describe('Secondary clients list (spec §2, §5)', () => {
  it('shows initials, relationship, email and phone or Not provided, and View Details', () => {
    show(members);
    expect(screen.getByText('AS')).toBeInTheDocument();
    expect(screen.getByText('Kabir')).toBeInTheDocument();
    expect(screen.getAllByText('Not provided')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'View Details of Arjun Sharma' })).toHaveAttribute(
      'href',
      '/agency-client/dashboard/secondary-clients/00000000-0000-4000-8000-000000000101',
    );
  });

  it('searches full name, email and relationship', () => {
    show(members);
    const search = screen.getByPlaceholderText('Search clients...');
    fireEvent.change(search, { target: { value: 'arjun sharma' } });
    expect(screen.queryByText('Kabir')).not.toBeInTheDocument();
    fireEvent.change(search, { target: { value: 'SON' } });
    expect(screen.getByText('Kabir')).toBeInTheDocument();
    expect(screen.queryByText('Arjun Sharma')).not.toBeInTheDocument();
    fireEvent.change(search, { target: { value: 'example.in' } });
    expect(screen.getByText('Arjun Sharma')).toBeInTheDocument();
    fireEvent.change(search, { target: { value: 'nobody' } });
    expect(screen.getByText('No clients found. Try adjusting your search terms')).toBeInTheDocument();
  });

  it('says when there are no family members at all', () => {
    show([]);
    expect(screen.getByText('No secondary clients associated')).toBeInTheDocument();
  });
});
