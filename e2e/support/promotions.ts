import { expect, type APIRequestContext } from '@playwright/test';

type Words = { title: string; bodyHtml: string };

/** An operator call through the ops API (the bearer token of an operator signed in by operatorLogin). */
export async function opsCall<T>(
  request: APIRequestContext,
  baseURL: string,
  token: string,
  method: 'PUT' | 'POST',
  url: string,
  data: unknown,
): Promise<T> {
  const response = await request.fetch(`${baseURL}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  const body = (await response.json()) as { success: boolean; value: T };
  expect(body.success, `${method} ${url}: ${JSON.stringify(body)}`).toBe(true);
  return body.value;
}

/**
 * A promotion written and published through the ops API, as the content screens would (their own
 * suite covers those screens); the id of the published item.
 */
export async function publishPromotion(
  request: APIRequestContext,
  baseURL: string,
  token: string,
  { groupCode, translations, reason }: { groupCode: string; translations: { PT: Words; EN: Words }; reason: string },
): Promise<string> {
  const item = await opsCall<{ id: string }>(request, baseURL, token, 'PUT', '/ops/content', {
    kind: 'promotion',
    groupCode,
    sortOrder: 0,
    publishFrom: null,
    publishUntil: null,
    linkage: null,
    imageName: null,
    translations,
    reason,
  });
  await opsCall(request, baseURL, token, 'PUT', `/ops/content/${item.id}/status`, {
    status: 'published',
    reason: 'go live',
  });
  return item.id;
}
