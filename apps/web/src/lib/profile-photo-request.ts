/**
 * Asks the layout's profile popup to open 'Change Profile Picture' (decision 018: the dashboard's
 * first steps lead to it). A window event, because a feature never imports the app's layout.
 */
const PHOTO_REQUEST_EVENT = 'ahente:change-profile-photo';

export function requestProfilePhotoChange(): void {
  window.dispatchEvent(new Event(PHOTO_REQUEST_EVENT));
}

/** Calls `open` whenever a photo change is asked; answers the function that stops listening. */
export function onProfilePhotoRequest(open: () => void): () => void {
  window.addEventListener(PHOTO_REQUEST_EVENT, open);
  return () => window.removeEventListener(PHOTO_REQUEST_EVENT, open);
}
