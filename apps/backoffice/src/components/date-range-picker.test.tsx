import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, setupUser } from '../lib/test-render';
import type { InstantRange } from '../lib/zoned-days';
import { DateRangePicker } from './date-range-picker';

// 15 March 2026, midday in São Paulo (UTC−3): "today" there is the 15th. Only Date is faked, so
// the user events keep their real (zero-delay) timers.
const NOW = new Date('2026-03-15T15:00:00Z');

function Harness({ initial = null, onChange }: { initial?: InstantRange | null; onChange: (r: InstantRange) => void }) {
  const [value, setValue] = useState<InstantRange | null>(initial);
  return (
    <DateRangePicker
      label="Período"
      value={value}
      onChange={(range) => {
        onChange(range);
        setValue(range);
      }}
    />
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
  window.localStorage.clear();
});

describe('DateRangePicker', () => {
  it('says "any time" until a range is chosen', () => {
    renderWithApp(<Harness onChange={vi.fn()} />);
    expect(screen.getByRole('group', { name: 'Período' })).toHaveTextContent('Qualquer data');
    for (const name of ['Hoje', 'Ontem', 'Últimos 7 dias', 'Últimos 30 dias'])
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
  });

  it('hands yesterday over as São Paulo instants (03:00Z to 03:00Z) and marks the preset', async () => {
    const user = setupUser();
    const onChange = vi.fn();
    renderWithApp(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Ontem' }));
    expect(onChange).toHaveBeenCalledWith({ from: '2026-03-14T03:00:00.000Z', to: '2026-03-15T03:00:00.000Z' });
    expect(screen.getByRole('button', { name: 'Ontem' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('De 14 de mar. de 2026 a 14 de mar. de 2026')).toBeInTheDocument();
  });

  it('covers the last 7 days up to the end of today', async () => {
    const user = setupUser();
    const onChange = vi.fn();
    renderWithApp(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Últimos 7 dias' }));
    expect(onChange).toHaveBeenCalledWith({ from: '2026-03-09T03:00:00.000Z', to: '2026-03-16T03:00:00.000Z' });
  });

  it('applies two days picked in the calendar, and not before a first day is picked', async () => {
    const user = setupUser();
    const onChange = vi.fn();
    renderWithApp(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Escolher datas…' }));
    expect(screen.getByRole('button', { name: 'Escolher datas…' })).toHaveAttribute('aria-expanded', 'true');
    const apply = screen.getByRole('button', { name: 'Aplicar' });
    expect(apply).toBeDisabled();
    const grid = screen.getByRole('grid');
    await user.click(within(grid).getByText('3'));
    await user.click(within(grid).getByText('5'));
    await user.click(apply);
    expect(onChange).toHaveBeenCalledWith({ from: '2026-03-03T03:00:00.000Z', to: '2026-03-06T03:00:00.000Z' });
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(screen.getByText('De 3 de mar. de 2026 a 5 de mar. de 2026')).toBeInTheDocument();
  });

  it('does not offer days after today', async () => {
    const user = setupUser();
    renderWithApp(<Harness onChange={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Escolher datas…' }));
    const grid = screen.getByRole('grid');
    expect(within(grid).getByText('16').closest('button')).toBeDisabled();
    expect(within(grid).getByText('15').closest('button')).toBeEnabled();
  });

  it('cancelling the calendar changes nothing', async () => {
    const user = setupUser();
    const onChange = vi.fn();
    renderWithApp(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Escolher datas…' }));
    await user.click(within(screen.getByRole('grid')).getByText('3'));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('Qualquer data')).toBeInTheDocument();
  });

  it('keeps the same days when the time zone changes, read in the new zone', async () => {
    const user = setupUser();
    const onChange = vi.fn();
    renderWithApp(
      <Harness initial={{ from: '2026-03-14T03:00:00.000Z', to: '2026-03-15T03:00:00.000Z' }} onChange={onChange} />,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Fuso horário' }), 'UTC');
    expect(onChange).toHaveBeenCalledWith({ from: '2026-03-14T00:00:00.000Z', to: '2026-03-15T00:00:00.000Z' });
    expect(screen.getByRole('button', { name: 'Ontem' })).toHaveAttribute('aria-pressed', 'true');
  });
});
