import { act, render, screen } from '@testing-library/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from './i18n';
import { loadPortuguese } from './test-render';

// Namespaces only these tests add (the instance is shared by the files of a worker).
const ARRIVING = ['i18nTestLanes', 'i18nTestRecords'];

afterEach(() => {
  for (const namespace of ARRIVING) i18n.removeResourceBundle('pt', namespace);
});

/** A namespace that arrives after the first render, as the lazy backend adds it. */
function arrive(namespace: string, strings: Record<string, unknown>) {
  act(() => {
    i18n.addResourceBundle('pt', namespace, strings);
  });
}

/** A translated component that counts its renders, optionally reading another namespace's key. */
function Probe({ onRender, otherKey }: { onRender: () => void; otherKey?: string }) {
  const { t } = useTranslation('common');
  onRender();
  return <output>{otherKey ? t(otherKey) : 'common'}</output>;
}

describe('i18n redraws', () => {
  it('does not re-render translated components when a namespace none of them read arrives', async () => {
    await loadPortuguese();
    const onRender = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <Probe onRender={onRender} />
      </I18nextProvider>,
    );
    const afterFirstRender = onRender.mock.calls.length;

    arrive('i18nTestLanes', { title: 'Jogos' });

    // A page's namespace (or the error texts) arriving used to redraw every translated component
    // on screen, synchronously: a long task on a phone's home page.
    expect(onRender).toHaveBeenCalledTimes(afterFirstRender);
  });

  it('redraws a component that showed a stand-in for another namespace’s string once it arrives', async () => {
    await loadPortuguese();
    render(
      <I18nextProvider i18n={i18n}>
        <Probe onRender={() => {}} otherKey="i18nTestRecords:menu.title" />
      </I18nextProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('menu.title');

    arrive('i18nTestRecords', { menu: { title: 'Registros' } });

    expect(screen.getByRole('status')).toHaveTextContent('Registros');
  });
});
