import type { RefObject } from 'react';

/**
 * The current text of a named field. The sign-in forms read their fields when they are sent rather than
 * mirroring each key press in state, so text typed before the page's scripts have loaded is kept.
 */
export function fieldValue(form: RefObject<HTMLFormElement | null> | HTMLFormElement | null, name: string): string {
  const element = form && 'current' in form ? form.current : form;
  const field = element?.elements.namedItem(name);
  if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement) return field.value;
  if (field instanceof RadioNodeList) return field.value;
  return '';
}
