import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /wps/member/data-export (token): everything the operator holds about the player. */
export function getMyData(): Promise<{ generatedAt: string } & Record<string, unknown>> {
  return apiRequest<{ generatedAt: string } & Record<string, unknown>>('/wps/member/data-export');
}

/** Save the player's data as a JSON file (my-data-<day>.json), as a download would. */
function saveAsFile(data: { generatedAt: string }): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `my-data-${data.generatedAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Fetch the player's data and hand it to the browser as a file; never cached. */
export function useDownloadMyData() {
  return useMutation({ mutationFn: getMyData, onSuccess: saveAsFile });
}
