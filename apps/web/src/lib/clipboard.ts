/**
 * Copy text to the clipboard; false where the browser refuses (an insecure origin, an old browser,
 * a denied permission), so the caller tells the player to select the text on screen instead.
 */
export async function copyText(text: string): Promise<boolean> {
  if (!navigator.clipboard) return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
