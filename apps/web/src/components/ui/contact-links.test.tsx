import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button.tsx';
import { ContactLinks } from './contact-links.tsx';

describe('ContactLinks (issue 24 item 12)', () => {
  it('links an e-mail, a phone typed the Indian way, and WhatsApp', () => {
    render(<ContactLinks name="Priya Sharma" email="priya@example.in" phone="+91 98765 43210" />);
    expect(screen.getByRole('link', { name: 'E-mail Priya Sharma at priya@example.in' })).toHaveAttribute(
      'href',
      'mailto:priya@example.in',
    );
    expect(screen.getByRole('link', { name: 'Call Priya Sharma on +91 98765 43210' })).toHaveAttribute(
      'href',
      'tel:+919876543210',
    );
    const chat = screen.getByRole('link', { name: 'WhatsApp Priya Sharma on +91 98765 43210' });
    expect(chat).toHaveAttribute('href', 'https://wa.me/919876543210');
    expect(chat).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('leaves a number it cannot read as text, with no links', () => {
    render(<ContactLinks name="Kabir" phone="Not provided" />);
    expect(screen.getByText('Not provided')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('Button (issue 24 item 13)', () => {
  it('looks unavailable when disabled, and keeps its colour while busy', () => {
    render(
      <>
        <Button disabled>Next</Button>
        <Button busy>Save</Button>
      </>,
    );
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    expect(next.className).toContain('bg-slate-200');
    expect(next.className).not.toContain('bg-primary-700');
    expect(screen.getByRole('button', { name: 'Save' }).className).toContain('bg-primary-700');
  });
});
