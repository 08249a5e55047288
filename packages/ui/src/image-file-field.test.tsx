import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ImageFileField } from './image-file-field';

const png = (name: string) => new File([new Uint8Array(4)], name, { type: 'image/png' });

describe('ImageFileField', () => {
  it('gives the picked files, emptied after so the same file can come again', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(
      <ImageFileField label="Imagens" accept={['image/png', 'image/jpeg']} multiple onPick={onPick} hint="png ou jpg">
        <p>escolhidas</p>
      </ImageFileField>,
    );
    const input = screen.getByLabelText('Imagens');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg');
    expect(input).toHaveAccessibleDescription('png ou jpg');
    await user.upload(input, [png('a.png'), png('b.png')]);
    expect(onPick).toHaveBeenCalledWith([
      expect.objectContaining({ name: 'a.png' }),
      expect.objectContaining({ name: 'b.png' }),
    ]);
    expect((input as HTMLInputElement).value).toBe('');
    expect(screen.getByText('escolhidas')).toBeInTheDocument();
  });

  it('announces its error beside the rules and marks the input', () => {
    render(
      <ImageFileField label="Imagem" accept={['image/png']} onPick={vi.fn()} hint="png, 2 MB" error="Grande demais" />,
    );
    const input = screen.getByLabelText('Imagem');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).not.toHaveAttribute('multiple');
    expect(screen.getByRole('alert')).toHaveTextContent('Grande demais');
    expect(input).toHaveAccessibleDescription('Grande demais png, 2 MB');
  });

  it('takes nothing while disabled', () => {
    render(<ImageFileField label="Imagem" accept={['image/png']} onPick={vi.fn()} disabled />);
    expect(screen.getByLabelText('Imagem')).toBeDisabled();
  });
});
