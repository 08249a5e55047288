import { getToken } from './session-storage';

/**
 * "This needs a player": the lobby, the game launch and the in-house games ask for the login form
 * here, without importing the auth feature (features never import each other). The app connects
 * the auth feature's modal once at start (connectLoginPrompt), where it mounts the auth modals.
 */
export type LoginPromptMode = 'login' | 'register';

let showPrompt: ((mode: LoginPromptMode) => void) | null = null;

/** Called once by the app with the function that opens the auth modal on a tab. */
export function connectLoginPrompt(show: (mode: LoginPromptMode) => void): void {
  showPrompt = show;
}

/** Open the login form (or the register tab). */
export function openLoginPrompt(mode: LoginPromptMode = 'login'): void {
  showPrompt?.(mode);
}

/** For actions that need a player: opens the login form for a visitor and returns false. */
export function requireLogin(): boolean {
  if (getToken()) return true;
  openLoginPrompt('login');
  return false;
}
