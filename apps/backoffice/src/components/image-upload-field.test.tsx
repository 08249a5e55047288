import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, setupUser } from '../lib/test-render';
import { ImageUploadField } from './image-upload-field';

const image = (name: string, type: string, size = 4) => new File([new Uint8Array(size)], name, { type });

describe('ImageUploadField', () => {
  it('reads a png, jpg or webp as a data: URL for the form', async () => {
    const onImage = vi.fn();
    renderWithApp(<ImageUploadField label="Imagem" hint="png, jpg ou webp" onImage={onImage} />);
    const user = setupUser();
    const input = screen.getByLabelText('Imagem');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
    await user.upload(input, image('banner.webp', 'image/webp'));
    await vi.waitFor(() => expect(onImage).toHaveBeenCalledWith(expect.stringMatching(/^data:image\/webp;base64,/)));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("refuses another type and a file above 2 MB with the server's words, before any upload", async () => {
    const onImage = vi.fn();
    renderWithApp(<ImageUploadField label="Imagem" onImage={onImage} error="Escolha uma imagem" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Escolha uma imagem');
    const anyFile = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText('Imagem');
    await anyFile.upload(input, image('a.gif', 'image/gif'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Este tipo de imagem não é aceito');
    await anyFile.upload(input, image('big.png', 'image/png', 2 * 1024 * 1024 + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('A imagem é grande demais.');
    expect(onImage).not.toHaveBeenCalled();
  });
});
