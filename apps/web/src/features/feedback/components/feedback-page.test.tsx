import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Feedback } from '@wps/shared/schemas/feedback';
import { fail, ok, pending, renderWithProviders, stubApi } from '../../../lib/test-render';
import { FeedbackPage } from './feedback-page';

// jsdom has no object URLs: the previews get a distinct stand-in each.
beforeAll(() => {
  let n = 0;
  URL.createObjectURL = () => `blob:test-${(n += 1)}`;
  URL.revokeObjectURL = () => {};
});

const png = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'image/png' });

const ANSWERED: Feedback = {
  id: '3',
  questionType: 'withdrawal',
  content: 'Meu saque não chegou até agora.',
  imageCount: 2,
  status: 'answered',
  reply: 'O pagamento foi reenviado.',
  repliedAt: new Date(2026, 10, 22, 16, 45, 0).toISOString(),
  createdAt: new Date(2026, 10, 21, 10, 0, 0).toISOString(),
};

async function renderPage(routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({ 'GET /wps/feedback': ok({ list: [] }), ...routes });
  const view = await renderWithProviders(<FeedbackPage />);
  const text = screen.getByRole('textbox', { name: 'Sua mensagem' });
  const images = screen.getByLabelText('Imagens (até 3)');
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Enviar feedback' }));
  return { ...view, api, text, images, submit };
}

describe('FeedbackPage', () => {
  it('counts the characters and wants 10 to 1000 of them', async () => {
    const { user, text, submit, api } = await renderPage();
    await user.type(text, 'Curto');
    expect(screen.getByText('5 / 1000')).toBeInTheDocument();
    await submit();
    expect(await screen.findByText('Escreva entre 10 e 1000 caracteres.')).toBeInTheDocument();
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT /wps/feedback')).toHaveLength(0);
  });

  it('sends the type, the text and the images, then starts again', async () => {
    const { user, text, images, submit, api } = await renderPage({ 'PUT /wps/feedback': ok(ANSWERED) });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tipo de questão' }), 'Saque');
    await user.type(text, 'Meu saque não chegou até agora.');
    await user.upload(images, [png('extrato.png'), png('recibo.png')]);
    expect(screen.getByRole('img', { name: 'extrato.png' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remover recibo.png' }));
    expect(screen.queryByRole('img', { name: 'recibo.png' })).not.toBeInTheDocument();
    await submit();
    expect(await screen.findByRole('status')).toHaveTextContent('Obrigado: seu feedback foi enviado.');
    const form = api.callsTo('PUT /wps/feedback')[0]!.body as FormData;
    expect(form.get('questionType')).toBe('withdrawal');
    expect(form.get('content')).toBe('Meu saque não chegou até agora.');
    expect(
      Array.from(form.values())
        .filter((v): v is File => v instanceof File)
        .map((f) => f.name),
    ).toEqual(['extrato.png']);
    expect(text).toHaveValue('');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('refuses a fourth image, another type and an image above 5 MB', async () => {
    const { user, images } = await renderPage();
    await user.upload(images, [png('a.png'), png('b.png'), png('c.png'), png('d.png')]);
    expect(screen.getByRole('alert')).toHaveTextContent('Imagens demais: no máximo 3.');
    const anyFile = userEvent.setup({ applyAccept: false, delay: null });
    await anyFile.upload(images, new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Este tipo de imagem não é aceito');
    await user.upload(images, png('big.png', 5 * 1_048_576 + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('A imagem é grande demais.');
    await user.upload(images, [png('a.png'), png('b.png'), png('c.png')]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(images).toBeDisabled();
  });

  it("shows the server's refusal as an error notice and keeps the text", async () => {
    const { user, text, submit } = await renderPage({ 'PUT /wps/feedback': fail('TOO_MANY_REQUESTS', 429) });
    await user.type(text, 'Uma mensagem longa o bastante.');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Pedidos demais. Tente novamente em 5 minutos.');
    expect(text).toHaveValue('Uma mensagem longa o bastante.');
  });
});

describe('MyFeedbackList', () => {
  it('shows loading, then the empty note', async () => {
    const { unmount } = await renderPage({ 'GET /wps/feedback': pending });
    expect(screen.getByText('Carregando seu feedback')).toBeInTheDocument();
    unmount();
    await renderPage();
    expect(await screen.findByText('Você ainda não enviou nenhum feedback.')).toBeInTheDocument();
  });

  it('lists each feedback with its type, status, dates, image count and the answer', async () => {
    await renderPage({
      'GET /wps/feedback': ok({
        list: [
          ANSWERED,
          { ...ANSWERED, id: '2', questionType: 'game', status: 'open', reply: null, repliedAt: null, imageCount: 1 },
        ],
      }),
    });
    const [answered, open] = await screen.findAllByTestId('feedback-item');
    expect(answered).toHaveTextContent('Saque');
    expect(answered).toHaveTextContent('Respondido');
    expect(within(answered!).getByText('21/11/2026, 10:00:00')).toBeInTheDocument();
    expect(answered).toHaveTextContent('2 imagens');
    expect(answered).toHaveTextContent('Nossa resposta · 22/11/2026, 16:45:00');
    expect(answered).toHaveTextContent('O pagamento foi reenviado.');
    expect(open).toHaveTextContent('Jogo');
    expect(open).toHaveTextContent('Aberto');
    expect(open).toHaveTextContent('1 imagem');
    expect(open).not.toHaveTextContent('Nossa resposta');
  });
});
