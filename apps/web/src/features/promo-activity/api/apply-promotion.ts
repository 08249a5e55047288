import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Activity, PromoApplyFields } from '@wps/shared/schemas/promo';
import { apiRequest } from '../../../lib/api-client';
import { PROMO_QUERY_KEY } from './list-activities';

export type ApplyInput = PromoApplyFields & { images: readonly File[] };

/** POST /wps/promo/apply (token, multipart): the fields first, then 0–3 images, as the server streams them. */
export function applyPromotion({ promotionId, comment, images }: ApplyInput): Promise<Activity> {
  const form = new FormData();
  form.append('promotionId', promotionId);
  form.append('comment', comment);
  for (const image of images) form.append('images', image, image.name);
  return apiRequest<Activity>('/wps/promo/apply', { method: 'POST', body: form });
}

/** Applying moves the status to Applying. */
export function useApplyPromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyPromotion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROMO_QUERY_KEY }),
  });
}
