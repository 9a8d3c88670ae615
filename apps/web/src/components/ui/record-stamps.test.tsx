import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RecordStamps } from './record-stamps.tsx';

describe('who added and who last changed a record', () => {
  it('names both, with their roles and Indian dates', () => {
    render(
      <RecordStamps
        added={{ name: 'Kavita Rao', role: 'Agency admin', at: '2026-11-03T06:00:00.000Z' }}
        changed={{ name: 'Arjun Mehta', role: 'Agent', at: '2026-11-20T19:00:00.000Z' }}
      />,
    );
    expect(
      screen.getByText(
        'Added by Kavita Rao (Agency admin) on 03 Nov 2026 · Last changed by Arjun Mehta (Agent) on 21 Nov 2026',
      ),
    ).toBeInTheDocument();
  });

  it('says only when, for a record added by nobody known, and shows nothing without either', () => {
    const { container, rerender } = render(
      <RecordStamps added={{ name: null, role: null, at: '2026-11-03T06:00:00.000Z' }} changed={null} />,
    );
    expect(container).toHaveTextContent(/^Added on 03 Nov 2026$/);
    rerender(<RecordStamps added={null} changed={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
