import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../lib/test-render';
import { ImageAttachmentsField } from './image-attachments-field';

const png = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });

function Harness({ onChange }: { onChange: (files: File[]) => void }) {
  const [files, setFiles] = useState<File[]>([]);
  return (
    <ImageAttachmentsField
      label="Imagens (até 3)"
      hint="png ou jpg, no máximo 5 MB cada."
      files={files}
      onChange={(next) => {
        setFiles(next);
        onChange(next);
      }}
      max={3}
      removeLabel={(name) => `Remover ${name}`}
    />
  );
}

describe('ImageAttachmentsField', () => {
  it('adds what is picked to what was chosen, previews each and removes one on its button', async () => {
    stubApi({});
    const onChange = vi.fn();
    const { user } = await renderWithProviders(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('Imagens (até 3)');
    expect(input).toHaveAccessibleDescription('png ou jpg, no máximo 5 MB cada.');
    await user.upload(input, png('extrato.png'));
    await user.upload(input, png('recibo.png'));
    expect(onChange.mock.lastCall?.[0].map((f: File) => f.name)).toEqual(['extrato.png', 'recibo.png']);
    expect(screen.getByRole('img', { name: 'extrato.png' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remover extrato.png' }));
    expect(onChange.mock.lastCall?.[0].map((f: File) => f.name)).toEqual(['recibo.png']);
    expect(screen.queryByRole('img', { name: 'extrato.png' })).toBeNull();
  });

  it("refuses too many, another type and a large image with the server's words, and closes when full", async () => {
    stubApi({});
    const onChange = vi.fn();
    const { user } = await renderWithProviders(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('Imagens (até 3)');
    await user.upload(input, [png('a.png'), png('b.png'), png('c.png'), png('d.png')]);
    expect(screen.getByRole('alert')).toHaveTextContent('Imagens demais: no máximo 3.');
    const anyFile = userEvent.setup({ applyAccept: false });
    await anyFile.upload(input, new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Este tipo de imagem não é aceito');
    await user.upload(input, png('big.png', 5 * 1_048_576 + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('A imagem é grande demais.');
    expect(onChange).not.toHaveBeenCalled();
    await user.upload(input, [png('a.png'), png('b.png'), png('c.png')]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input).toBeDisabled();
  });
});
