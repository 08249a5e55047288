import { FEEDBACK_IMAGE_MAX_BYTES, FEEDBACK_MAX_IMAGES } from '@wps/shared/schemas/feedback';

/** The image types a player may attach (the server takes these). */
export const IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg'];

export type ImageProblem = 'IMAGE_TYPE_INVALID' | 'IMAGE_TOO_LARGE' | 'IMAGE_TOO_MANY';

type PickedFile = { type: string; size: number };

/**
 * Check images before they are added to the ones already chosen (feedback, a promotion application: the same limits): png or jpg, 5 MB each, three in
 * all. The problems are the server's own error codes, so one text serves both checks (the server
 * checks the bytes again).
 */
export function findImageProblem(current: readonly PickedFile[], picked: readonly PickedFile[]): ImageProblem | null {
  if (current.length + picked.length > FEEDBACK_MAX_IMAGES) return 'IMAGE_TOO_MANY';
  if (picked.some((file) => !IMAGE_TYPES.includes(file.type))) return 'IMAGE_TYPE_INVALID';
  if (picked.some((file) => file.size > FEEDBACK_IMAGE_MAX_BYTES)) return 'IMAGE_TOO_LARGE';
  return null;
}
