/**
 * The text a form field holds, read from the form's FormData: what a text input, textarea or
 * select sends. A field that is absent, or that holds a file, reads as ''.
 *
 * @example
 * const alt = formText(new FormData(form), 'alt');
 */
export function formText(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}
