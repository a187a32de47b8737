import { atom } from 'nanostores';

/** Whether the "please log in" overlay is open: anything that needs a login opens it. */
export const $loginPromptOpen = atom(false);

export function openLoginPrompt(): void {
  $loginPromptOpen.set(true);
}

export function closeLoginPrompt(): void {
  $loginPromptOpen.set(false);
}
