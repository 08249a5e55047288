import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getOperatorMoney, setOperatorMoney } from '../money';
import { buildPermission, createTestQueryClient, loadPortuguese, ok, pending, stubApi } from '../test-render';
import { usePermission } from './get-permission';

function Brand() {
  const { data, isPlaceholderData } = usePermission();
  return <p>{data ? `${data.brand.brandName}${isPlaceholderData ? ' (kept)' : ''}` : 'none'}</p>;
}

function renderBrand() {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <Brand />
    </QueryClientProvider>,
  );
}

const permission = buildPermission();
const stamp = document.createElement('script');

describe('the permission kept for the tab (session cache `settings`)', () => {
  // The app's strings and error formats finish loading before the file ends.
  beforeAll(() => loadPortuguese());
  afterEach(() => {
    stamp.remove();
    sessionStorage.clear();
  });

  it('draws a reload from the kept answer while the fresh one is asked; never from another build or a broken copy', async () => {
    stubApi({ 'GET /wps/system/permission': ok(permission) });
    renderBrand().unmount();
    expect(await waitForKept()).toBeTruthy();

    setOperatorMoney({ currency: 'XXX', scale: 0 });
    stubApi({ 'GET /wps/system/permission': pending });
    const kept = renderBrand();
    expect(screen.getByText(`${permission.brand.brandName} (kept)`)).toBeInTheDocument();
    // Amounts drawn before the fresh answer use the operator's money, not a default.
    expect(getOperatorMoney()).toEqual({ currency: 'BRL', scale: 2 });
    kept.unmount();

    // A deploy changes the entry script's address: the old build's copy is not used.
    stamp.type = 'module';
    stamp.src = '/assets/index-next.js';
    document.head.append(stamp);
    const otherBuild = renderBrand();
    expect(screen.getByText('none')).toBeInTheDocument();
    otherBuild.unmount();
    stamp.remove();
    sessionStorage.setItem('settings', '{"build":"", "data": ');
    renderBrand();
    expect(screen.getByText('none')).toBeInTheDocument();
  });
});

/** The kept copy is written when the fresh answer arrives. */
async function waitForKept(): Promise<string | null> {
  for (let i = 0; i < 50 && !sessionStorage.getItem('settings'); i++) await new Promise((r) => setTimeout(r, 10));
  return sessionStorage.getItem('settings');
}
