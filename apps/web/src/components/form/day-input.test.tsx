import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../lib/test-render';
import { DayInput } from './day-input';

function Harness({ onChange, optional }: { onChange: (day: string) => void; optional?: boolean }) {
  const [day, setDay] = useState('2026-11-01');
  return (
    <>
      <label htmlFor="d">Desde</label>
      <DayInput
        id="d"
        value={day}
        max="2026-11-29"
        optional={optional}
        onChange={(next) => {
          setDay(next);
          onChange(next);
        }}
      />
    </>
  );
}

describe('DayInput', () => {
  it('shows dd/mm/aaaa, puts the slashes in, and gives the day once it is whole', async () => {
    stubApi({});
    const onChange = vi.fn();
    const { user } = await renderWithProviders(<Harness onChange={onChange} />);
    const field = screen.getByLabelText('Desde');
    expect(field).toHaveValue('01/11/2026');
    expect(field).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    await user.clear(field);
    await user.type(field, '150820');
    expect(field).toHaveValue('15/08/20');
    expect(onChange).not.toHaveBeenCalled();
    await user.type(field, '26');
    expect(onChange).toHaveBeenLastCalledWith('2026-08-15');
  });

  it('puts back the day when a half-typed, impossible or out-of-range one is left', async () => {
    stubApi({});
    const onChange = vi.fn();
    const { user } = await renderWithProviders(<Harness onChange={onChange} />);
    const field = screen.getByLabelText('Desde');
    for (const typed of ['3102', '31022026', '01122026']) {
      await user.clear(field);
      await user.type(field, typed);
      fireEvent.blur(field);
      expect(field).toHaveValue('01/11/2026');
    }
    expect(onChange).not.toHaveBeenCalled();
  });

  it('may be cleared where no day is a choice', async () => {
    stubApi({});
    const onChange = vi.fn();
    const { user } = await renderWithProviders(<Harness onChange={onChange} optional />);
    await user.clear(screen.getByLabelText('Desde'));
    expect(onChange).toHaveBeenLastCalledWith('');
  });
});
